#!/usr/bin/env python3
"""A mistaken bot: it opens its weights by a path relative to the folder it was started
from, but a bot runs in a fresh, empty working directory."""
import sys

with open("weights.txt") as f:
    weights = f.read()
for line in sys.stdin:
    if line.startswith("baraza"):
        print("ready", flush=True)
