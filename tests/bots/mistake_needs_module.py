#!/usr/bin/env python3
"""A mistaken bot: it imports a module found through PYTHONPATH, which a bot's cleared
environment does not have unless '--env PYTHONPATH' passes it on. With it, it plays the first
legal move."""
import sys

import baraza_test_helper

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
        print("move", legal[baraza_test_helper.FIRST], flush=True)
    elif words[0] == "quit":
        break
