#!/usr/bin/env python3
"""Plays the first legal move, holding 800 MiB from its first turn on (address space: the
pages are never written, so the machine lends it nothing): a bot that needs more than a
`memory = 512` league gives, and plays well within its own `--memory 1536`. Under a smaller
limit the allocation fails and it dies of a MemoryError at its first turn."""
import sys

held = None
legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        print("id name big-heap", flush=True)
        print("ready", flush=True)
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        if held is None:
            held = bytes(800 << 20)
        print("move", legal[0], flush=True)
    elif words[0] == "quit":
        break
