#!/usr/bin/env python3
"""A mistaken bot: it prints its debugging on stdout, before and instead of the protocol."""
import sys

print("Loading weights from net.bin", flush=True)
print("DEBUG: hello received?", flush=True)
for line in sys.stdin:
    if line.startswith("quit"):
        break
