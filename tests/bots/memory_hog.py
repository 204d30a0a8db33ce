#!/usr/bin/env python3
"""Says ready, then at its first turn takes 1 GiB of memory instead of moving: the bot a
`memory` limit must stop."""
import sys

for line in sys.stdin:
    words = line.split()
    if words and words[0] == "baraza":
        print("id name memory-hog", flush=True)
        print("ready", flush=True)
    elif words and words[0] == "go":
        hog = bytearray(1 << 30)
        hog[:: 1 << 12] = b"x" * (1 << 18)
