"""Legal+apply per CPU second: the baraza Python package (the Rust engines) against the
pure-Python rules of bench/independent/ (rules.py, bao_rules.py), on the same random playouts.

Each run plays GAMES random playouts from the ruleset's start with one implementation, counting
plies (one ply = list the legal moves, pick one at random, apply it). Runs alternate between
the two implementations (interleaved, so a change in the machine's load hits both alike); the
figure of each is the median over its runs, and the ratio is package / pure Python. Time is
the process's CPU time (both run in this one thread): on a shared machine the wall time also
counts the waits for a core, which made the figures move with the load.

usage: python3 bench/python_package.py [--games N] [--runs R] [--seed S] RULESET...
"""
import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "independent"))
import rules as pure  # noqa: E402

import baraza  # noqa: E402

MAX_PLIES = 1000  # Bao can go on for ever; the referee's default limit


def package_playouts(ruleset, games, rng):
    start, plies = baraza.Position.start(ruleset), 0
    for _ in range(games):
        pos = start.clone()
        for _ in range(MAX_PLIES):
            moves = pos.legal()
            if not moves:
                break
            pos.play(rng.choice(moves))
            plies += 1
    return plies


def pure_playouts(ruleset, games, rng):
    plies = 0
    for _ in range(games):
        st = pure.start(ruleset)
        for _ in range(MAX_PLIES):
            actions = st.legal()
            if not actions:
                break
            st.apply(rng.choice(actions))
            plies += 1
    return plies


def rate(play, ruleset, games, seed):
    rng = random.Random(seed)
    t0 = time.process_time()
    plies = play(ruleset, games, rng)
    return plies / (time.process_time() - t0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("rulesets", nargs="*", default=["darra", "bao", "dara"])
    a = ap.parse_args()
    print("ruleset     package plies/s   pure-Python plies/s   ratio  (per CPU second, median "
          "of %d runs of %d playouts each; load %.1f)" % (a.runs, a.games, os.getloadavg()[0]))
    for ruleset in a.rulesets:
        pkg, py = [], []
        for run in range(a.runs):
            seed = a.seed * 1000 + run  # the same playouts for both in a run
            pkg.append(rate(package_playouts, ruleset, a.games, seed))
            py.append(rate(pure_playouts, ruleset, a.games, seed))
        p, q = statistics.median(pkg), statistics.median(py)
        print("%-11s %15.0f %21.0f %7.1fx" % (ruleset, p, q, p / q))


if __name__ == "__main__":
    main()
