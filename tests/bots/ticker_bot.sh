#!/bin/sh
# Plays the first legal move. At its first turn it leaves a ticker behind that appends a line to
# ./ticks every 10 ms; before each move it says how many ticks came since its previous move
# (`info ticks N`). Stopped between its turns, the ticker gains at most a tick or so a turn;
# free to ponder, one every 10 ms of the opponent's time.
set -f
last=0
started=
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name ticker"; echo ready ;;
    legal) first=$2 ;;
    go)
        if [ -z "$started" ]; then
            started=1
            : > ticks
            (while :; do echo x >> ticks; sleep 0.01; done) </dev/null >/dev/null 2>&1 &
        fi
        n=$(wc -l < ticks)
        echo "info ticks $((n - last))"
        last=$n
        echo "move $first"
        ;;
    quit) exit 0 ;;
    esac
done
