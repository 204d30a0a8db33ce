#!/bin/sh
# Plays the first legal move after thinking (sleeping) 100 ms: time for an opponent that may
# ponder to use.
set -f
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    legal) first=$2 ;;
    go) sleep 0.1; echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
