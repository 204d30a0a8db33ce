#!/bin/sh
# Memory and time of `baraza replay FILE --verify` on a large PGN log (issue 41: it held the
# file and every game, 1.1 GB at 100k games; it reads a game at a time now, target under
# 64 MiB whatever the file). A match of builtin:random against builtin:greedy on darra (20
# real games, 50 to 90 plies) is played once; its games are written again and again with
# GameIndex 1, 2, ... up to GAMES (default 100,000, about 100 MB); then REPS times (default 3)
#   baraza replay BIG.pgn --verify
# with wall time and peak RSS from GNU time, and the median of each.
#
# usage: bench/replay-verify.sh [GAMES]     REPS=n, BARAZA=path (environment)
# Needs: a release build (cargo build --release), python3, GNU time (/usr/bin/time).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
games=${1:-100000}
reps=${REPS:-3}
baraza=${BARAZA:-$root/target/release/baraza}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time (apt-get install time)" >&2; exit 1; }
out=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-replay.XXXXXX")
trap 'rm -rf "$out"' EXIT

"$baraza" match darra builtin:random builtin:greedy --games 20 --movetime 1000 \
    --pgn "$out/seed.pgn" >/dev/null 2>&1 || {
    echo "the seed match failed" >&2
    exit 1
}
python3 - "$out/seed.pgn" "$out/big.pgn" "$games" <<'PY'
import re, sys
seed, big, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Each game starts with its Event tag.
games = [g for g in re.split(r"(?m)^(?=\[Event )", open(seed).read()) if g.strip()]
with open(big, "w") as f:
    for k in range(1, n + 1):
        f.write(re.sub(r'\[GameIndex "\d+"\]', f'[GameIndex "{k}"]', games[(k - 1) % len(games)]))
PY
ls -l "$out/big.pgn" | awk -v n="$games" '{ printf "log: %d games, %.0f MB\n", n, $5 / 1e6 }'

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
: >"$out/runs"
i=0
while [ "$i" -lt "$reps" ]; do
    /usr/bin/time -f '%e %M' -o "$out/time" "$baraza" replay "$out/big.pgn" --verify >"$out/said"
    cat "$out/said"
    cat "$out/time" >>"$out/runs"
    i=$((i + 1))
done
wall=$(awk '{ print $1 }' "$out/runs" | median)
rss=$(awk '{ print $2 }' "$out/runs" | median)
echo "replay --verify: median of $reps: $wall s, peak RSS $(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }') MiB (target: under 64 MiB)"
