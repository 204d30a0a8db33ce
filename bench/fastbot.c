/* A minimal, fast random bot for the baraza protocol v1, for measuring the referee.
 * Reads with one read() per turn (the referee sends a turn in one write), answers with one
 * write(). Picks a uniformly random legal move (xorshift seeded by the pid). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char buf[1 << 17];
static size_t len;
static char legal[1 << 16];
static unsigned long long rng;

static void out(const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(1, s, n);
        if (w <= 0) _exit(1);
        s += w;
        n -= (size_t)w;
    }
}

static unsigned long long next(void) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}

static void line(char *l) {
    if (strncmp(l, "baraza ", 7) == 0) {
        out("id name fastbot\nready\n", 22);
    } else if (strncmp(l, "legal ", 6) == 0) {
        strncpy(legal, l + 6, sizeof legal - 1);
    } else if (strncmp(l, "go", 2) == 0 && (l[2] == ' ' || l[2] == 0)) {
        char *tok[4096];
        int n = 0;
        for (char *p = strtok(legal, " "); p && n < 4096; p = strtok(NULL, " ")) tok[n++] = p;
        char reply[256];
        int k = snprintf(reply, sizeof reply, "move %s\n", n ? tok[next() % n] : "-");
        out(reply, (size_t)k);
    } else if (strcmp(l, "quit") == 0) {
        _exit(0);
    }
}

int main(void) {
    rng = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)getpid();
    for (;;) {
        ssize_t r = read(0, buf + len, sizeof buf - 1 - len);
        if (r <= 0) return 0;
        len += (size_t)r;
        char *start = buf, *nl;
        while ((nl = memchr(start, '\n', (size_t)(buf + len - start)))) {
            *nl = 0;
            line(start);
            start = nl + 1;
        }
        len = (size_t)(buf + len - start);
        memmove(buf, start, len);
        if (len >= sizeof buf - 1) len = 0;
    }
}
