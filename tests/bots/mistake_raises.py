#!/usr/bin/env python3
"""A mistaken bot: it starts cleanly, then raises an exception on its first turn."""
import sys

for line in sys.stdin:
    words = line.split()
    if words and words[0] == "baraza":
        print("ready", flush=True)
    elif words and words[0] == "go":
        print(1 / 0)
