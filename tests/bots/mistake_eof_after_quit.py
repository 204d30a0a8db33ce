#!/usr/bin/env python3
"""A mistaken bot: it plays correctly, but on 'quit' it reads on (a `while True` loop with no
way out), so Python's input() meets the end of its input and raises EOFError."""
import random

legal = []
while True:
    words = input().split()
    if not words:
        continue
    if words[0] == "baraza":
        print("ready", flush=True)
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move", random.choice(legal), flush=True)
    elif words[0] == "quit":
        pass  # the mistake: no break
