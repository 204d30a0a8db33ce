#!/bin/sh
# A correct bot (it plays the first legal move) for Darra and Dara only: told 'baraza 1 bao',
# it exits at once, with status 0 as protocol.md advises for a ruleset a bot does not play, or
# with STATUS when given (usage: declines_bao.sh [STATUS]).
set -f
status=${1:-0}
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza)
        [ "$3" = bao ] && { echo "declines-bao: I do not play bao" >&2; exit "$status"; }
        echo "id name declines-bao"; echo ready ;;
    legal) first=$2 ;;
    go) echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
