#!/bin/sh
# A correct bot that plays the first legal move and, before each, claims the same evaluation:
# `info depth 1 score <SCORE...>` with its arguments, e.g. `score_bot.sh cp -600` or
# `score_bot.sh win 3`. For the score-based adjudication rules.
set -f
score="$*"
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    legal) first=$2 ;;
    go)
        echo "info depth 1 score $score"
        echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
