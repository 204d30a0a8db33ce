#!/usr/bin/env bash
# Timing fairness: how much more than its real think time the referee charges a bot.
#
# Four copies of bench/sleepbot.c (each move takes exactly D ms after it has read `go`) play a
# round-robin tournament, once with one game at a time and once with as many games at once as
# the machine has cores. For every move a bot was asked for, error = charged - D (from
# times_us in games.jsonl); printed: p50, p99 and max of the error in ms, and how many moves
# were charged less than D (the referee must never do that: its clock starts before it writes
# the turn).
#
# usage: bench/fairness.sh [D_MS] [ROUNDS]     (defaults: 20 ms, 2 rounds = 24 games per run)
# Extra options for the tournament go in $FAIRNESS_OPTS (e.g. "--affinity" or "--sandbox").
# BARAZA=path/to/baraza times that binary; by default the checkout is built and its release
# binary is timed.
set -euo pipefail
[ -n "${BARAZA:-}" ] && BARAZA=$(realpath "$BARAZA")
cd "$(dirname "$0")/.."
D=${1:-20}
ROUNDS=${2:-2}
CORES=$(nproc)
if [ -z "${BARAZA:-}" ]; then
    cargo build --release --quiet
    BARAZA=target/release/baraza
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/sleepbot" bench/sleepbot.c
bot="$tmp/sleepbot $D"
echo "D = $D ms, $ROUNDS rounds of a 4-bot round-robin (max 40 plies), cores = $CORES"
for K in 1 "$CORES"; do
    nice "$BARAZA" tournament darra --quiet \
        --bot "a=$bot" --bot "b=$bot" --bot "c=$bot" --bot "d=$bot" \
        --rounds "$ROUNDS" --max-plies 40 --movetime $((D * 10)) \
        --concurrency "$K" --out "$tmp/run$K" ${FAIRNESS_OPTS:-} >/dev/null
    python3 - "$tmp/run$K/games.jsonl" "$D" "$K" <<'PY'
import json, sys
path, d_ms, k = sys.argv[1], int(sys.argv[2]), sys.argv[3]
errs = []
for line in open(path):
    g = json.loads(line)
    if "moves" not in g:
        continue  # the header
    for mv, us in zip(g["moves"], g["times_us"]):
        if mv != "pass":  # forced passes are played by the referee, not asked
            errs.append(us - d_ms * 1000)
errs.sort()
q = lambda p: errs[min(len(errs) - 1, int(p * len(errs)))] / 1000
under = sum(1 for e in errs if e < 0)
print(f"concurrency {k}: {len(errs)} moves; error (charged - D) p50 {q(0.5):.3f} ms, "
      f"p99 {q(0.99):.3f} ms, max {errs[-1] / 1000:.3f} ms; charged less than D: {under}")
PY
done
