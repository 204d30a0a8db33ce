#!/bin/sh
# Measure builtin:search with baraza itself: speed (nodes per second), matches with a score and
# its 95% error bar, and time forfeits.
#
# usage:
#   bench/search.sh nps [RULESET...]          nodes per CPU second over 2 games per ruleset
#                                             (100,000-node searches against random)
#   bench/search.sh match RULESET BOT1 BOT2 GAMES [baraza match options...]
#                                             play, then print BOT1's score with its error bar,
#                                             and the number of time forfeits by each side
#   bench/search.sh all [GAMES]               the README tables: AB vs MCTS, search vs random and
#                                             greedy, the level ladder (GAMES per line, default 100)
#   bench/search.sh ladder GAMES [RULESET...] the level ladder: level 1 vs greedy, each level vs
#                                             the one below (--movetime 2000, 10000 for level 5:
#                                             budgets end searches)
#   bench/search.sh time GAMES CONTROL...     time forfeits of search vs random, GAMES per ruleset
#                                             at --concurrency 2 and the default margin, e.g.
#                                             `time 40 --movetime 10` or `time 40 --tc 1+0.01`;
#                                             prints the load average before and after
# Every match line is followed by BOT1's think times (median, 90th percentile, max), as the
# referee timed them.
#
# Environment: NICE (default 0: on a busy 2-core machine a niced bot waits past its movetime to
# be scheduled and loses on time; a time-limited bot uses at most one core), OUT (default $TMPDIR/baraza-search-bench: logs and PGNs), BARAZA (default target/release/baraza).
# Needs a release build (cargo build --release).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
baraza=${BARAZA:-$root/target/release/baraza}
out=${OUT:-${TMPDIR:-/tmp}/baraza-search-bench}
nice=${NICE:-0}
mkdir -p "$out"
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }

# score FILE: BOT1's score from the match's `final:` line, the 95% interval, forfeits.
score() {
    awk '
    /^final:/ {
        # final: A w wins d draws l losses; B ...
        w = $3; d = $5; l = $7; n = w + d + l
        p = (w + d / 2) / n
        v = (w * (1 - p) ^ 2 + d * (0.5 - p) ^ 2 + l * p ^ 2) / n
        printf "%s: %d games, +%d =%d -%d, score %.1f%% +- %.1f%%", $2, n, w, d, l, 100 * p, 196 * sqrt(v / n)
    }
    /time forfeit/ { tf++ }
    END { printf ", time forfeits %d\n", tf }' "$1"
}

# BOT1's think times as the referee timed them (the `{12.3ms ...}` comments of a match's PGN:
# its moves are player 1's in games where it is White, player 2's in the others).
think() {
    python3 - "$1" "$2" <<'PY'
import re, statistics, sys
times = []
for game in open(sys.argv[1]).read().split("[Event ")[1:]:
    second = f'[Black "{sys.argv[2]}"]' in game
    body = " ".join(l for l in game.splitlines() if not l.startswith("["))
    ms = [float(m) for m in re.findall(r"\{([0-9.]+)ms", body)]
    times += ms[int(second)::2]
if len(times) > 1:
    q = statistics.quantiles(times, n=10)
    print(f"            think ms: median {statistics.median(times):.1f}, 90% {q[-1]:.1f}, "
          f"max {max(times):.1f} ({len(times)} moves)")
PY
}

run_match() {
    ruleset=$1 bot1=$2 bot2=$3 games=$4
    shift 4
    name=$(echo "$ruleset-$bot1-$bot2-$*" | tr -c 'A-Za-z0-9.=+-' '_' | tr -s _)
    nice -n "$nice" "$baraza" match "$ruleset" "$bot1" "$bot2" --games "$games" \
        --pgn "$out/$name.pgn" "$@" > "$out/$name.txt" 2>&1 || true
    printf '%-11s %-40s ' "$ruleset" "$bot1 vs $bot2 $*"
    score "$out/$name.txt"
    # BOT1's name as the match gave it (`final: NAME ...`).
    [ -s "$out/$name.pgn" ] && think "$out/$name.pgn" "$(awk '/^final:/ { print $2 }' "$out/$name.txt")"
    return 0
}

nps() {
    for r in "$@"; do
        d="$out/nps-$r"
        rm -rf "$d"
        # CPU seconds of the match and everything it ran (the bots), so a busy machine does
        # not lower the figure; random's and the referee's share is small.
        cpu=$(python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(u.ru_utime + u.ru_stime)' nice -n "$nice" "$baraza" match "$r" 'builtin:search --nodes 100000' builtin:random \
            --games 2 --movetime 20000 --logs "$d")
        # The last info line of each move holds the nodes of its search.
        cat "$d"/*search*.info | awk '
            { t = $1; if (t != last && line != "") print line; last = t; line = $0 }
            END { if (line != "") print line }' |
            awk -v r="$r" -v cpu="$cpu" '
                { for (i = 1; i < NF; i++) if ($i == "nodes") n += $(i + 1); moves++ }
                END { printf "%-11s %d nodes in %.2f CPU s: %.2f M nodes/s (%d searches)\n", r, n, cpu, n / cpu / 1e6, moves }'
    done
}

ladder() {
    games=$1
    shift
    [ $# -gt 0 ] || set -- darra darra-2x18 dara dara-niger bao
    for r in "$@"; do
        run_match "$r" 'builtin:search --level 1' builtin:greedy "$games" --movetime 1000 --concurrency 2
        for l in 2 3 4 5; do
            # Level 5 (300,000 nodes on Dara and darra-2x18) does not always fit in 2000's
            # 1500 ms hard limit on a busy machine.
            mt=2000
            [ "$l" = 5 ] && mt=10000
            run_match "$r" "builtin:search --level $l" "builtin:search --level $((l - 1))" "$games" \
                --movetime "$mt" --concurrency 2
        done
    done
}

# Time forfeits in the games of search vs random; the load says how busy the machine was.
forfeits() {
    games=$1
    shift
    echo "load before: $(uptime | sed 's/.*load average: //')"
    for r in darra darra-2x18 dara dara-niger bao; do
        run_match "$r" builtin:search builtin:random "$games" --concurrency 2 "$@"
    done
    echo "load after: $(uptime | sed 's/.*load average: //')"
}

case ${1:-} in
nps)
    shift
    [ $# -gt 0 ] || set -- darra darra-2x18 dara dara-niger bao
    nps "$@"
    ;;
match)
    shift
    run_match "$@"
    ;;
ladder)
    shift
    ladder "$@"
    ;;
time)
    shift
    forfeits "$@"
    ;;
all)
    games=${2:-100}
    for r in darra darra-2x18 dara dara-niger bao; do
        run_match "$r" 'builtin:search --algo ab' 'builtin:search --algo mcts' "$games" --movetime 100
        run_match "$r" builtin:search builtin:random "$games" --movetime 100
        run_match "$r" builtin:search builtin:greedy "$games" --movetime 100
        run_match "$r" 'builtin:search --level 1' builtin:greedy "$games" --movetime 1000
        for l in 2 3 4 5; do
            run_match "$r" "builtin:search --level $l" "builtin:search --level $((l - 1))" "$games" --movetime 2000
        done
    done
    ;;
*)
    sed -n '2,27p' "$0" >&2
    exit 2
    ;;
esac
