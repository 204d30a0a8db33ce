/* The raw floor: one process pair exchanging one short line each way over pipes, N times.
 * Prints round trips per second and microseconds per round trip, and the parent's CPU.
 *
 * usage: pingpong [N] [rt|rtpoll|rtstop]
 *   rt      (default) the parent writes, then blocks in read: the least a round trip costs.
 *   rtpoll  the parent's pipe is non-blocking and it waits in poll() before each read, as an
 *           event loop does (a referee that watches many pipes): the floor of a referee that
 *           must never block on one bot.
 *   rtstop  rtpoll, and the child is stopped between its turns as a referee's fair play
 *           does, in the cheapest way there is: kill(SIGSTOP) by the parent right after the
 *           reply, kill(SIGCONT) right after the next request, neither waited for. The floor
 *           of freezing: the stopped child must still run to enter its stop, and be woken. */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 200000;
    const char *mode = argc > 2 ? argv[2] : "rt";
    int stops = strcmp(mode, "rtstop") == 0;
    int polled = stops || strcmp(mode, "rtpoll") == 0;
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
    if (polled) fcntl(up[0], F_SETFL, fcntl(up[0], F_GETFL) | O_NONBLOCK);
    char b[64];
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < n; i++) {
        if (write(down[1], "go p1time 1000\n", 15) != 15) return 1;
        if (stops && i > 0 && kill(pid, SIGCONT)) return 1;
        if (polled) {
            struct pollfd p = {.fd = up[0], .events = POLLIN};
            if (poll(&p, 1, 10000) != 1) return 1;
        }
        if (read(up[0], b, sizeof b) <= 0) return 1;
        if (stops && kill(pid, SIGSTOP)) return 1;
    }
    if (stops) kill(pid, SIGCONT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    close(down[1]);
    waitpid(pid, NULL, 0);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    double user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6;
    double sys = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    printf("pingpong %s: round_trips=%ld round_trips_per_s=%.0f us_per_round_trip=%.2f "
           "cpu_us_per_round_trip=%.2f (user %.2f + sys %.2f)\n",
           mode, n, n / s, s * 1e6 / n, (user + sys) * 1e6 / n,
           user * 1e6 / n, sys * 1e6 / n);
    return 0;
}
