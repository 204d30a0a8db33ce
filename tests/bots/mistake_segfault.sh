#!/bin/sh
# A mistaken bot: it dies of a segmentation fault at its first turn (it sends itself SIGSEGV,
# as a C bot reading past an array would be killed).
while read -r kind rest; do
    case $kind in
    baraza) echo ready ;;
    go) echo "about to crash" >&2; kill -SEGV $$ ;;
    quit) exit 0 ;;
    esac
done
