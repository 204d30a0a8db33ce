"""baraza.run: the protocol loop around a bot function (protocol.md), driven with the
referee's lines; and the same through a real `baraza check-bot`."""
import io
import subprocess
import sys
from pathlib import Path

import baraza
from conftest import baraza_exe

DARRA = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"
AFTER_6A = "darra 4,4,4,4,4,0/5,5,5,5,4,4 2 0 0 - 1"
GO = "go p1time 10000 p2time 9000 p1inc 100 p2inc 50"


def play(lines, choose, **kw):
    out = io.StringIO()
    baraza.run(choose, input=io.StringIO("".join(l + "\n" for l in lines)), output=out, **kw)
    return out.getvalue().splitlines()


def test_hello_turns_and_several_games_then_quit():
    calls = []

    def choose(position, legal, go):
        calls.append((str(position), legal, go.me, go.time, go.inc))
        baraza.info("depth 1 score cp 0")
        return legal[-1]

    games = []
    lines = ["baraza 1 darra", "",
             "newgame 1 " + DARRA, "position " + DARRA, "last -",
             "legal 1A 2A 3A 4A 5A 6A", GO, "gameover 1-0 normal",
             "newgame 2 " + DARRA, "seed 7", "position " + AFTER_6A, "last 6A",
             "legal 1B 2B 3B 4B 5B 6B", GO, "quit",
             "position " + DARRA, GO]  # after quit nothing is read
    out = play(lines, choose, name="tester", author="me",
               new_game=lambda p, pos: games.append((p, str(pos))))
    assert out == ["id name tester", "id author me", "ready",
                   "info depth 1 score cp 0", "move 6A",
                   "info depth 1 score cp 0", "move 6B"]
    assert calls == [(DARRA, ["1A", "2A", "3A", "4A", "5A", "6A"], 1, 10000, 100),
                     (AFTER_6A, ["1B", "2B", "3B", "4B", "5B", "6B"], 2, 9000, 50)]
    assert games == [(1, DARRA), (2, DARRA)]


def test_setup_runs_before_ready():
    out, seen = io.StringIO(), []
    baraza.run(lambda *a: None, input=io.StringIO("baraza 1 bao\n"), output=out,
               setup=lambda r: seen.append((r, out.getvalue())))
    assert seen == [("bao", "id name python-bot\n")]
    assert out.getvalue() == "id name python-bot\nready\n"


def test_a_ruleset_it_does_not_know_ends_quietly():
    assert play(["baraza 1 chess", "newgame 1 x"], lambda *a: "x") == []


def test_go_budget():
    movetime_only = baraza.Go("p1time 100 p2time 100 p1inc 0 p2inc 0 movetime 100".split(), 1)
    assert movetime_only.movetime == 100 and abs(movetime_only.budget() - 0.07) < 1e-9
    clock = baraza.Go("p1time 10000 p2time 5000 p1inc 100 p2inc 0".split(), 2)
    assert clock.movetime is None and clock.time == 5000 and clock.inc == 0
    assert abs(clock.budget(1.0) - 0.2) < 1e-9  # a 25th of 5 s
    both = baraza.Go("p1time 10000 p2time 10000 p1inc 0 p2inc 0 movetime 50 depth 3".split(), 1)
    assert abs(both.budget(1.0) - 0.05) < 1e-9 and both.depth == 3


def test_a_real_referee_accepts_a_bot_written_with_run(tmp_path):
    bot = tmp_path / "first_bot.py"
    bot.write_text("import baraza\nbaraza.run(lambda position, legal, go: legal[0])\n")
    out = subprocess.run([baraza_exe(), "check-bot", "dara", "%s %s" % (sys.executable, bot)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
