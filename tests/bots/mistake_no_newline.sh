#!/bin/sh
# A mistaken bot: it answers its turn with 'move <first legal>' but no line end, then waits
# for its next input. (sh: printf writes at once, so the bytes are in the pipe.)
set -f
while read -r kind rest; do
    case $kind in
    baraza) echo ready ;;
    legal) set -- $rest; first=$1 ;;
    go) printf 'move %s' "$first" ;;
    quit) exit 0 ;;
    esac
done
