#!/bin/sh
# first_bot.sh that thinks: it waits ${SLOW_BOT_MS:-30} ms before each move, so that a test can
# stop a run part-way through (the moves are still deterministic: the first legal one).
set -f
delay=$(awk "BEGIN { print ${SLOW_BOT_MS:-30} / 1000 }")
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name slow-first"; echo ready ;;
    legal) first=$2 ;;
    go) sleep "$delay"; echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
