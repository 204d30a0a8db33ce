#!/usr/bin/env python3
"""A random bot that draws its moves from the game's seed when the referee sends one
(`seed N` before `newgame`, with --send-seed), and from the system's entropy otherwise."""
import random
import sys

rng = random.Random()
legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        print("id name seeded-random", flush=True)
        print("ready", flush=True)
    elif words[0] == "seed":
        rng = random.Random(int(words[1]))
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move", rng.choice(legal), flush=True)
    elif words[0] == "quit":
        break
