#!/bin/sh
# A bot that misbehaves on purpose, for the referee's tests (sh: starts in milliseconds).
#
# usage: bad_bot.sh MODE [PIDFILE]
#
# Every process it starts that could outlive it appends its pid to PIDFILE, so a test can check
# that nothing is left behind. Until it misbehaves, it plays the first legal move. Modes:
#   noready   answers the hello with nothing and hangs
#   crash     ready, then exits with status 3 at its first turn
#   slow      ready, then hangs at its first turn
#   garbage   ready, then answers its first turn with a line that is not a move
#   illegal   ready, then answers its first turn with 'move z9'
#   longline  ready, then writes 100 MB without a newline at its first turn, and hangs
#   badutf8   ready, then answers its first turn with invalid UTF-8
#   flood     plays legal moves, writing 256 KiB to stderr and an info line at every turn
#   forkhang  ready, starts a grandchild that keeps stdin/stdout/stderr open and hangs, then
#             hangs at its first turn
#   forkexit  ready, starts such a grandchild, then exits at its first turn
#   double    answers its first turn with two move lines
#   nopass    plays legal moves; exits with status 4 if ever asked to play a forced pass
#   infoflood ready, then answers its first turn with info lines without end
#   hangas2   plays legal moves as player 1; as player 2 hangs at its first turn
# Pids are read from /proc/self/stat, not $$: a bot runs in a PID namespace of its own, where
# $$ is its number inside (1, 2, ...); the host's /proc gives the host's number.
set -f
mode=$1
pidfile=${2:-/dev/null}
read -r mypid _ < /proc/self/stat; echo "$mypid" >> "$pidfile"
turns=0
grandchild() {
    sh -c 'read -r p _ < /proc/self/stat; echo "$p" >> "$1"; exec sleep 1000' grandchild "$pidfile" &
}
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza)
        [ "$mode" = noready ] && exec sleep 1000
        echo "id name bad-$mode"
        echo ready
        case $mode in forkhang|forkexit) grandchild ;; esac
        ;;
    newgame)
        turns=0                         # every newgame is a fresh game
        [ "$mode" = hangas2 ] && [ "$2" = 2 ] && mode=slow
        ;;
    legal)
        first=$2
        [ "$mode" = nopass ] && [ "$first" = pass ] && exit 4
        ;;
    go)
        turns=$((turns + 1))
        if [ "$mode" = flood ]; then
            head -c 262144 /dev/zero | tr '\0' 'x' >&2
            echo "info flooding stderr at turn $turns"
        fi
        if [ $turns = 1 ]; then
            case $mode in
            crash) exit 3 ;;
            slow|forkhang) exec sleep 1000 ;;
            forkexit) exit 0 ;;
            garbage) echo "hello referee, my move is $first"; continue ;;
            illegal) echo "move z9"; continue ;;
            badutf8) printf 'move \377\376\n'; continue ;;
            longline) head -c 100000000 /dev/zero | tr '\0' 'm'; exec sleep 1000 ;;
            infoflood) exec yes 'info still thinking' ;;
            double) printf 'move %s\nmove %s\n' "$first" "$first"; continue ;;
            esac
        fi
        echo "move $first"
        ;;
    quit) exit 0 ;;
    esac
done
