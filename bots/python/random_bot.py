#!/usr/bin/env python3
"""A random bot for baraza, protocol v1 (see protocol.md). Standard library only.

Copy this file to start your own bot: make choose_move() smarter, keep the loop.
Try it:  baraza match darra "python3 bots/python/random_bot.py" builtin:random
"""
import random
import sys


def choose_move(position, legal):
    # position: the full position string; legal: the legal move tokens.
    return random.choice(legal)


def main():
    position, legal = "", []
    for line in sys.stdin:  # one message per line; the first word is its type
        words = line.split()
        if not words:
            continue  # blank lines are ignored
        if words[0] == "baraza":  # hello: "baraza 1 <ruleset>"
            print("id name python-random", flush=True)
            print("ready", flush=True)  # do any slow set-up before this line
        elif words[0] == "position":  # the full position before our move
            position = " ".join(words[1:])
        elif words[0] == "legal":  # every legal move
            legal = words[1:]
        elif words[0] == "go":  # our turn: answer with exactly one move line
            print("move", choose_move(position, legal), flush=True)
        elif words[0] == "quit":
            break
        # anything else (newgame, last, gameover, new messages) is ignored


if __name__ == "__main__":
    main()
