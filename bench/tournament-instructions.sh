#!/bin/sh
# The tournament layer's cost in instructions, which unlike wall time does not move with the
# machine's load: valgrind counts the instructions of the baraza process itself (not of the
# bots) for GAMES Darra games of random vs random, once through `baraza match` writing the
# same two logs and once through `baraza tournament --concurrency 1`, per ply played.
#
# usage: bench/tournament-instructions.sh [GAMES]    (even, default 400)
# Needs: valgrind, python3, a release build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
baraza=${BARAZA:-$root/target/release/baraza}
games=${1:-400}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() { valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$@" 2>&1 >/dev/null |
    sed -n 's/.*refs: *//p' | tr -d ,; }
plies() { python3 -c 'import json,sys
print(sum(json.loads(l).get("plies", 0) for l in open(sys.argv[1]) if "\"plies\"" in l))' "$1"; }
m=$(count "$baraza" match darra builtin:random builtin:random --games "$games" \
    --pgn "$out/m.pgn" --jsonl "$out/m.jsonl")
mp=$(plies "$out/m.jsonl")
t=$(count "$baraza" tournament darra --bot a=builtin:random --bot b=builtin:random \
    --rounds $((games / 2)) --concurrency 1 --quiet --out "$out/t")
tp=$(plies "$out/t/games.jsonl")
python3 -c "import sys
m, mp, t, tp = map(int, sys.argv[1:])
print(f'match --pgn --jsonl: {m/mp:8.0f} instructions per ply ({mp} plies)')
print(f'tournament c1:       {t/tp:8.0f} instructions per ply ({tp} plies)')
print(f'tournament layer:    {100*(t/tp)/(m/mp)-100:+.1f}%')" "$m" "$mp" "$t" "$tp"
