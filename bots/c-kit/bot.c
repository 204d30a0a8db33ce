/* A baraza starter bot in C (protocol v1: ../../protocol.md).
 *
 * Build:  cc -O2 -o bot bot.c
 * Check:  baraza check-bot darra bao dara ./bot
 *
 * It plays every ruleset by choosing from the legal moves the referee sends each turn. Make
 * choose_move() smarter; keep the loop: it flushes every line, plays game after game in one
 * process, and stops on `quit` or at the end of its input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_MOVES 1024

struct turn {
    char *position;           /* the whole position string, for a bot that reads the board */
    char *legal[MAX_MOVES];   /* the legal move tokens, pointing into the legal line */
    int count;
};

/* Pick a move. Here: one at random. A stronger bot parses t->position (docs/<ruleset>.md,
 * "Board and notation") and searches. */
static const char *choose_move(const struct turn *t) {
    return t->legal[rand() % t->count];
}

int main(void) {
    char *line = NULL, *legal_line = NULL, *position = NULL;
    size_t cap = 0;
    struct turn t = {0};
    srand((unsigned)time(NULL) ^ (unsigned)getpid());
    while (getline(&line, &cap, stdin) != -1) {
        line[strcspn(line, "\r\n")] = '\0';
        char *rest = strchr(line, ' ');
        size_t word_len = rest ? (size_t)(rest - line) : strlen(line);
        rest = rest ? rest + 1 : line + strlen(line);
#define IS(w) (word_len == strlen(w) && strncmp(line, w, word_len) == 0)
        if (IS("baraza")) {             /* hello: baraza 1 <ruleset> */
            printf("id name c-kit\n");
            printf("ready\n");         /* do slow set-up (tables, files) before this line */
            fflush(stdout);             /* every line is flushed, or the referee never sees it */
        } else if (IS("newgame")) {     /* a new game: forget everything about the last one */
            t.count = 0;
        } else if (IS("position")) {
            free(position);
            position = strdup(rest);
            t.position = position;
        } else if (IS("legal")) {       /* every legal move, separated by single spaces */
            free(legal_line);
            legal_line = strdup(rest);
            t.count = 0;
            for (char *tok = strtok(legal_line, " \t"); tok && t.count < MAX_MOVES;
                 tok = strtok(NULL, " \t"))
                t.legal[t.count++] = tok;
        } else if (IS("go")) {          /* our turn: info lines (optional), then one move */
            if (t.count == 0)
                continue;               /* never happens: the referee plays passes itself */
            const char *mv = choose_move(&t);
            printf("info chose one of %d legal moves\n", t.count);
            printf("move %s\n", mv);
            fflush(stdout);
        } else if (IS("quit")) {
            break;
        }
        /* anything else (last, gameover, messages added later) is ignored */
#undef IS
    }
    free(line);
    free(legal_line);
    free(position);
    return 0;
}
