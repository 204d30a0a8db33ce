#!/bin/sh
# A correct bot that plays the first legal move after 3000 info lines of about 420 bytes each
# (about 1.3 MB per turn): more than a transcript (or the info log) keeps for a game.
set -f
pad=$(printf '%0400d' 0)
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name flood"; echo ready ;;
    legal) first=$2 ;;
    go)
        yes "info depth 1 score cp 1 $pad" | head -n 3000
        echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
