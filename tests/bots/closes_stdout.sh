#!/bin/sh
# A bot that answers the hello, then at its first turn closes its stdout and lives on (sleeps
# 30 s): each of its games would last as long as the referee waits for an exit that does not
# come.
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo ready ;;
    go) exec 1>&-; exec sleep 30 ;;
    esac
done
