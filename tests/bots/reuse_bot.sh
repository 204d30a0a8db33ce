#!/bin/sh
# A correct bot (it plays the first legal move) that records every game it plays, for the
# referee's process-reuse tests (sh: starts in milliseconds).
#
# usage: reuse_bot.sh MODE PIDFILE
#
# At every newgame it appends its pid to PIDFILE, so a test sees which process played
# which game. At every turn it writes "game <n> turn <t>" to stderr and as an info line, n
# counting the games of this process from 1. Modes:
#   good          nothing else
#   forfeit2      hangs at its first turn of the 2nd game of the match (PIDFILE's 2nd line)
#   stray         writes 'hello between games' to stdout when it reads gameover
#   infogameover  writes 'info between games' when it reads gameover (allowed)
#   exitgameover  exits when it reads gameover (a bot that cannot play two games)
#   exitnewgame   exits when it reads a second newgame, before any move of that game
#   thinkexit2    at its first turn of its 2nd game, thinks 250 ms, then exits
#   crash2        at its first turn of its 2nd game, writes a traceback line to stderr and
#                 exits with status 1 (a bug that shows only in a kept process's later game)
set -f
mode=$1
pidfile=$2
games=0
turns=0
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name reuse-$mode"; echo ready ;;
    newgame)
        [ "$mode" = exitnewgame ] && [ $games -ge 1 ] && exit 0
        games=$((games + 1))
        turns=0
        read -r mypid _ < /proc/self/stat; echo "$mypid" >> "$pidfile"
        ;;
    legal) first=$2 ;;
    go)
        turns=$((turns + 1))
        if [ "$mode" = thinkexit2 ] && [ $games -ge 2 ] && [ $turns = 1 ]; then
            sleep 0.25
            exit 0
        fi
        if [ "$mode" = crash2 ] && [ $games = 2 ] && [ $turns = 1 ]; then
            echo "TypeError: cannot read properties of undefined (game $games)" >&2
            exit 1
        fi
        echo "game $games turn $turns" >&2
        echo "info game $games turn $turns"
        if [ "$mode" = forfeit2 ] && [ $turns = 1 ] && [ "$(wc -l < "$pidfile")" -eq 2 ]; then
            exec sleep 1000
        fi
        echo "move $first"
        ;;
    gameover)
        [ "$mode" = stray ] && echo "hello between games"
        [ "$mode" = infogameover ] && echo "info between games"
        [ "$mode" = exitgameover ] && exit 0
        ;;
    quit) exit 0 ;;
    esac
done
