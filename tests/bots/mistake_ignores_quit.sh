#!/bin/sh
# A mistaken bot: it plays correctly (the first legal move) but does not leave on 'quit', so
# the referee kills it after the grace period.
set -f
while read -r kind rest; do
    case $kind in
    baraza) echo "ready" ;;
    legal) set -- $rest; first=$1 ;;
    go) echo "move $first" ;;
    quit) sleep 30 ;;
    esac
done
