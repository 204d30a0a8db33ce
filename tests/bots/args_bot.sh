#!/bin/sh
# A correct bot (it plays the first legal move) that writes the words of its command line it
# was given after OUTFILE, one per line, to OUTFILE: what the referee made of its command.
#
# usage: args_bot.sh OUTFILE WORDS...
set -f
out=$1
shift
: >"$out"
for w in "$@"; do
    printf '%s\n' "$w" >>"$out"
done
while IFS= read -r line; do
    set -- $line
    case $1 in
    baraza) echo "id name args"; echo ready ;;
    legal) first=$2 ;;
    go) echo "move $first" ;;
    quit) exit 0 ;;
    esac
done
