#!/bin/sh
# A hostile bot: its move token carries terminal escape sequences (ESC [ 2 J clears a screen,
# ESC [ 31 m turns text red), to check that nothing baraza prints for a person passes them raw.
while read -r kind rest; do
    case $kind in
    baraza) echo "ready" ;;
    go) printf 'move z\033[2J\033[31mred\n' ;;
    quit) exit 0 ;;
    esac
done
