#!/bin/sh
# A mistaken bot: it fails at once, before it reads the hello, saying why on stderr (the
# referee finds it gone by a write or by a read, whichever comes first).
echo "fatal: cannot load the opening book" >&2
exit 2
