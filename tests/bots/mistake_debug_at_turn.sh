#!/bin/sh
# A mistaken bot: at its turn it prints its debugging on stdout before its move.
while read -r kind rest; do
    case "$kind" in
        baraza) echo ready ;;
        legal) set -- $rest; first=$1 ;;
        go) echo "searching depth 1"; echo "move $first" ;;
        quit) exit 0 ;;
    esac
done
