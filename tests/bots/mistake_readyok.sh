#!/bin/sh
# A mistaken bot with a UCI habit: it answers the hello with 'readyok' instead of 'ready'.
# (sh, not Python: it answers within a millisecond, so a test's short deadline is about the
# answer, never about an interpreter's start-up time.)
while read -r kind rest; do
    case $kind in
    baraza) echo "readyok" ;;
    quit) exit 0 ;;
    esac
done
