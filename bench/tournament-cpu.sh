#!/bin/bash
# Compare two baraza binaries on the tournament layer by CPU time (user + sys of the referee
# and its bots), which a loaded machine disturbs much less than wall time:
#   1. `baraza match --games GAMES --pgn --jsonl`        (the referee writing both logs)
#   2. `baraza tournament --concurrency 1 --quiet`        (the same games through the runner)
# REPS repetitions (default 9), the binaries interleaved; prints each run, then the median
# and the minimum of each.
#
# usage: bench/tournament-cpu.sh BEFORE_BINARY AFTER_BINARY [GAMES]   (GAMES even, default 1000)
set -eu
before=$1
after=$2
games=${3:-1000}
reps=${REPS:-9}
out=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-cpu.XXXXXX")
trap 'rm -rf "$out"' EXIT
TIMEFORMAT='%U %S'
cpu() { { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'; }
for i in $(seq 1 "$reps"); do
    for which in before after; do
        b=$before
        [ "$which" = after ] && b=$after
        rm -rf "$out/t" "$out/t.pgn" "$out/t.jsonl"
        m=$(cpu "$b" match darra builtin:random builtin:random --games "$games" --tc 10+0.1 \
            --pgn "$out/t.pgn" --jsonl "$out/t.jsonl")
        t=$(cpu "$b" tournament darra --bot a=builtin:random --bot b=builtin:random \
            --rounds $((games / 2)) --tc 10+0.1 --concurrency 1 --quiet --out "$out/t")
        echo "$which match-logs $m" >> "$out/runs"
        echo "$which tournament-c1 $t" >> "$out/runs"
        printf '%-6s run %d: match --pgn --jsonl %6.3f s CPU, tournament -c1 %6.3f s CPU\n' \
            "$which" "$i" "$m" "$t"
    done
done
echo "# $games darra games, CPU seconds: median (min) of $reps runs"
for which in before after; do
    for what in match-logs tournament-c1; do
        grep "^$which $what " "$out/runs" | awk '{ print $3 }' | sort -n > "$out/v"
        med=$(sed -n "$(( (reps + 1) / 2 ))p" "$out/v")
        printf '%-6s %-14s %6.3f s (%6.3f s)\n' "$which" "$what" "$med" "$(head -1 "$out/v")"
    done
done
