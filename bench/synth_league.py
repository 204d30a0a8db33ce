#!/usr/bin/env python3
"""A league's games.jsonl made long, for bench/league-scale.sh.

    synth_league.py LOG GAMES VERSIONS            rewrite LOG: its header, then GAMES lines
    synth_league.py LOG GAMES VERSIONS --append   append GAMES lines numbered after its last

LOG must hold a header and at least two real game lines (one game pair, legs a and b): each
line written is a copy of one of them with the schedule's fields a league writes changed, so
that it reads as the league's own. Game g (from 1) is leg (g - 1) % 2 of pair (g + 1) // 2;
batch (the round) b holds 8 pairs, ids r{b}-p{k}-{a|b}; the pair's players are two of the
VERSIONS versions v0@1..., each meeting every other in turn, sides swapped in leg b; results
cycle 1-0, 0-1, 1/2-1/2.
"""
import json
import os
import sys

path, games, versions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
append = "--append" in sys.argv[4:]

with open(path, "rb") as f:
    header = f.readline()
    real = [json.loads(f.readline()), json.loads(f.readline())]
    start = 0
    if append:
        f.seek(max(0, os.path.getsize(path) - 65536))
        start = json.loads(f.read().rstrip(b"\n").rsplit(b"\n", 1)[-1])["game"]


def line(g):
    pair, leg = (g + 1) // 2, (g - 1) % 2
    batch, k = (pair - 1) // 8 + 1, (pair - 1) % 8 + 1
    # Every version meets every other in turn: one ladder, every rating fitted.
    a = pair % versions
    b = (a + 1 + (pair // versions) % (versions - 1)) % versions
    white, black = (a, b) if leg == 0 else (b, a)
    v = dict(real[leg])
    v.update(
        game_id=f"r{batch}-p{k}-{'ab'[leg]}",
        pair=pair,
        game=g,
        round=str(batch),
        white=f"v{white}@1",
        black=f"v{black}@1",
        result=("1-0", "0-1", "1/2-1/2")[g % 3],
    )
    return json.dumps(v, separators=(",", ":")) + "\n"


with open(path, "a" if append else "w") as out:
    if not append:
        out.write(header.decode())
    for g in range(start + 1, start + games + 1):
        out.write(line(g))
