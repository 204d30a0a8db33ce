"""docs/python.md's examples of the learning environments run as written, and the bot shown
there is python/examples/mcts_bot.py."""
import re

import pytest

from conftest import ROOT, optional_module

DOC = (ROOT / "docs" / "python.md").read_text()
SECTION = DOC.split("## Learning environments")[1].split("\n## ")[0]
BLOCKS = re.findall(r"```python\n(.*?)```", SECTION, re.S)


def test_the_section_has_its_three_examples():
    assert len(BLOCKS) == 3, BLOCKS


def test_the_pettingzoo_example_plays_a_game(capsys):
    optional_module("pettingzoo")
    exec(compile(BLOCKS[0], "python.md pettingzoo", "exec"), {})
    finals = capsys.readouterr().out.split("\n")
    rewards = sorted(int(line.split()[1]) for line in finals if line.startswith("player_"))
    assert rewards in ([-1, 1], [0, 0]), finals


def test_the_openspiel_example_plays_a_game(capsys):
    optional_module("pyspiel")
    exec(compile(BLOCKS[1], "python.md openspiel", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("darra ") and re.search(r"\[(-?1|0)\.0, (-?1|0)\.0\]", out), out


def test_the_bot_shown_is_the_example_file():
    source = (ROOT / "python" / "examples" / "mcts_bot.py").read_text()
    for line in BLOCKS[2].splitlines():
        code = line.split("#")[0].rstrip()
        if code:
            assert code in source, code
