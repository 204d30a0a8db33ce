#!/bin/sh
# Plays the first legal move, like first_bot.sh, but at its first turn it leaves two busy
# processes behind that spin for the rest of its life: CPU taken on the opponent's time unless
# the referee stops it between its turns. The spinners' argv carries $1 (a marker for tests).
set -f
marker=${1:-spinner}
spun=
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name spinner"; echo ready ;;
    legal) first=$2 ;;
    go)
        echo "move $first"
        if [ -z "$spun" ]; then
            spun=1
            sh -c 'while :; do :; done' "$marker" </dev/null >/dev/null 2>&1 &
            sh -c 'while :; do :; done' "$marker" </dev/null >/dev/null 2>&1 &
        fi
        ;;
    quit) exit 0 ;;
    esac
done
