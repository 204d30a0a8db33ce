#!/bin/sh
# The referee's turn loop against the pipe floor, side by side in one run: user instructions,
# allocations, CPU and wall time per ply of the floor (bench/pingpong.c), of a previous build
# (BASE) and of this build, each with its bots stopped between their turns (the default) and
# with --ponder (never stopped), so the difference is what freezing costs. The floor comes
# three ways: a blocking round trip (rt), one waited for in poll() (rtpoll: what the wall
# ratio is taken against) and rtpoll with the child stopped and continued by kill() around
# each turn (rtstop: the least any freezing costs, with no helper process and no waiting).
#
# usage: bench/floor.sh [GAMES]      (games per timed run, default 20)
#   RULESET=id   (environment) default darra-2x18: long games (~1,000 plies between random
#                bots), so the turn loop's cost, not the games' starts and ends, is measured
#   BASE=path    (environment) the previous build, e.g. main before the change
#                (default /tmp/baraza-base; left out when missing)
#   BARAZA=path  (environment) this build (default target/release/baraza)
#   CPU=n        (environment) the core the timed runs are pinned to, referee and both bots
#                (default 0): c=1, as the floor's two processes are
#   REPS=n       (environment) timed runs of each, interleaved (default 5); medians printed
#   COUNT_GAMES="a b"  (environment) the two game counts of the valgrind runs (default "2 8")
#
# How each figure is made:
#   instr/ply    valgrind --tool=callgrind on the referee process alone (its bots run natively),
#                for COUNT_GAMES a and b games: (count(b) - count(a)) / (plies(b) - plies(a)),
#                so the start-up (runtime, spawning, handshakes) cancels out. Instruction counts
#                do not move with the machine's load. Floor: pingpong's parent, the same way.
#   allocs/ply   valgrind --tool=memcheck's "total heap usage: N allocs" of the referee, the same
#                difference (the steady state; tests/alloc_per_ply.rs asserts 0 for this build).
#   cpu, wall    --bench-stats of `baraza match` (the referee's own user + sys time, bots
#                excluded; wall for the whole run over its plies), pinned; medians of REPS.
#                Wall moves with the load: read it next to the floor measured in the same run.
#   c=2          this build, unpinned, --concurrency 1 and 2 on 2*GAMES games, stopped and with
#                --ponder: plies/s and the ratio c=2 / c=1 of each.
#
# Needs: cc, taskset; valgrind for the counts (skipped without it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=${TMPDIR:-/tmp}/baraza-floor
mkdir -p "$out"
rm -f "$out"/t.* "$out"/c2.*
games=${1:-20}
cpu=${CPU:-0}
reps=${REPS:-5}
counts=${COUNT_GAMES:-2 8}
new=${BARAZA:-$root/target/release/baraza}
base=${BASE:-/tmp/baraza-base}
ruleset=${RULESET:-darra-2x18}
[ -x "$new" ] || { echo "build first: cargo build --release" >&2; exit 1; }
cc -O2 -o "$out/fastbot" "$here/fastbot.c"
cc -O2 -o "$out/pingpong" "$here/pingpong.c"
bins=new
if [ -x "$base" ]; then bins="base new"; else echo "# no BASE binary at $base: left out"; fi
bin_of() { if [ "$1" = base ]; then echo "$base"; else echo "$new"; fi; }
pin="taskset -c $cpu"

# match BIN MODE GAMES [PREFIX...]: one match of fastbots; prints its bench-stats line.
match() {
    bin=$1 mode=$2 n=$3
    shift 3
    flag=""
    [ "$mode" = ponder ] && flag=--ponder
    # shellcheck disable=SC2086
    "$@" "$bin" match "$ruleset" "$out/fastbot" "$out/fastbot" --games "$n" --movetime 10000 \
        $flag --bench-stats >/dev/null 2>"$out/stats.txt"
    grep '^bench-stats' "$out/stats.txt"
}
field() { sed -n "s/.*[ (]$1[= ]\([0-9.]*\).*/\1/p"; }

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# new: $new${BASE:+; base: $base}; $ruleset, $games games per timed run, pinned to CPU $cpu"
i=0
while [ $i -lt "$reps" ]; do
    for kind in rt rtpoll rtstop; do
        line=$($pin "$out/pingpong" 200000 "$kind")
        echo "$line"
        w=$(echo "$line" | field us_per_round_trip)
        c=$(echo "$line" | sed -n 's/.*cpu_us_per_round_trip=\([0-9.]*\) (user \([0-9.]*\) + sys \([0-9.]*\)).*/\1 \2 \3/p')
        echo "$w $c" >> "$out/t.floor-$kind"
    done
    for b in $bins; do
        for mode in stopped ponder; do
            line=$(match "$(bin_of "$b")" "$mode" "$games" $pin)
            echo "$b $mode: $line"
            moves=$(echo "$line" | field moves)
            wall=$(echo "$line" | field wall_s)
            c=$(echo "$line" | sed -n 's/.*referee_cpu_us_per_move=\([0-9.]*\) (user \([0-9.]*\) + sys \([0-9.]*\)).*/\1 \2 \3/p')
            echo "$(awk -v w="$wall" -v m="$moves" 'BEGIN { printf "%.3f", w * 1e6 / m }') $c" \
                >> "$out/t.$b-$mode"
        done
    done
    i=$((i + 1))
done

# count TOOL NAME COMMAND...: valgrind TOOL on COMMAND's own process (children run natively
# after their exec); prints "<plies> <count>".
count() {
    tool=$1 name=$2
    shift 2
    dir="$out/vg.$tool.$name"
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$tool" = callgrind ]; then
        valgrind --tool=callgrind --callgrind-out-file="$dir/out.%p" "$@" >"$dir/stdout" \
            2>"$dir/stderr" &
    else
        valgrind --tool=memcheck --log-file="$dir/out.%p" "$@" >"$dir/stdout" 2>"$dir/stderr" &
    fi
    pid=$!
    wait "$pid"
    plies=$(cat "$dir/stdout" "$dir/stderr" | sed -n 's/.*\(moves\|round_trips\)=\([0-9]*\).*/\2/p' | head -1)
    if [ "$tool" = callgrind ]; then
        n=$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$dir/out.$pid")
    else
        n=$(sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$dir/out.$pid" | tr -d ,)
    fi
    echo "$plies $n"
}
# per_ply TOOL KIND: the marginal count per ply between the two COUNT_GAMES runs.
per_ply() {
    tool=$1 kind=$2
    set -- $counts
    if [ "${kind#floor}" != "$kind" ]; then
        a=$(count "$tool" "$kind-a" "$out/pingpong" $(($1 * 1000)) "${kind#floor-}")
        b=$(count "$tool" "$kind-b" "$out/pingpong" $(($2 * 1000)) "${kind#floor-}")
    else
        bin=$(bin_of "${kind%-*}")
        a=$(count "$tool" "$kind-a" "$bin" match "$ruleset" "$out/fastbot" "$out/fastbot" \
            --games "$1" --movetime 10000 $( [ "${kind#*-}" = ponder ] && echo --ponder) --bench-stats)
        b=$(count "$tool" "$kind-b" "$bin" match "$ruleset" "$out/fastbot" "$out/fastbot" \
            --games "$2" --movetime 10000 $( [ "${kind#*-}" = ponder ] && echo --ponder) --bench-stats)
    fi
    echo "$a $b" | awk '{ if ($3 == $1) print "?"; else printf "%.1f", ($4 - $2) / ($3 - $1) }'
}
kinds="floor-rt floor-rtpoll floor-rtstop"
for b in $bins; do kinds="$kinds $b-stopped $b-ponder"; done
valgrind=""
command -v valgrind >/dev/null && valgrind=yes
[ -n "$valgrind" ] || echo "# no valgrind: instructions and allocations per ply left out"

# The median of column COL of a series file.
median() {
    sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
        if (NR % 2) printf "%.2f", v[(NR + 1) / 2]; else printf "%.2f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
echo
echo "# c=1, medians of $reps runs; counts from valgrind (COUNT_GAMES=\"$counts\")"
printf '%-16s %10s %11s %11s %11s %11s %11s %9s\n' "" instr/ply allocs/ply cpu_us/ply user_us \
    sys_us wall_us/ply x_rtpoll
floor_wall=$(median "$out/t.floor-rtpoll" 1)
for k in $kinds; do
    ins="-" allocs="-"
    if [ -n "$valgrind" ]; then
        ins=$(per_ply callgrind "$k")
        allocs=$(per_ply memcheck "$k")
    fi
    w=$(median "$out/t.$k" 1)
    printf '%-16s %10s %11s %11s %11s %11s %11s %9s\n' "$k" "$ins" "$allocs" "$(median "$out/t.$k" 2)" \
        "$(median "$out/t.$k" 3)" "$(median "$out/t.$k" 4)" "$w" \
        "$(awk -v w="$w" -v f="$floor_wall" 'BEGIN { printf "%.2f", w / f }')"
done

echo
echo "# c=2 (this build, unpinned, $((2 * games)) games each, interleaved, medians of $reps)"
i=0
while [ $i -lt "$reps" ]; do
    for mode in stopped ponder; do
        flag=""
        [ "$mode" = ponder ] && flag=--ponder
        for c in 1 2; do
            # shellcheck disable=SC2086
            line=$("$new" match "$ruleset" "$out/fastbot" "$out/fastbot" --games $((2 * games)) \
                --movetime 10000 --concurrency "$c" $flag --bench-stats 2>&1 >/dev/null |
                grep '^bench-stats')
            echo "c=$c $mode: $line"
            echo "$line" | field moves_per_s >> "$out/c2.$mode.$c"
        done
    done
    i=$((i + 1))
done
for mode in stopped ponder; do
    one=$(median "$out/c2.$mode.1" 1)
    two=$(median "$out/c2.$mode.2" 1)
    echo "$mode: plies/s c=1: $one  c=2: $two  ratio: $(awk -v a="$one" -v b="$two" 'BEGIN { printf "%.2f", b / a }')"
done
echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
