/* The raw floor: one process pair exchanging one short line each way over pipes, N times.
 * Prints round trips per second and microseconds per round trip. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200000;
    int down[2], up[2];
    if (pipe(down) || pipe(up)) return 1;
    pid_t pid = fork();
    if (pid == 0) {
        char b[64];
        close(down[1]); close(up[0]);
        for (;;) {
            ssize_t r = read(down[0], b, sizeof b);
            if (r <= 0) _exit(0);
            if (write(up[1], "move 1A\n", 8) != 8) _exit(1);
        }
    }
    close(down[0]); close(up[1]);
    char b[64];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < n; i++) {
        if (write(down[1], "go p1time 1000\n", 15) != 15) return 1;
        if (read(up[0], b, sizeof b) <= 0) return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    close(down[1]);
    waitpid(pid, NULL, 0);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("pingpong: round_trips=%ld round_trips_per_s=%.0f us_per_round_trip=%.2f\n", n, n / s, s * 1e6 / n);
    return 0;
}
