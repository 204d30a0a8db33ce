#!/bin/sh
# A bot that answers its first turn at once, told by its test when to: at `go` it says so on
# the FIFO $1/turn, waits for a line on the FIFO $1/stopped (the test has stopped the referee
# meanwhile), writes its move, and says so on $1/moved. The referee, kept off the CPU past the
# deadline, reads the move late. Later turns, and every turn of a later process (the marker
# file $1/stalled says one stalled), are answered at once.
set -f
dir=$1
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    legal) first=$2 ;;
    go)
        if [ ! -e "$dir/stalled" ]; then
            : > "$dir/stalled"
            echo go > "$dir/turn"
            read -r _ < "$dir/stopped"
            echo "move $first"
            echo moved > "$dir/moved"
        else
            echo "move $first"
        fi
        ;;
    quit) exit 0 ;;
    esac
done
