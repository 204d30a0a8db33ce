#!/usr/bin/env python3
"""A synthetic tournament log for the scale bench: a round-robin of BOTS bots, ROUNDS rounds,
written as the whole event's games.jsonl and as SHARDS shard logs (shard K holds the pairs q
with (q - 1) mod SHARDS = K - 1, as `--shard K/SHARDS` plays them).

    synth_log.py OUT BOTS ROUNDS SHARDS

writes OUT/whole/games.jsonl and OUT/shard-K/games.jsonl. Every game line is a real Darra game
record (76 plies, think times, the schedule's id, pair, number and players) with a result drawn
from a fixed seed; the header's config hash is computed as baraza computes it (SHA-256 of the
canonical event's compact JSON), and `baraza merge` checks it.
"""
import hashlib
import json
import os
import random
import sys

out, bots, rounds, shards = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
names = [f"bot{i:03}" for i in range(bots)]
limits = {"startup_timeout_ms": 10000, "movetime_ms": 100, "tc": None, "margin_ms": 50}
event = {
    "ruleset": "darra",
    "format": "round-robin",
    "rounds": rounds,
    "seed": 1,
    "bots": [{"name": n, "command": "builtin:random", "limits": limits} for n in names],
    "openings": {"kind": "standard"},
    "max_plies": None,
}
canonical = json.dumps(event, separators=(",", ":"))
config_hash = hashlib.sha256(canonical.encode()).hexdigest()
pairings = [(i, j) for i in range(bots) for j in range(i + 1, bots)]
games = 2 * len(pairings) * rounds


def header(scheduled, shard):
    h = {"baraza": "tournament", "schema": 1, "version": "0.1.0", "config_hash": config_hash,
         "scheduled_games": scheduled, "event": event, "sprt": None}
    if shard:
        h["shard"] = {"index": shard[0], "count": shard[1]}
    return json.dumps(h, separators=(",", ":")) + "\n"


moves = ("4A 2B 5A 2B 3A 3B 3A 1B 4A 2B 1A 3B 6A 6B 4A 4B 2A 2B 4A 1B 6A 1B 1A 4B 2A 2B 3A 5B 6A "
         "5B 3A 3B 2A 2B 5A 1B 6A 2B 3A 3B 1A 5B 4A 1B 1A 2B 2A 6B 3A 3B 5A 4B 4A 5B 5A 6B 6A 1B "
         "1A 3B 3A 4B 4A 5B 5A 2B 6A 1B 2A 6B 3A 3B 5A 2B 1A 3B").split()
rng = random.Random(7)
times = json.dumps([rng.randrange(5, 120) for _ in moves], separators=(",", ":"))
moves_json = json.dumps(moves, separators=(",", ":"))
tail = ('"termination":"normal","reason":"ended by the rules: end 20-28","plies":76,'
        f'"moves":{moves_json},"times_ms":{times},'
        '"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",')
line = ('{"game_id":"r%d-p%d-%s","pair":%d,"game":%d,"ruleset":"darra","white":"%s","black":"%s",'
        '"result":"%s",' + tail.replace("%", "%%") +
        '"seed":%d,"time_control":"movetime=100ms","event":"bench","site":"-",'
        '"date":"2026.12.01","round":"%d"}\n')
results = ["1-0", "0-1", "1/2-1/2"]

os.makedirs(f"{out}/whole", exist_ok=True)
whole = open(f"{out}/whole/games.jsonl", "w", buffering=1 << 20)
whole.write(header(games, None))
parts = []
for k in range(1, shards + 1):
    os.makedirs(f"{out}/shard-{k}", exist_ok=True)
    f = open(f"{out}/shard-{k}/games.jsonl", "w", buffering=1 << 20)
    mine = sum(1 for q in range(1, games // 2 + 1) if (q - 1) % shards == k - 1)
    f.write(header(2 * mine, (k, shards)))
    parts.append(f)
q = 0
for r in range(1, rounds + 1):
    for p, (i, j) in enumerate(pairings, start=1):
        q += 1
        f = parts[(q - 1) % shards]
        for leg, w, b in (("a", i, j), ("b", j, i)):
            n = 2 * q - (1 if leg == "a" else 0)
            text = line % (r, p, leg, q, n, names[w], names[b], results[rng.randrange(3)],
                           rng.getrandbits(63), r)
            whole.write(text)
            f.write(text)
for f in [whole] + parts:
    f.close()
print(f"{games} games, {bots} bots, {rounds} rounds, {shards} shards in {out}")
