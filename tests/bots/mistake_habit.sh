#!/bin/sh
# A bot with another arena's habit (UCI, GTP, CECP): it plays the first legal move, and sends
# LINE at one point of the protocol, as an engine written for that arena would.
#
# usage: mistake_habit.sh WHEN LINE
#   hello      LINE instead of 'ready'
#   answer     LINE instead of its move
#   after      its move, then LINE (read before its next turn, or as its answer to it)
#   gameover   LINE when it reads 'gameover' (read before its first move of the next game)
set -f
when=$1
said=$2
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza)
        if [ "$when" = hello ]; then echo "$said"; else echo ready; fi ;;
    legal) first=$2 ;;
    go)
        if [ "$when" = answer ]; then
            echo "$said"
        else
            echo "move $first"
            [ "$when" = after ] && echo "$said"
        fi
        ;;
    gameover) [ "$when" = gameover ] && echo "$said" ;;
    quit) exit 0 ;;
    esac
done
