#!/bin/sh
# Measure the referee: moves/s and its own CPU per move (children excluded), at concurrency 1,
# and the raw floor of one process pair exchanging one short line each way over pipes.
#
# usage: bench/referee.sh [BOT] [GAMES] [RULESET] [CPU]
#   BOT      bot command for both sides (default: bench/fastbot, a C random bot compiled here;
#            later e.g. builtin:random)
#   GAMES    number of games (default 200)
#   RULESET  default darra
#   CPU      pin the referee and both bots to this CPU with taskset (default 0; '-' = no pinning)
#   REPS=n   (environment) runs of each measurement, default 3
#   MODES    (environment) which process handling to measure: "reuse no-reuse" (default), or
#            any of "reuse no-reuse ponder". reuse: each bot's process plays the whole match
#            (the default of baraza match), stopped between its turns; no-reuse: fresh processes
#            every game (--no-reuse); ponder: as reuse, never stopped (--ponder), so the cost of
#            stopping is reuse minus ponder.
#   COMPARE=path  (environment) another baraza binary (e.g. a build of the previous commit):
#            each rep runs it and then this one, interleaved, and the medians of both are
#            printed at the end (lines tagged "compare" and "this").
#   BARAZA=path   (environment) the binary to measure (default target/release/baraza)
#
# Needs: cc, a release build (cargo build --release).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=${TMPDIR:-/tmp}/baraza-bench
mkdir -p "$out"
cc -O2 -o "$out/fastbot" "$here/fastbot.c"
cc -O2 -o "$out/pingpong" "$here/pingpong.c"
bot=${1:-$out/fastbot}
games=${2:-200}
ruleset=${3:-darra}
cpu=${4:-0}
baraza=${BARAZA:-$root/target/release/baraza}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
pin=""
[ "$cpu" != "-" ] && pin="taskset -c $cpu"

echo "# floor: one process pair, one short line each way (${pin:-unpinned})"
$pin "$out/pingpong" 200000
reps=${REPS:-3}
modes=${MODES:-reuse no-reuse}
compare=${COMPARE:-}
rm -f "$out"/cpu.*
run() {
    # A long movetime: the bots answer at once; the clock is still read and checked every move.
    # Repeated $reps times: on a shared machine, the best run is the referee's own cost.
    for mode in $modes; do
        flag=""
        [ "$mode" = no-reuse ] && flag=--no-reuse
        [ "$mode" = ponder ] && flag=--ponder
        i=0
        while [ $i -lt "$reps" ]; do
            for which in ${compare:+compare} this; do
                bin=$baraza
                [ "$which" = compare ] && bin=$compare
                # shellcheck disable=SC2086
                $pin "$bin" match "$1" "$bot" "$bot" --games "$2" --movetime 10000 $flag \
                    --bench-stats > "$out/console.txt" 2> "$out/stats.txt"
                tag=""
                [ -n "$compare" ] && tag=" [$which]"
                echo "$1 $mode$tag: $(cat "$out/stats.txt")"
                sed -n 's/.*referee_cpu_us_per_move=\([0-9.]*\).*/\1/p' "$out/stats.txt" \
                    >> "$out/cpu.$1.$mode.$which"
            done
            i=$((i + 1))
        done
    done
}
# The median of the referee CPU per move of each series run.
medians() {
    for f in "$out"/cpu.*; do
        [ -f "$f" ] || continue
        n=$(wc -l < "$f")
        m=$(sort -n "$f" | awk -v n="$n" '{ v[NR] = $1 } END {
            if (n % 2) print v[(n + 1) / 2]; else printf "%.2f\n", (v[n / 2] + v[n / 2 + 1]) / 2 }')
        echo "median ${f#"$out"/cpu.}: referee_cpu_us_per_move=$m (of $n runs)"
    done
}
echo "# referee, concurrency 1, bot: $bot (${pin:-unpinned})"
echo "# (bench-stats counts the referee's own CPU, bots excluded, process starts included)"
echo "# (reuse: one process per bot for the match; no-reuse: two fresh processes per game)"
run "$ruleset" "$games"
# Long games (Darra 2x18, ~940 plies each): the per-move cost with process starts amortised.
run darra-2x18 $(( games / 10 > 0 ? games / 10 : 1 ))
echo "# medians"
medians
