#!/bin/sh
# A UCI habit: it answers 'go' with 'bestmove <first legal move>', as a chess engine would.
set -f
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    legal) first=$2 ;;
    go) echo "bestmove $first ponder $first" ;;
    quit) exit 0 ;;
    esac
done
