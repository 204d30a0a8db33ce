/* A bot that sleeps 3 s (a pause left in from debugging), flushing every line: argv[1]
 * "start" sleeps before it reads its hello, "move" at its first turn. Neither computing nor
 * waiting for its input, it is asleep in a sleep call. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    char line[65536], first[64] = "";
    int start = argc > 1 && strcmp(argv[1], "start") == 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (start)
        sleep(3);
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "baraza", 6) == 0) {
            printf("ready\n");
        } else if (strncmp(line, "legal ", 6) == 0) {
            sscanf(line + 6, "%63s", first);
        } else if (strncmp(line, "go", 2) == 0) {
            if (!start)
                sleep(3);
            printf("move %s\n", first);
        } else if (strncmp(line, "quit", 4) == 0) {
            return 0;
        }
        fflush(stdout);
    }
    return 0;
}
