#!/usr/bin/env python3
"""Premoves: with its move, in the same write, it sends what should be its next answer.

`flood`: its move, 32 KiB of info lines, then `move <guess>` (the last legal move of the
position it was given). `stray`: its move and `move <guess>` at once. One write each, so the
premove is in the pipe before the referee has read the move that precedes it. `split`: its
move, then `move <guess>` in a second write right after: the referee may stop it between the
two, and it writes the premove as soon as it is continued, before it reads its turn."""
import os
import sys

mode = sys.argv[1]
legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "baraza":
        sys.stdout.write("id name premove\nready\n")
        sys.stdout.flush()
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        out = "move %s\n" % legal[0]
        if mode == "split":
            os.write(1, out.encode())
            out = ""
        if mode == "flood":
            info = "info " + "x" * 58 + "\n"
            out += info * (32 * 1024 // len(info))
        out += "move %s\n" % legal[-1]
        data = out.encode()
        while data:
            data = data[os.write(1, data):]
    elif words[0] == "quit":
        break
