#!/bin/sh
# A mistaken bot: it prints its debugging on stdout, before and instead of the protocol.
echo "Loading weights from net.bin"
echo "DEBUG: hello received?"
while read -r kind rest; do
    [ "$kind" = quit ] && exit 0
done
