/* A hostile bot that has read src/bot/pause.rs: it plays the first legal move at once, and at
 * its first turn forks a helper that spins and keeps six one-shot POSIX timers armed to send
 * SIGCONT to itself, so that a SIGSTOP between the bot's turns is ended a few milliseconds
 * later and the helper computes on the opponent's time. (One timer would not do: a SIGCONT
 * still pending when the stop arrives is discarded.) Where timer_create is refused, the helper
 * says so on stderr and just spins. argv[1]: a marker for the tests (it stays in the helper's
 * command line). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void helper(void) {
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    timer_t t[6];
    int armed = 0;
    for (int i = 0; i < 6; i++) {
        struct sigevent ev;
        memset(&ev, 0, sizeof ev);
        ev.sigev_notify = SIGEV_SIGNAL;
        ev.sigev_signo = SIGCONT;
        if (timer_create(CLOCK_MONOTONIC, &ev, &t[i]) == 0) {
            armed++;
        } else {
            fprintf(stderr, "thaw_bot: timer_create refused: %s\n", strerror(errno));
            break;
        }
    }
    if (kill(getpid(), SIGCONT) != 0)
        fprintf(stderr, "thaw_bot: kill(SIGCONT) refused: %s\n", strerror(errno));
    for (;;) {
        for (int i = 0; i < armed; i++) {
            struct itimerspec cur;
            if (timer_gettime(t[i], &cur) == 0 && cur.it_value.tv_sec == 0 &&
                cur.it_value.tv_nsec == 0) {
                struct itimerspec v;
                memset(&v, 0, sizeof v);
                v.it_value.tv_nsec = (i + 1) * 2000000L;
                timer_settime(t[i], 0, &v, NULL);
            }
        }
        for (volatile int k = 0; k < 20000; k++) {
        }
    }
}

int main(void) {
    char line[65536], first[64] = "";
    int forked = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "baraza", 6) == 0) {
            printf("id name thaw\nready\n");
        } else if (strncmp(line, "legal ", 6) == 0) {
            sscanf(line + 6, "%63s", first);
        } else if (strncmp(line, "go", 2) == 0) {
            printf("move %s\n", first);
            if (!forked) {
                forked = 1;
                if (fork() == 0)
                    helper();
            }
        } else if (strncmp(line, "quit", 4) == 0) {
            return 0;
        }
    }
    return 0;
}
