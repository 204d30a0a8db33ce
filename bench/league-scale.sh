#!/bin/sh
# What a league's batch planning and leaderboard cost on a long log (docs/league.md, "A league
# that runs for months"): time and peak memory of `league run --plan-only` and `league
# leaderboard`, with the log index in place (a batch's case) and built from nothing (the
# first run, or after `baraza repair`), and reading on after a thousand more games.
#
#   sh bench/league-scale.sh [GAMES] [VERSIONS] [RUNS]   (defaults: 1000000 games, 40, 5 runs)
#
# The log is synthesised: a league of VERSIONS random bots is created and plays one real
# game pair; the log is then written again with GAMES lines, each a copy of one of those two
# game lines with its id, pair, number, round (a batch of 8 pairs), players and result changed
# (bench/synth_league.py). Every line is read as a real one is; only its moves belong to
# another game, which neither planning nor the leaderboard replays.
#
# Prints each figure as the median of RUNS runs (time in seconds and peak RSS in MiB from
# /usr/bin/time), runs of one command interleaved with the other's.
#
# Environment: BARAZA (default target/release/baraza), WORK (a new temporary folder, removed
# at the end unless KEEP=1).
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-1000000}
VERSIONS=${2:-40}
RUNS=${3:-5}
BARAZA=${BARAZA:-target/release/baraza}
WORK=${WORK:-$(mktemp -d /tmp/league-scale.XXXXXX)}
KEEP=${KEEP:-0}
L=$WORK/league

[ -x "$BARAZA" ] || { echo "no $BARAZA: cargo build --release first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (GNU time)" >&2; exit 2; }

"$BARAZA" league new "$L" --ruleset darra --movetime 50 --seed 3 >/dev/null
i=0
while [ $i -lt "$VERSIONS" ]; do
    "$BARAZA" league submit "$L" --name "v$i" --cmd builtin:random >/dev/null
    i=$((i + 1))
done
"$BARAZA" league run "$L" --games 2 --quiet >/dev/null
python3 bench/synth_league.py "$L/games.jsonl" "$GAMES" "$VERSIONS"
rm -f "$L/log-index.json" "$L/games.pgn"
echo "log: $GAMES games, $VERSIONS versions, $(du -m "$L/games.jsonl" | cut -f1) MiB"

# `measure NAME CMD...`: one run's seconds and peak KiB appended to $WORK/NAME.
measure() {
    name=$1
    shift
    /usr/bin/time -f "%e %M" -o "$WORK/t" "$@" >/dev/null 2>"$WORK/err" || {
        cat "$WORK/err" >&2
        exit 1
    }
    cat "$WORK/t" >>"$WORK/$name"
}
plan() { rm -f "$L/batch.json"; measure "$1" "$BARAZA" league run "$L" --plan-only --games 24 --quiet; }
board() { measure "$1" "$BARAZA" league leaderboard "$L" --format html -o "$WORK/board.html"; }

k=0
while [ $k -lt "$RUNS" ]; do
    rm -f "$L/log-index.json"
    board board-cold
    plan plan-warm
    board board-warm
    rm -f "$L/log-index.json"
    plan plan-cold
    # A thousand more games (copies of the last thousand, numbered on), then read on.
    python3 bench/synth_league.py "$L/games.jsonl" 1000 "$VERSIONS" --append
    plan plan-read-on
    k=$((k + 1))
done
rm -f "$L/batch.json"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-14s %10s %10s\n' what seconds "peak MiB"
for name in plan-warm board-warm plan-read-on plan-cold board-cold; do
    s=$(cut -d' ' -f1 "$WORK/$name" | median)
    m=$(cut -d' ' -f2 "$WORK/$name" | median)
    awk -v n="$name" -v s="$s" -v m="$m" 'BEGIN { printf "%-14s %10s %10.1f\n", n, s, m / 1024 }'
done
[ "$KEEP" = 1 ] || rm -rf "$WORK"
