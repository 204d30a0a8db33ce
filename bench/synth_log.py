#!/usr/bin/env python3
"""A synthetic tournament log for the scale bench: a round-robin of BOTS bots, ROUNDS rounds,
written as the whole event's games.jsonl and as SHARDS shard logs (shard K holds the pairs q
with (q - 1) mod SHARDS = K - 1, as `--shard K/SHARDS` plays them).

    synth_log.py OUT BOTS ROUNDS SHARDS

writes OUT/whole/games.jsonl and OUT/shard-K/games.jsonl. Every game line is a real Darra game
record (think times, the schedule's id, pair, number and players): one of three games played by
builtin:random (89, 76 and 53 plies), drawn from a fixed seed, with its own result and ending,
so `baraza results --verify` finds every line true to the rules and the schedule; the header's config hash is computed as baraza computes it (SHA-256 of the
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


# Three real Darra games (played by builtin:random, re-judged by `baraza results --verify`),
# one of each result: a line's result draws the game, so every line is true to the rules.
GAMES = {
    "1-0": ("end 32-16",
            "3A 1B 6A 5B 5A 4B 3A 1B 2A 2B 3A 5B 6A 1B 2A 6B 2A 2B 4A 6B 6A 4B 4A 5B 2A 2B 4A "
            "3B 6A 5B 4A 4B 2A 2B 1A 1B 5A 1B 1A 5B 2A 6B 1A 4B 5A 5B 2A 2B 6A 4B 3A 6B 4A 1B "
            "5A 2B 1A 4B 6A 5B 2A 6B 1A 3B 2A 1B 3A 6B 6A 2B 5A 1B 4A 3B 6A 4B 5A 2B 1A 3B 6A "
            "1B 2A 4B 3A 5B 1A 6B 1A"),
    "0-1": ("end 20-28",
            "4A 2B 5A 2B 3A 3B 3A 1B 4A 2B 1A 3B 6A 6B 4A 4B 2A 2B 4A 1B 6A 1B 1A 4B 2A 2B 3A "
            "5B 6A 5B 3A 3B 2A 2B 5A 1B 6A 2B 3A 3B 1A 5B 4A 1B 1A 2B 2A 6B 3A 3B 5A 4B 4A 5B "
            "5A 6B 6A 1B 1A 3B 3A 4B 4A 5B 5A 2B 6A 1B 2A 6B 3A 3B 5A 2B 1A 3B"),
    "1/2-1/2": ("end 24-24",
                "4A 4B 5A 5B 6A 4B 2A 5B 4A 2B 5A 3B 6A 5B 3A 5B 2A 2B 6A 6B 3A 2B 5A 3B 2A 4B "
                "4A 2B 3A 6B 1A 2B 4A 3B 6A 4B 3A 5B 5A 1B 1A 1B 2A 5B 4A 4B 1A 3B 3A 5B 1A 6B "
                "4A"),
}
rng = random.Random(7)
head = ('{"game_id":"r%d-p%d-%s","pair":%d,"game":%d,"ruleset":"darra","white":"%s",'
        '"black":"%s",')
tails = {}
for result, (end, text) in GAMES.items():
    moves = text.split()
    times = json.dumps([rng.randrange(5, 120) for _ in moves], separators=(",", ":"))
    moves_json = json.dumps(moves, separators=(",", ":"))
    tails[result] = (
        f'"result":"{result}","termination":"normal","reason":"ended by the rules: {end}",'
        f'"plies":{len(moves)},"moves":{moves_json},"times_ms":{times},'
        '"start":"darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0",').replace("%", "%%") + (
        '"seed":%d,"time_control":"movetime=100ms","event":"bench","site":"-",'
        '"date":"2026.12.01","round":"%d"}\n')
results = list(GAMES)

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
            tail = tails[results[rng.randrange(3)]] % (rng.getrandbits(63), r)
            text = head % (r, p, leg, q, n, names[w], names[b]) + tail
            whole.write(text)
            f.write(text)
for f in [whole] + parts:
    f.close()
print(f"{games} games, {bots} bots, {rounds} rounds, {shards} shards in {out}")
