#!/usr/bin/env python3
"""Cross-check the Python rules (rules.py) against baraza's own engine.

1. Every worked example of the rules specifications (*-examples.tsv) must come out the same.
2. Random games: at every ply the legal move list must equal `baraza rules legal`, and the
   position and status after a random move must equal `baraza rules apply --json`.

usage: crosscheck.py [--baraza PATH] [--games N] [--seed S] [--examples DIR] RULESET...
Exits 1 on the first disagreement, printing the position and both answers.
"""
import argparse
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rules  # noqa: E402


def baraza(exe, *args):
    out = subprocess.run([exe, "rules", *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("baraza rules %s: %s" % (" ".join(args), out.stderr.strip()))
    return out.stdout


def fail(msg):
    print("DISAGREE: " + msg)
    sys.exit(1)


def check_examples(path):
    n = 0
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        st = rules.parse(f[0])
        if f[1] == "LEGAL":
            want = f[2].split()
            got = sorted(st.token(a) for a in st.legal())
            if got != want:
                fail("%s legal: spec %s, python %s" % (f[0], want, got))
        else:
            toks = {st.token(a): a for a in st.legal()}
            if f[1] not in toks:
                fail("%s: %s not legal in python" % (f[0], f[1]))
            st.apply(toks[f[1]])
            if st.position() != f[2] or rules.status(st) != f[3]:
                fail("%s %s: spec %s / %s, python %s / %s"
                     % (f[0], f[1], f[2], f[3], st.position(), rules.status(st)))
        n += 1
    return n


def random_bao(rng):
    """A random valid Bao position: 64 seeds spread over the holes (and, half the time, the
    hands), random house flags; so that random play reaches the mtaji stage and takasia."""
    while True:
        in_hand = 0 if rng.random() < 0.6 else rng.randrange(2, 40, 2)
        cells = [0] * 32
        for _ in range(64 - in_hand):
            cells[rng.randrange(32)] += 1
        if any(cells[8:24]):
            break
    rows = [cells[r * 8:r * 8 + 8] for r in range(4)]
    board = "/".join(",".join(str(x) for x in r) for r in rows)
    flags = rng.choice("H-") + rng.choice("H-")
    return "bao %s %d %d %d %s -" % (board, in_hand // 2, in_hand // 2, rng.randint(1, 2), flags)


def play_one(exe, ruleset, seed):
    rng = random.Random(seed)
    if ruleset == "bao" and seed % 2:
        st = rules.parse(random_bao(rng))
    else:
        st = rules.start(ruleset)
    plies = 0
    while True:
        pos = st.position()
        mine = sorted(st.token(a) for a in st.legal())
        theirs = baraza(exe, "legal", pos).split()
        if mine != theirs:
            return "game seed %d ply %d: %s\n  baraza: %s\n  python: %s" % (
                seed, plies, pos, theirs, mine)
        if not mine:
            return None
        acts = st.legal()
        a = rng.choice(acts)
        tok = st.token(a)
        st.apply(a)
        plies += 1
        out = json.loads(baraza(exe, "apply", "--json", pos, tok))
        want_status = out["status"]["status"]
        if want_status != "ongoing":
            s = out["status"]
            want_status = " ".join(str(s[k]) for k in ("result", "reason") if k in s)
            if "scores" in s:
                want_status += " %d-%d" % tuple(s["scores"])
        if out["position"] != st.position() or want_status != rules.status(st):
            return "game seed %d ply %d: %s then %s\n  baraza: %s / %s\n  python: %s / %s" % (
                seed, plies, pos, tok, out["position"], want_status, st.position(),
                rules.status(st))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--baraza", default="target/release/baraza")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    # The rules' worked examples, as the project's tests keep them.
    ap.add_argument("--examples", default="tests/data")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("rulesets", nargs="+")
    a = ap.parse_args()
    for fam in ("darra", "dara", "bao"):
        p = os.path.join(a.examples, fam + "-examples.tsv")
        if not os.path.exists(p):
            sys.exit("crosscheck: %s: no such file (--examples names the folder of the "
                     "*-examples.tsv files)" % p)
        print("%s: %d spec examples agree" % (p, check_examples(p)))
    for rs in a.rulesets:
        with ThreadPoolExecutor(a.jobs) as pool:
            seeds = [a.seed * 100003 + i for i in range(a.games)]
            for err in pool.map(lambda s: play_one(a.baraza, rs, s), seeds):
                if err:
                    fail(rs + " " + err)
        print("%s: %d random games agree with baraza rules at every ply" % (rs, a.games))


if __name__ == "__main__":
    main()
