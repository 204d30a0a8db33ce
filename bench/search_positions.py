#!/usr/bin/env python3
"""Make bench/search-positions.txt: positions of real games for `bench/search.sh cost`.

The cost of a search node depends on the position (a 2x18 board, a drop phase, Bao's
house), so both binaries must search the same ones: this picks them once, and the file is
committed. For each ruleset, one game of `builtin:search --level 3` against itself (seeded,
so node-limited: the same game on any machine), every STEP-th ply from ply 2 on, at most
PER positions, keeping those with two or more legal moves and whose 100,000-node search
ends on its budget (no proven win or loss, which stops a search early).

usage: python3 bench/search_positions.py [BARAZA] > bench/search-positions.txt
"""
import json
import os
import subprocess
import sys
import tempfile

RULESETS = ["darra", "darra-2x18", "dara", "dara-niger", "bao"]
STEP = 6
PER = 10
NODES = 100000


def run(*args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, check=True).stdout


def game(baraza, ruleset, seed):
    with tempfile.TemporaryDirectory() as d:
        log = os.path.join(d, "g.jsonl")
        run(baraza, "match", ruleset, "builtin:search --level 3", "builtin:search --level 3",
            "--games", "1", "--seed", str(seed), "--jsonl", log)
        lines = [json.loads(l) for l in open(log)]
    g = next(l for l in lines if "moves" in l)
    return g["start"], g["moves"]


def runs_to_budget(baraza, pos):
    """Whether a NODES-node search of `pos` ends on its budget (last score in cp)."""
    ruleset = pos.split()[0]
    script = f"baraza 1 {ruleset}\nnewgame 1 {pos}\nposition {pos}\ngo movetime 600000\nquit\n"
    out = run(baraza, "bot", "search", "--nodes", str(NODES), stdin=script)
    infos = [l for l in out.splitlines() if l.startswith("info ")]
    return bool(infos) and " score cp " in infos[-1]


def main():
    baraza = sys.argv[1] if len(sys.argv) > 1 else "target/release/baraza"
    for ruleset in RULESETS:
        kept = []
        seed = 1
        while len(kept) < PER and seed < 5:
            start, moves = game(baraza, ruleset, seed)
            for ply in range(2, len(moves), STEP):
                if len(kept) == PER:
                    break
                pos = run(baraza, "rules", "apply", start, *moves[:ply]).strip()
                if len(run(baraza, "rules", "legal", pos).split()) < 2:
                    continue
                if runs_to_budget(baraza, pos):
                    kept.append(pos)
            seed += 1
        for pos in kept:
            print(pos)


if __name__ == "__main__":
    main()
