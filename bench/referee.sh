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
#            one of them. reuse: each bot's process plays the whole match (the default of
#            baraza match); no-reuse: fresh processes every game (--no-reuse).
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
run() {
    # A long movetime: the bots answer at once; the clock is still read and checked every move.
    # Repeated $reps times: on a shared machine, the best run is the referee's own cost.
    for mode in $modes; do
        flag=""
        [ "$mode" = no-reuse ] && flag=--no-reuse
        i=0
        while [ $i -lt "$reps" ]; do
            # shellcheck disable=SC2086
            $pin "$baraza" match "$1" "$bot" "$bot" --games "$2" --movetime 10000 $flag \
                --bench-stats > "$out/console.txt" 2> "$out/stats.txt"
            echo "$1 $mode: $(cat "$out/stats.txt")"
            i=$((i + 1))
        done
    done
}
echo "# referee, concurrency 1, bot: $bot (${pin:-unpinned})"
echo "# (bench-stats counts the referee's own CPU, bots excluded, process starts included)"
echo "# (reuse: one process per bot for the match; no-reuse: two fresh processes per game)"
run "$ruleset" "$games"
# Long games (Darra 2x18, ~940 plies each): the per-move cost with process starts amortised.
run darra-2x18 $(( games / 10 > 0 ? games / 10 : 1 ))
