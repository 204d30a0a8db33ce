#!/bin/sh
# Games per minute of `league run --for` on a young league and on an old one (docs/league.md,
# "A league that runs for months"): the rate must not fall as the log grows.
#
#   sh bench/league-rate.sh [OLD_GAMES] [SECONDS] [RUNS]   (defaults: 100000, 20, 5)
#
# Two leagues of the same ten builtin:random versions, Darra at --movetime 50 (the bots answer
# at once: what is measured is the referee's own cost a game and a batch, where a growing log
# would show first). The young one has played 1,000 real games; the old one the same, then
# OLD_GAMES synthesised lines (bench/synth_league.py: copies of those games, renumbered). Runs
# of `league run --for SECONDS` alternate between the two, RUNS each; each run's games per
# minute is counted from the log. Prints the medians and their ratio.
#
# Environment: BARAZA (default target/release/baraza), CONCURRENCY (2), WORK (a new
# temporary folder, removed at the end unless KEEP=1).
set -eu
cd "$(dirname "$0")/.."
OLD=${1:-100000}
SECONDS_=${2:-20}
RUNS=${3:-5}
BARAZA=${BARAZA:-target/release/baraza}
CONCURRENCY=${CONCURRENCY:-2}
WORK=${WORK:-$(mktemp -d /tmp/league-rate.XXXXXX)}
KEEP=${KEEP:-0}

[ -x "$BARAZA" ] || { echo "no $BARAZA: cargo build --release first" >&2; exit 2; }

games() { echo $(($(wc -l <"$1/games.jsonl") - 1)); }

for which in young old; do
    L=$WORK/$which
    "$BARAZA" league new "$L" --ruleset darra --movetime 50 --seed 5 >/dev/null
    i=0
    while [ $i -lt 10 ]; do
        "$BARAZA" league submit "$L" --name "v$i" --cmd builtin:random >/dev/null
        i=$((i + 1))
    done
    "$BARAZA" league run "$L" --games 1000 --concurrency "$CONCURRENCY" --quiet >/dev/null
done
python3 bench/synth_league.py "$WORK/old/games.jsonl" "$OLD" 10 --append
echo "young: $(games "$WORK/young") games; old: $(games "$WORK/old") games"

k=0
while [ $k -lt "$RUNS" ]; do
    for which in young old; do
        L=$WORK/$which
        before=$(games "$L")
        start=$(date +%s.%N)
        "$BARAZA" league run "$L" --for "${SECONDS_}s" --concurrency "$CONCURRENCY" --quiet >/dev/null
        end=$(date +%s.%N)
        after=$(games "$L")
        awk -v g=$((after - before)) -v s="$start" -v e="$end" \
            'BEGIN { printf "%.1f\n", g * 60 / (e - s) }' >>"$WORK/$which.rate"
    done
    k=$((k + 1))
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
y=$(median <"$WORK/young.rate")
o=$(median <"$WORK/old.rate")
echo "games per minute (median of $RUNS runs of ${SECONDS_} s, interleaved):"
echo "  young league (1,000 games on):  $y   ($(tr '\n' ' ' <"$WORK/young.rate"))"
echo "  old league ($OLD more):  $o   ($(tr '\n' ' ' <"$WORK/old.rate"))"
awk -v y="$y" -v o="$o" 'BEGIN { printf "  old / young: %.3f\n", o / y }'
[ "$KEEP" = 1 ] || rm -rf "$WORK"
