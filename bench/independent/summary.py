#!/usr/bin/env python3
"""One line per tournament directory: the first bot's score with its 95% interval (per game,
as bench/search.sh computes it), wins/draws/losses, the games lost by a fault on each side,
and each bot's median think time per move (moves of 0 ms, i.e. forced, left out).

usage: summary.py DIR/games.jsonl...
"""
import json
import math
import re
import statistics
import sys

FAULTS = ("time forfeit", "illegal move", "protocol error", "crash", "stalled connection")


def summarize(path):
    lines = [json.loads(x) for x in open(path) if x.strip()]
    head, games = lines[0], lines[1:]
    bots = [b["name"] for b in head["event"]["bots"]]
    me, other = bots[0], bots[1]
    w = d = l_ = 0
    faults = {me: {}, other: {}}
    times = {me: [], other: []}
    for g in games:
        r = g["result"]
        mine_white = g["white"] == me
        if r == "1/2-1/2":
            d += 1
        elif (r == "1-0") == mine_white:
            w += 1
        else:
            l_ += 1
        if g["termination"] in FAULTS:
            m = re.search(r"\((.*?)\)", g["reason"])
            who = m.group(1) if m else "?"
            faults.setdefault(who, {})
            faults[who][g["termination"]] = faults[who].get(g["termination"], 0) + 1
        for i, t in enumerate(g.get("times_ms", [])):
            side = g["white"] if i % 2 == 0 else g["black"]
            if t > 0:
                times[side].append(t)
    n = w + d + l_
    p = (w + d / 2) / n
    v = (w * (1 - p) ** 2 + d * (0.5 - p) ** 2 + l_ * p ** 2) / n
    ci = 196 * math.sqrt(v / n)

    def fl(who):
        f = faults.get(who, {})
        return ", ".join("%d %s" % (c, k) for k, c in sorted(f.items())) or "none"

    def med(who):
        return "%.0f" % statistics.median(times[who]) if times[who] else "-"
    limits = {b["name"]: b["limits"] for b in head["event"]["bots"]}
    return ("%s: %s vs %s (movetime %s / %s ms, margin %s ms): %d games, +%d =%d -%d, "
            "score %.1f%% +- %.1f%%; faults: %s: %s, %s: %s; median ms/move %s %s, %s %s"
            % (head["event"]["ruleset"], me, other, limits[me]["movetime_ms"],
               limits[other]["movetime_ms"], limits[me]["margin_ms"], n, w, d, l_, 100 * p, ci,
               me, fl(me), other, fl(other), me, med(me), other, med(other)))


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(summarize(path))
