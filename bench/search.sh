#!/bin/sh
# Measure builtin:search with baraza itself: speed (nodes per second), matches with a score and
# its 95% error bar, and time forfeits.
#
# usage:
#   bench/search.sh nps [RULESET...]          nodes per CPU second over 2 games per ruleset
#                                             (100,000-node searches against random); with
#                                             BASE=, the same for that binary, REPS runs of
#                                             each interleaved, medians and their ratio
#   bench/search.sh cost [RULESET...]         the same positions for both binaries
#                                             (bench/search-positions.txt, 10 a ruleset),
#                                             100,000 nodes each: instructions per node
#                                             (callgrind: they do not move with load) and
#                                             nodes per CPU second (REPS interleaved runs,
#                                             median); BASE= optional
#   bench/search.sh match RULESET BOT1 BOT2 GAMES [baraza match options...]
#                                             play, then print BOT1's score with its error bar,
#                                             and the number of time forfeits by each side
#   bench/search.sh all [GAMES]               the tables of docs/speed.md and docs/search.md:
#                                             AB vs MCTS, search vs random and greedy, the
#                                             level ladder (GAMES per line, default 100)
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
# be scheduled and loses on time; a time-limited bot uses at most one core; CPU-time figures
# such as nps and cost are not hurt by it), OUT (default $TMPDIR/baraza-search-bench: logs and
# PGNs), BARAZA (default target/release/baraza), BASE (another baraza binary to compare with,
# e.g. a build of an earlier commit; nps and cost only), REPS (default 3: runs of each binary
# for nps and cost, interleaved so that a change of load hits both alike).
# Needs a release build (cargo build --release).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
baraza=${BARAZA:-$root/target/release/baraza}
out=${OUT:-${TMPDIR:-/tmp}/baraza-search-bench}
nice=${NICE:-0}
base=${BASE:-}
reps=${REPS:-3}
mkdir -p "$out"
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -z "$base" ] || [ -x "$base" ] || { echo "BASE is not an executable: $base" >&2; exit 1; }

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

# The nodes of each search in bot info lines (the `info` of `--logs` files, or a bot's own
# output): a search that ends on its node budget (its last score in cp) searched exactly
# BUDGET nodes, though its last info line counts only the iterations it finished; one that
# proved a win or loss stopped after the iteration it reports. Prints the sum.
# Input: one line per info, "<search id> <info words...>".
sum_nodes() {
    awk -v budget="$1" '
        function flush() { if (line != "") n += (line ~ / score cp /) ? budget : nodes }
        $1 != id { flush(); id = $1; line = "" }
        { line = $0; for (i = 2; i < NF; i++) if ($i == "nodes") nodes = $(i + 1) }
        END { flush(); print n + 0 }'
}

# CPU seconds (user + system) of a command and its children, its output to $cpu_out.
cpu_of() {
    python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "w") as out:
    subprocess.run(sys.argv[2:], stdin=sys.stdin, stdout=out, stderr=subprocess.DEVNULL)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(u.ru_utime + u.ru_stime)' "$cpu_out" "$@"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# One match of 100,000-node searches against random: prints M nodes per CPU second.
nps_run() {
    bin=$1 r=$2 d="$out/nps-$r"
    rm -rf "$d"
    # CPU seconds of the match and everything it ran (the bots), so a busy machine does
    # not lower the figure; random's and the referee's share is small.
    cpu_out=/dev/null
    cpu=$(cpu_of nice -n "$nice" "$bin" match "$r" 'builtin:search --nodes 100000' builtin:random \
        --games 2 --movetime 20000 --logs "$d" </dev/null)
    # The info files' first word is the ply: one search per ply.
    n=$(cat "$d"/*search*.info | sum_nodes 100000)
    echo "$n $cpu" | awk '{ printf "%.3f\n", $1 / $2 / 1e6 }'
}

# Print a figure of HEAD and, with BASE, of the base and the ratio head/base. $1: label,
# $2 and $3: files of one figure per run.
side_by_side() {
    h=$(median < "$2")
    if [ -n "$base" ]; then
        b=$(median < "$3")
        printf '%-11s %s: head %s, base %s, head/base %.2f (runs: head %s; base %s)\n' "$r" "$1" \
            "$h" "$b" "$(echo "$h $b" | awk '{ print $1 / $2 }')" \
            "$(tr '\n' ' ' < "$2" | sed 's/ $//')" "$(tr '\n' ' ' < "$3" | sed 's/ $//')"
    else
        printf '%-11s %s: %s (runs: %s)\n' "$r" "$1" "$h" "$(tr '\n' ' ' < "$2" | sed 's/ $//')"
    fi
}

nps() {
    for r in "$@"; do
        : > "$out/head.runs"
        : > "$out/base.runs"
        i=0
        while [ $i -lt "$reps" ]; do
            nps_run "$baraza" "$r" >> "$out/head.runs"
            [ -z "$base" ] || nps_run "$base" "$r" >> "$out/base.runs"
            i=$((i + 1))
        done
        side_by_side "M nodes per CPU s" "$out/head.runs" "$out/base.runs"
    done
}

# The bot protocol script that has `bot search` search each of RULESET's positions in
# bench/search-positions.txt once, each as a new game (a fresh transposition table).
cost_script() {
    echo "baraza 1 $1"
    awk -v r="$1" '$1 == r { printf "newgame 1 %s\nposition %s\ngo movetime 600000\n", $0, $0 }' \
        "$here/search-positions.txt"
    echo quit
}

# Instructions per node of one binary on RULESET's positions (one callgrind run).
cost_instructions() {
    bin=$1 r=$2
    cost_script "$r" > "$out/cost-$r.in"
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" bot search \
        --nodes 100000 < "$out/cost-$r.in" 2>&1 >"$out/cost-$r.out" |
        awk '/Collected :/ { print $NF }')
    n=$(awk '/^info /{ print s, $0 } /^move /{ s++ }' "$out/cost-$r.out" | sum_nodes 100000)
    echo "$ir $n" | awk '{ printf "%.0f\n", $1 / $2 }'
}

# Nodes per CPU second of one binary on RULESET's positions (one run).
cost_nps() {
    bin=$1 r=$2
    cost_script "$r" > "$out/cost-$r.in"
    cpu_out="$out/cost-$r.out"
    cpu=$(cpu_of nice -n "$nice" "$bin" bot search --nodes 100000 < "$out/cost-$r.in")
    n=$(awk '/^info /{ print s, $0 } /^move /{ s++ }' "$cpu_out" | sum_nodes 100000)
    echo "$n $cpu" | awk '{ printf "%.3f\n", $1 / $2 / 1e6 }'
}

cost() {
    command -v valgrind >/dev/null || { echo "cost needs valgrind" >&2; exit 1; }
    for r in "$@"; do
        cost_instructions "$baraza" "$r" > "$out/head.runs"
        : > "$out/base.runs"
        [ -z "$base" ] || cost_instructions "$base" "$r" > "$out/base.runs"
        side_by_side "instructions per node" "$out/head.runs" "$out/base.runs"
        : > "$out/head.runs"
        : > "$out/base.runs"
        i=0
        while [ $i -lt "$reps" ]; do
            cost_nps "$baraza" "$r" >> "$out/head.runs"
            [ -z "$base" ] || cost_nps "$base" "$r" >> "$out/base.runs"
            i=$((i + 1))
        done
        side_by_side "M nodes per CPU s" "$out/head.runs" "$out/base.runs"
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
nps | cost)
    mode=$1
    shift
    [ $# -gt 0 ] || set -- darra darra-2x18 dara dara-niger bao
    echo "# $(date -u +%FT%TZ) $mode, load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
    echo "# head: $baraza${base:+; base: $base}"
    "$mode" "$@"
    echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
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
    sed -n '2,37p' "$0" >&2
    exit 2
    ;;
esac
