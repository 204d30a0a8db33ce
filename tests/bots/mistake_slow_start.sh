#!/bin/sh
# A mistaken bot for a short --startup-timeout: it flushes every line, but needs a while to
# start. MODE 'sleep': it loads (sleeps 2 s) before it reads the hello; 'compute': it reads the
# hello, then computes (a busy loop) before it answers.
case $1 in
sleep) sleep 2 ;;
esac
while read -r kind rest; do
    case $kind in
    baraza)
        echo "id name slow-start"
        [ "$1" = compute ] && while :; do :; done
        echo ready
        ;;
    quit) exit 0 ;;
    esac
done
