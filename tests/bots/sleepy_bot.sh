#!/bin/sh
# Plays the first legal move after thinking (sleeping) 100 ms, or the seconds given as its
# argument: time for an opponent that may ponder to use, or a pause left in from debugging.
set -f
pause=${1:-0.1}
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    legal) first=$2 ;;
    go) sleep "$pause"; echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
