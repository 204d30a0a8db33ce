/* A bot that thinks exactly D ms per move, for bench/fairness.sh: after reading each `go` line
 * it sleeps D ms (clock_nanosleep on CLOCK_MONOTONIC, to an absolute deadline) and answers the
 * first legal move. usage: sleepbot D_MS */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char line[1 << 17];
static char first[128];

int main(int argc, char **argv) {
    long d = argc > 1 ? atol(argv[1]) : 10;
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "baraza ", 7) == 0) {
            fputs("id name sleepbot\nready\n", stdout);
            fflush(stdout);
        } else if (strncmp(line, "legal ", 6) == 0) {
            sscanf(line + 6, "%127s", first);
        } else if (strncmp(line, "go", 2) == 0 && (line[2] == ' ' || line[2] == '\n')) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            t.tv_sec += d / 1000;
            t.tv_nsec += (d % 1000) * 1000000L;
            if (t.tv_nsec >= 1000000000L) {
                t.tv_sec += 1;
                t.tv_nsec -= 1000000000L;
            }
            while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) != 0) {
            }
            printf("move %s\n", first);
            fflush(stdout);
        } else if (strncmp(line, "quit", 4) == 0) {
            return 0;
        }
    }
    return 0;
}
