#!/usr/bin/env python3
"""A correct random bot for the baraza protocol v1: the whole protocol in a few lines. Its
moves come from the seed given as its argument, or from the game's seed when the referee sends
one (`seed N` before `newgame`, with --send-seed), else from the system's entropy."""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        print("id name random-py", flush=True)
        print("ready", flush=True)
    elif words[0] == "seed":
        rng = random.Random(int(words[1]))
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move", rng.choice(legal), flush=True)
    elif words[0] == "quit":
        break
