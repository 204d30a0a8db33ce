#!/usr/bin/env python3
"""A mistaken bot: it flushes its 'ready', but not its moves, so each move waits in Python's
buffer (stdout is a pipe, and a bot's environment has no PYTHONUNBUFFERED) while the bot
waits for its next input."""
import sys

legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        print("ready", flush=True)
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move", legal[0])
    elif words[0] == "quit":
        break
