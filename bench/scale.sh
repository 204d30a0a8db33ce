#!/bin/sh
# Scale of `baraza results` and `baraza merge`: a synthetic round-robin log of BOTS bots and
# ROUNDS rounds (default 100 bots, 101 rounds: 999,900 games, about 1 GB of games.jsonl) and
# the same games as SHARDS shard logs (default 10), written by bench/synth_log.py; then REPS
# times (default 3) each of
#   baraza results WHOLE                         (the table of the whole log)
#   baraza results --verify WHOLE                (every game re-judged, held against the schedule)
#   baraza merge --out MERGED SHARD-1..SHARDS    (the shards joined: games.jsonl + games.pgn)
# (verify fails the bench if it finds a problem: the synthetic games are real ones), with
# wall time, CPU time (user + system) and peak RSS from GNU time, the median of each, and
# a check that the merged table is the whole log's. The load average is printed too: on a
# shared machine the wall time includes waiting for a core; the CPU time is this run's own.
# Figures and the targets (under 10 s and 64 MiB each): docs/cluster.md, "Scale".
#
# usage: bench/scale.sh [BOTS] [ROUNDS] [SHARDS]     REPS=n (environment)
# Needs: a release build (cargo build --release), python3, GNU time (/usr/bin/time), ~4 GB in
# $TMPDIR.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bots=${1:-100}
rounds=${2:-101}
shards=${3:-10}
reps=${REPS:-3}
baraza=${BARAZA:-$root/target/release/baraza}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-scale.XXXXXX")
trap 'rm -rf "$out"' EXIT

python3 "$here/synth_log.py" "$out" "$bots" "$rounds" "$shards"
ls -l "$out/whole/games.jsonl" | awk '{ printf "whole log: %.0f MB\n", $5 / 1e6 }'

# One measured run: "wall cpu rss_kib" on stdout.
measure() {
    /usr/bin/time -f '%e %U %S %M' -o "$out/time" "$@" >/dev/null
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$out/time"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$out/results.txt"
: >"$out/merge.txt"
: >"$out/verify.txt"
: >"$out/load.txt"
i=1
while [ "$i" -le "$reps" ]; do
    r=$(measure "$baraza" results "$out/whole")
    # Each run merges into a fresh folder: over the last run's 2.2 GB of output, a merge
    # took twice the CPU time and 170 MiB instead of 11 (the runs measured different things).
    rm -rf "$out/merged"
    m=$(measure "$baraza" merge --out "$out/merged" $(i=1; while [ $i -le "$shards" ]; do printf '%s ' "$out/shard-$i"; i=$((i + 1)); done))
    v=$(measure "$baraza" results --verify "$out/whole")
    echo "$r" >>"$out/results.txt"
    echo "$v" >>"$out/verify.txt"
    echo "$m" >>"$out/merge.txt"
    cut -d' ' -f1 /proc/loadavg >>"$out/load.txt"
    echo "run $i: results ${r% *} (wall s, cpu s), $(echo "$r" | cut -d' ' -f3) KiB;  merge ${m% *}, $(echo "$m" | cut -d' ' -f3) KiB;  verify ${v% *}, $(echo "$v" | cut -d' ' -f3) KiB;  load $(cut -d' ' -f1 /proc/loadavg)"
    i=$((i + 1))
done
"$baraza" results "$out/whole" >"$out/t1"
"$baraza" results "$out/merged" >"$out/t2"
cmp -s "$out/t1" "$out/t2" && echo "merged table = whole table" || { echo "merged table differs" >&2; exit 1; }
for what in results merge verify; do
    f="$out/$what.txt"
    printf '%-8s median: wall %s s, cpu %s s, peak RSS %s MiB\n' "$what" \
        "$(cut -d' ' -f1 "$f" | median)" "$(cut -d' ' -f2 "$f" | median)" \
        "$(cut -d' ' -f3 "$f" | median | awk '{ printf "%.1f", $1 / 1024 }')"
done
echo "load average (1 min) after each run, median: $(median <"$out/load.txt") on $(nproc) cores"
