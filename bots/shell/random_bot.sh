#!/bin/sh
# A random bot for baraza, protocol v1 (see protocol.md), in POSIX sh + awk only.
# Copy this file to start your own bot: make the "go" rule smarter, keep the rest.
# Try it:  baraza match darra "sh bots/shell/random_bot.sh" builtin:random
#
# awk reads one message per line and splits it into words: $1 is the message type.
exec awk '
BEGIN { srand() }                    # seed the generator from the clock

$1 == "baraza" {                     # hello: "baraza 1 <ruleset>"
    print "id name sh-random"
    print "ready"                    # do any slow set-up before this line
    fflush()                         # always flush: the referee waits for the line
}

$1 == "position" { position = substr($0, 10) }   # the full position, if you need it

$1 == "legal" {                      # every legal move: keep them in legal[1..n]
    n = NF - 1
    for (i = 1; i <= n; i++) legal[i] = $(i + 1)
}

$1 == "go" {                         # our turn: answer with exactly one move line
    print "move " legal[1 + int(rand() * n)]
    fflush()
}

$1 == "quit" { exit }                # anything else is ignored
'
