#!/bin/sh
# A mistaken bot: it sleeps 3 s at its first turn (a pause left in from debugging), with its
# output flushed all along.
set -f
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    legal) first=$2 ;;
    go) sleep 3; echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
