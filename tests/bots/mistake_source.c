/* A newcomer's mistake: this C bot (correct: it plays the first legal move) given as the bot
 * itself, './mistake_source.c', instead of the program compiled from it. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[70000], first[64] = "";
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "baraza ", 7) == 0) {
            printf("ready\n");
        } else if (strncmp(line, "legal ", 6) == 0) {
            sscanf(line + 6, "%63s", first);
        } else if (strncmp(line, "go ", 3) == 0) {
            printf("move %s\n", first);
        } else if (strncmp(line, "quit", 4) == 0) {
            break;
        }
        fflush(stdout);
    }
    return 0;
}
