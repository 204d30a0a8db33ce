#!/bin/sh
# The SPRT's false-H1 rate with the real binary: RUNS tournaments of two identical bots
# (builtin:random against builtin:random), each with its own --seed, each stopped by
# --sprt SPEC. A correct test accepts H1 in about alpha of them (0.05 for the default SPEC).
# Prints one line per run (seed, decision, games the decision took, LLR, games in the log),
# then the counts, the H1 rate with its standard error, and the median number of games the
# decisions took.
#
# usage: bench/sprt-false-h1.sh [RUNS] [CONCURRENCY]     (default 200 runs, concurrency 2)
#   SPRT=spec     default elo0=0,elo1=10,alpha=0.05,beta=0.05
#   ROUNDS=n      the cap on game pairs per run, default 20000 (about six times the average
#                 a decision takes at elo1=10, so nearly every run decides)
#   RULESET=id    default darra
#   BOT=builtin   default builtin:random (both sides)
#   BOT2=builtin  the second bot, default BOT (with BOT=builtin:greedy BOT2=builtin:random the
#                 H1 rate is the test's power and the median games what a decision costs)
#   BARAZA=path   default target/release/baraza
# Run it niced on a shared machine: nice -n 10 bench/sprt-false-h1.sh
# Needs: a release build, jq.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=${1:-200}
conc=${2:-2}
spec=${SPRT:-elo0=0,elo1=10,alpha=0.05,beta=0.05}
rounds=${ROUNDS:-20000}
ruleset=${RULESET:-darra}
bot=${BOT:-builtin:random}
bot2=${BOT2:-$bot}
baraza=${BARAZA:-$root/target/release/baraza}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
command -v jq >/dev/null || { echo "needs jq" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-sprt.XXXXXX")
trap 'rm -rf "$out"' EXIT

echo "# $runs runs: $bot vs $bot2, $ruleset, --sprt $spec --rounds $rounds --concurrency $conc"
seed=1
while [ "$seed" -le "$runs" ]; do
    rm -rf "$out/t"
    "$baraza" tournament "$ruleset" --bot "a=$bot" --bot "b=$bot2" --seed "$seed" \
        --rounds "$rounds" --concurrency "$conc" --sprt "$spec" --random-opening-plies 2 \
        --quiet --json --out "$out/t" >"$out/table.json" 2>/dev/null
    jq -r --arg seed "$seed" \
        '"\($seed) \(.sprt.decision) \(.sprt.games) \(.sprt.llr) \(.games)"' "$out/table.json" | tee -a "$out/runs"
    seed=$((seed + 1))
done
awk -v runs="$runs" '
    { n[$2]++ }
    END {
        h1 = n["h1"] + 0; h0 = n["h0"] + 0; cont = n["continue"] + 0
        p = h1 / runs
        printf "H1 %d, H0 %d, undecided %d of %d runs\n", h1, h0, cont, runs
        printf "H1 rate %.3f (standard error %.3f)\n", p, sqrt(p * (1 - p) / runs)
    }' "$out/runs"
cut -d' ' -f3 "$out/runs" | sort -n | awk '
    { g[NR] = $1 }
    END { printf "median games to the decision %s\n", (NR % 2) ? g[(NR + 1) / 2] : (g[NR / 2] + g[NR / 2 + 1]) / 2 }'
