#!/bin/sh
# Plays the first legal move, like first_bot.sh, and asks for the node and depth limits
# (`feature nodes depth` before `ready`); it says in an info line what each `go` gave it.
set -f
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name limits"; echo "feature nodes depth"; echo ready ;;
    legal) first=$2 ;;
    go)
        shift
        echo "info go $*"
        echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
