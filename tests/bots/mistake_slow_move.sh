#!/bin/sh
# A mistaken bot: it thinks past its time at its first turn (a busy loop, as a search that
# does not watch its clock).
while read -r kind rest; do
    case $kind in
    baraza) echo ready ;;
    go) while :; do :; done ;;
    quit) exit 0 ;;
    esac
done
