#!/bin/sh
# Plays the first legal move and says, in an info line every turn, what its host gave it:
# `mark=<$BARAZA_MARK, or - when unset> seed=<N of the last `seed N` line, or - when none>`.
set -f
seed=-
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name reports"; echo ready ;;
    seed) seed=$2 ;;
    legal) first=$2 ;;
    go)
        echo "info mark=${BARAZA_MARK:--} seed=$seed"
        echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
