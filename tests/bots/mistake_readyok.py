#!/usr/bin/env python3
"""A mistaken bot with a UCI habit: it answers the hello with 'readyok'."""
import sys

for line in sys.stdin:
    words = line.split()
    if words and words[0] == "baraza":
        print("readyok", flush=True)
    elif words and words[0] == "quit":
        break
