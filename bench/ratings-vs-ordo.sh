#!/bin/sh
# baraza's rating list beside Ordo's on the same round-robin: plays ROUNDS rounds between
# two builtin:random and two builtin:greedy bots (or reads LOG, a tournament directory), then
# prints each bot's rating and 95% error from `baraza results --json` and from Ordo on the
# same games.pgn. Ordo is told to use the same logistic curve (-z 200.2409: the rating gap of
# a 76% expectancy, 400*log10(76/24)), average 0 (-a 0), a draw rate taken from the games (-D)
# and 2000 simulations for its errors (-s 2000).
#
# usage: bench/ratings-vs-ordo.sh [ROUNDS]        (default 20)
#   ORDO=path     the ordo binary (build it from github.com/michiguel/Ordo: make), required
#   LOG=dir       an existing tournament directory instead of a new round-robin
#   RULESET=id    default darra
#   BARAZA=path   default target/release/baraza
# Needs: a release build, jq, Ordo.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
rounds=${1:-20}
ruleset=${RULESET:-darra}
baraza=${BARAZA:-$root/target/release/baraza}
ordo=${ORDO:?set ORDO to the ordo binary}
[ -x "$baraza" ] || { echo "build first: cargo build --release" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/baraza-bench-ordo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
log=${LOG:-}
if [ -z "$log" ]; then
    log=$tmp/t
    "$baraza" tournament "$ruleset" --bot r1=builtin:random --bot r2=builtin:random \
        --bot g1=builtin:greedy --bot g2=builtin:greedy --rounds "$rounds" \
        --random-opening-plies 2 --quiet --out "$log" >/dev/null
fi
"$baraza" results "$log" --json >"$tmp/baraza.json"
"$ordo" -p "$log/games.pgn" -a 0 -z 200.24094022767414 -D -s 2000 -q -o "$tmp/ordo.txt"
echo "# $(jq -r .games "$tmp/baraza.json") games in $log"
printf '%-12s %10s %8s %10s %8s\n' bot baraza "±95%" Ordo "±95%"
jq -r '.ratings.ratings[] | "\(.name) \(.rating) \(.error95)"' "$tmp/baraza.json" |
    while read -r name rating error; do
        # Ordo's line: "   1 g1        :   142.40  50.38    87.0     120  72.5"
        o=$(awk -v n="$name" '$2 == n && $3 == ":" { print $4, $5 }' "$tmp/ordo.txt")
        printf '%-12s %10.2f %8.2f %10.2f %8.2f\n' "$name" "$rating" "$error" $o
    done
