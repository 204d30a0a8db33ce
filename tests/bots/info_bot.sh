#!/bin/sh
# A correct bot that plays the first legal move and reports its "search" in info lines. On its
# n-th turn its last info line before the move is, by n mod 3:
#   1: depth <n> score cp <25n - 50> nodes <100n> nps 5000 pv <move>
#   2: score win <n> depth <n>
#   0: thinking (no score)
# Its author line holds a quote, a backslash and an ESC, for the logs' escaping.
set -f
n=0
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza)
        echo "id name info-bot"
        printf 'id author A. "Q" \\ W\033[31m\n'
        echo ready ;;
    legal) first=$2 ;;
    go)
        n=$((n + 1))
        echo "info depth 1 score cp 999"
        case $((n % 3)) in
        1) echo "info depth $n score cp $((25 * n - 50)) nodes $((100 * n)) nps 5000 pv $first" ;;
        2) echo "info score win $n depth $n" ;;
        0) echo "info thinking" ;;
        esac
        echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
