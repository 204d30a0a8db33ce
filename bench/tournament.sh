#!/bin/sh
# Measure the tournament layer: GAMES Darra games between two built-in random bots
#   1. through `baraza match --games GAMES`           (the referee alone, concurrency 1)
#   2. the same with `--pgn --jsonl`                   (the referee writing the same two logs)
#   3. through `baraza tournament --concurrency 1`    (same games one at a time + the layer:
#      schedule, games.jsonl, games.pgn, stderr logs, live table)
#   4. through `baraza tournament --concurrency 2`
# Each REPS times (default 9), interleaved; prints every run's wall time and games/s, then the
# medians and the overhead of (3) over (1) and over (2): as the ratio of the medians, and as
# the median of the ratios within each repetition (the runs of one repetition follow each
# other, so they see about the same load: the steadier figure on a busy machine).
#
# usage: bench/tournament.sh [GAMES] [RULESET]      (GAMES even, default 1000; darra)
#   REPS=n (environment)  runs of each measurement, default 9
#   NO_REUSE=1            start the bots afresh for every game (--no-reuse) in all four
# Needs: a release build (cargo build --release).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
games=${1:-1000}
ruleset=${2:-darra}
reps=${REPS:-9}
baraza=${BARAZA:-$root/target/release/baraza}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
# A directory of this run's own: two benches at once must not share their files.
out=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-tournament.XXXXXX")
trap 'rm -rf "$out"' EXIT
# Both bots answer at once; the clock (10+0.1, the default of both commands) is still kept.
tc=10+0.1
fresh=""
[ -n "${NO_REUSE:-}" ] && fresh=--no-reuse

now() { date +%s.%N; }

# once NAME COMMAND...: time one run; its wall time is added to $out/NAME.
once() {
    name=$1
    shift
    rm -rf "$out/t"
    t0=$(now)
    "$@" > "$out/stdout.txt"
    t1=$(now)
    wall=$(echo "$t1 - $t0" | bc -l)
    echo "$wall" >> "$out/$name"
    printf '%-16s run %d: %7.3f s  %7.1f games/s\n' "$name" "$i" "$wall" \
        "$(echo "$games / $wall" | bc -l)"
}

median() { sort -n "$out/$1" | sed -n "$(( (reps + 1) / 2 ))p"; }

echo "# $games $ruleset games, builtin:random vs builtin:random, tc $tc ${fresh:-(bots reused)}, $reps runs each"
# The three measurements interleaved, so that a busy moment of the machine falls on all three.
: > "$out/match-c1"
: > "$out/match-c1-logs"
: > "$out/tournament-c1"
: > "$out/tournament-c2"
i=1
while [ $i -le "$reps" ]; do
    once match-c1 "$baraza" match "$ruleset" builtin:random builtin:random --games "$games" \
        --tc $tc $fresh
    once match-c1-logs "$baraza" match "$ruleset" builtin:random builtin:random --games "$games" \
        --tc $tc $fresh --pgn "$out/t.pgn" --jsonl "$out/t.jsonl"
    rm -f "$out/t.pgn" "$out/t.jsonl"
    once tournament-c1 "$baraza" tournament "$ruleset" --bot a=builtin:random \
        --bot b=builtin:random --rounds $((games / 2)) --tc $tc $fresh --concurrency 1 --quiet \
        --out "$out/t"
    once tournament-c2 "$baraza" tournament "$ruleset" --bot a=builtin:random \
        --bot b=builtin:random --rounds $((games / 2)) --tc $tc $fresh --concurrency 2 --force \
        --quiet --out "$out/t"
    i=$((i + 1))
done

echo "# medians"
for n in match-c1 match-c1-logs tournament-c1 tournament-c2; do
    m=$(median $n)
    printf '%-16s %7.3f s  %7.1f games/s\n' "$n" "$m" "$(echo "$games / $m" | bc -l)"
done
m1=$(median match-c1)
t1=$(median tournament-c1)
m2=$(median match-c1-logs)
# median_ratio A B: the median over the repetitions of (B_i - A_i) / A_i, in percent.
median_ratio() {
    paste "$out/$1" "$out/$2" | awk '{ printf "%.4f\n", ($2 - $1) / $1 * 100 }' |
        sort -n | sed -n "$(( (reps + 1) / 2 ))p"
}
printf 'tournament at concurrency 1, ratio of medians:   %+.1f%% wall time vs baraza match, %+.1f%% vs baraza match --pgn --jsonl\n' \
    "$(echo "($t1 - $m1) / $m1 * 100" | bc -l)" "$(echo "($t1 - $m2) / $m2 * 100" | bc -l)"
printf 'tournament at concurrency 1, median of ratios:   %+.1f%% wall time vs baraza match, %+.1f%% vs baraza match --pgn --jsonl\n' \
    "$(median_ratio match-c1 tournament-c1)" "$(median_ratio match-c1-logs tournament-c1)"
