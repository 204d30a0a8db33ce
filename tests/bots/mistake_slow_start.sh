#!/bin/sh
# A mistaken bot for a short --startup-timeout: it flushes every line, but needs a while to
# start. MODE 'sleep': it loads (sleeps 0.6 s) before it reads the hello, then answers;
# 'compute': it reads the hello, then computes for good (a busy loop) and never answers.
case $1 in
sleep) sleep 0.6 ;;
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
