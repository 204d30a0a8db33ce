#!/usr/bin/env python3
"""A mistaken bot: a correct random mover that never flushes its output, so its answers wait
in Python's buffer (when stdout is a pipe and PYTHONUNBUFFERED is not set)."""
import random
import sys

legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        print("ready")
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move", random.choice(legal))
    elif words[0] == "quit":
        break
