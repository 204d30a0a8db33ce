#!/bin/sh
# A random bot for baraza, protocol v1 (see protocol.md), in plain POSIX sh.
# Copy this file to start your own bot: make the "go" branch smarter, keep the rest.
# Try it:  baraza match darra "sh bots/shell/random_bot.sh" builtin:random
#
# `read` takes exactly one line and `echo` writes at once, so nothing waits in a buffer.
# (awk is not used for the loop: mawk would hold the referee's lines back in its buffer.)

set -f                                  # move tokens are words, never file patterns
seed=$$                                 # state of a small random generator
while read -r kind rest; do             # one message per line: its type, then the rest
    case $kind in
    baraza)                             # hello: "baraza 1 <ruleset>"
        echo "id name sh-random"
        echo "ready" ;;                 # do any slow set-up before this line
    position) position=$rest ;;         # the full position, if you need it
    legal) legal=$rest ;;               # every legal move, separated by spaces
    go)                                 # our turn: answer with exactly one move line
        set -- $legal                   # the moves become $1 $2 ... ($# of them)
        seed=$(( (seed * 1103515245 + 12345) % 2147483648 ))
        shift $(( seed / 65536 % $# ))  # skip a random number of them,
        echo "move $1" ;;               # play the first one left
    quit) exit 0 ;;
    esac                                # anything else is ignored
done
