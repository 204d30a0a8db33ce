#!/bin/sh
# A mistaken bot: it plays the first legal move, and sends 'ready' again after every
# 'gameover', as if each game needed a new hello.
set -f
while read -r kind rest; do
    case $kind in
    baraza) echo ready ;;
    legal) set -- $rest; first=$1 ;;
    go) echo "move $first" ;;
    gameover) echo ready ;;
    quit) exit 0 ;;
    esac
done
