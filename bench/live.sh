#!/bin/sh
# The cost of --live to the referee: its own CPU per move (children excluded, the live page's
# writer thread included: it is the referee's process) in a match of two instant bots, with and
# without --live, the two interleaved; the median of each and their ratio.
#
# usage: bench/live.sh [GAMES] [RULESET]
#   GAMES    games per run (default 400)
#   RULESET  default darra
#   REPS=n   (environment) runs of each, default 7
#   EVERY=s  (environment) --live-every, default 2 (the default of --live)
#   BARAZA=path (environment) the binary (default target/release/baraza)
#   CPU=n    (environment) pin the run (referee, its writer thread and both bots) to core n:
#            unpinned on an idle machine, the processes wake each other across cores and the
#            referee's CPU per move is about three times the pinned figure
#
# Needs: cc, a release build (cargo build --release); taskset with CPU=.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
games=${1:-400}
ruleset=${2:-darra}
reps=${REPS:-7}
every=${EVERY:-2}
baraza=${BARAZA:-$root/target/release/baraza}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-live.XXXXXX")
trap 'rm -rf "$out"' EXIT
cc -O2 -o "$out/fastbot" "$here/fastbot.c"
median() {
    sort -n "$1" | awk '{ v[NR] = $1 } END {
        if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
i=0
while [ $i -lt "$reps" ]; do
    for mode in off on; do
        rm -f "$out/live.html"
        set -- "$baraza" match "$ruleset" "$out/fastbot" "$out/fastbot" --games "$games" \
            --movetime 10000 --bench-stats
        [ "$mode" = on ] && set -- "$@" --live "$out/live.html" --live-every "$every"
        [ -n "${CPU:-}" ] && set -- taskset -c "$CPU" "$@"
        "$@" > /dev/null 2> "$out/stats.txt"
        line=$(grep '^bench-stats:' "$out/stats.txt")
        echo "live $mode: $line"
        echo "$line" | sed -n 's/.*referee_cpu_us_per_move=\([0-9.]*\).*/\1/p' >> "$out/cpu.$mode"
    done
    i=$((i + 1))
done
off=$(median "$out/cpu.off")
on=$(median "$out/cpu.on")
echo "# $games $ruleset games of two instant bots (bench/fastbot.c), $reps runs each, interleaved${CPU:+, pinned to core $CPU}"
echo "median referee_cpu_us_per_move: without --live $off, with --live (every $every s) $on"
awk -v a="$off" -v b="$on" 'BEGIN { printf "ratio with/without: %.3f\n", b / a }'
[ -f "$out/live.html" ] && echo "final page: $(wc -c < "$out/live.html") bytes"
exit 0
