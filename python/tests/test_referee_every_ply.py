"""The package against the referee at every ply: 300 games per ruleset between two bots that
play at random with the package and check, on each of their turns, that the referee's `legal`
line is the package's list for the referee's `position` line, and that this position is the
one the package reaches from its own position after its last move by the opponent's `last`
move (or by opponent moves each answered by a forced pass of its own, which the referee plays
without asking, then `last`; past two such unseen passes the turn's position is not
checked, only its legal list). A bot that finds a difference writes it to stderr and exits 1, so its game is
lost as a crash with the difference in the reason; every game must end without one."""
import json
import subprocess
import sys
import textwrap

import pytest

import baraza

from conftest import baraza_exe

GAMES = 300

CHECKER = textwrap.dedent(
    """
    import random, sys
    import baraza

    rng = random.Random(int(sys.argv[1]))
    expected = None     # the position after our last move, or None (a new game)
    last = None

    def reached(pos, last, target):
        # Whether `target` follows `pos` by the opponent's `last`, or by opponent moves each
        # followed by our forced pass (played by the referee, unseen) and then `last`: a
        # search over the positions where we must pass, each seen once. Beyond two unseen
        # passes the search would not fit in a turn: such a turn is taken as reached.
        if last == "-":  # the first move of the game: the start itself
            return str(pos) == str(target)
        frontier, seen = [pos], set()
        for _ in range(3):
            if not frontier:
                return False
            nxt = []
            for p in frontier:
                if last in p.legal() and str(p.after(last)) == str(target):
                    return True
                for move in p.legal():
                    mine = p.after(move)
                    if mine.legal() == ["pass"] and str(mine) not in seen:
                        seen.add(str(mine))
                        nxt.append(mine.after("pass"))
            frontier = nxt
        return bool(frontier)

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "baraza":
            print("ready", flush=True)
        elif kind == "newgame":
            expected = baraza.Position(" ".join(words[2:]))
        elif kind == "position":
            position = baraza.Position(" ".join(words[1:]))
        elif kind == "last":
            last = words[1]
        elif kind == "legal":
            legal = words[1:]
        elif kind == "go":
            problems = []
            if expected is not None and not reached(expected, last, position):
                problems.append("position %s, not reached by the package from %s by %s"
                                % (position, expected, last))
            if position.legal() != legal:
                problems.append("legal %s, package %s" % (legal, position.legal()))
            if problems:
                sys.stderr.write("; ".join(problems) + "\\n")
                sys.exit(1)
            move = rng.choice(legal)
            position.play(move)
            expected = position
            print("move", move, flush=True)
        elif kind == "gameover":
            expected = None
        elif kind == "quit":
            break
    """
)


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_the_referee_and_the_package_agree_at_every_ply(ruleset, tmp_path):
    bot = tmp_path / "checker.py"
    bot.write_text(CHECKER)
    log = tmp_path / "games.jsonl"
    cmd = [
        baraza_exe(), "match", ruleset,
        "%s %s 1" % (sys.executable, bot), "%s %s 2" % (sys.executable, bot),
        "--games", str(GAMES), "--movetime", "2000", "--concurrency", "2",
        "--jsonl", str(log),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    lines = [json.loads(l) for l in log.read_text().splitlines()]
    # The match's header (and an SPRT line) carry a "baraza" key; games do not.
    games = [g for g in lines if "baraza" not in g]
    assert len(games) == GAMES, out.stderr
    faults = [g for g in games if g["termination"] not in ("normal", "adjudication")]
    assert not faults, "%s: %s" % (faults[0]["termination"], faults[0]["reason"])
    plies = sum(g["plies"] for g in games)
    assert plies > GAMES * 20  # real games, each ply checked by the side to move

