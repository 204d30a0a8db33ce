#!/bin/sh
# A correct bot (it plays the first legal move) that appends every line it reads to the file
# given as its argument, so a test sees exactly what the referee told it.
set -f
log=$1
while read -r line; do
    printf '%s\n' "$line" >> "$log"
    set -- $line
    case $1 in
    baraza) echo "ready" ;;
    legal) shift; first=$1 ;;
    go) echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
