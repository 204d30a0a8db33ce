#!/usr/bin/env python3
# A newcomer's mistake: it flushes its 'ready' but not its moves, which stay in its own
# output buffer (its stdout is opened buffered, whatever PYTHONUNBUFFERED says): every move
# arrives too late, and it loses on time.
import os
import sys

out = open(sys.stdout.fileno(), "w", buffering=65536, closefd=False)
legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        out.write("ready\n")
        out.flush()
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        out.write("move %s\n" % legal[0])
    elif words[0] == "quit":
        break
