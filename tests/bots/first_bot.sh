#!/bin/sh
# A correct, deterministic bot: always plays the first legal move. Starts in milliseconds.
set -f
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name first"; echo ready ;;
    legal) first=$2 ;;
    go) echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
