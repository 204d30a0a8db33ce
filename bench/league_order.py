"""Games until a log's ratings show a known order, for bench/league-order.sh.

usage: python3 league_order.py BARAZA GAMES_JSONL NAME... [--ladder A<B ...] [--late NAME ...]

NAME... is the known order, weakest first (a log's `name@version` is read as `name`). After
every game pair of the log (its first 2, 4, ... games by game number, the schedule's order), `baraza results --json` on that prefix
gives the ratings (the Bradley-Terry fit the leaderboard shows); the order is reached when
Kendall's tau against the known order is at least 0.9 and every `--ladder` pair (A<B: a step
of docs/search.md's ladder at 70% or more) has B rated above A. Prints one line:
`first <games|never> stays <games|never> games <total>`: the first prefix in order, and the
prefix after which every later one is; with `--late`, each of those versions' own games at the
first prefix where it ranks within one place of its place in the known order.
"""

import json
import os
import subprocess
import sys
import tempfile


def ratings_of(baraza, header, lines):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "games.jsonl"), "w") as f:
            f.write(header)
            f.writelines(lines)
        out = subprocess.run(
            [baraza, "results", d, "--json"], capture_output=True, text=True, check=True
        ).stdout
    ratings = json.loads(out).get("ratings") or {}
    return {r["name"].split("@")[0]: r["rating"] for r in ratings.get("ratings", [])}


def in_order(rating, order, ladder):
    if any(name not in rating or rating[name] is None for name in order):
        return False
    if any(rating[b] <= rating[a] for a, b in ladder):
        return False
    n = len(order)
    concordant = discordant = 0
    for i in range(n):
        for j in range(i + 1, n):
            d = rating[order[j]] - rating[order[i]]
            concordant += d > 0
            discordant += d < 0
    return (concordant - discordant) / (n * (n - 1) / 2) >= 0.9


def options(args):
    """Positional arguments, then `--ladder A<B ...` and `--late NAME ...` lists."""
    lists, key = {"": [], "--ladder": [], "--late": []}, ""
    for a in args:
        if a in lists:
            key = a
        else:
            lists[key].append(a)
    return lists[""], [tuple(s.split("<")) for s in lists["--ladder"]], lists["--late"]


def own_games(lines, name):
    return sum(1 for l in lines if json.loads(l)["white"].split("@")[0] == name
               or json.loads(l)["black"].split("@")[0] == name)


def main():
    args, ladder, late = options(sys.argv[1:])
    baraza, log, order = args[0], args[1], args[2:]
    with open(log) as f:
        lines = f.readlines()
    header, games = lines[0], [l for l in lines[1:] if l.strip()]
    # In the order they were scheduled: games played at once finish in any order, and the
    # file's order would make the figures change from run to run.
    games.sort(key=lambda l: json.loads(l)["game"])
    trace, placed = [], {name: None for name in late}
    for k in range(2, len(games) + 1, 2):
        rating = ratings_of(baraza, header, games[:k])
        trace.append((k, in_order(rating, order, ladder)))
        for name in late:
            if placed[name] is None and name in rating and rating[name] is not None:
                rank = sum(1 for r in rating.values() if r is not None and r > rating[name])
                known = len(order) - 1 - order.index(name)
                if abs(rank - known) <= 1:
                    placed[name] = own_games(games[:k], name)
    first = next((k for k, ok in trace if ok), None)
    stays = None
    for k, ok in reversed(trace):
        if not ok:
            break
        stays = k
    show = lambda x: "never" if x is None else str(x)
    line = f"first {show(first)} stays {show(stays)} games {len(games)}"
    if late:
        line += " late " + " ".join(f"{n}:{show(placed[n])}" for n in late)
    print(line)


if __name__ == "__main__":
    main()
