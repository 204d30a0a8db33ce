"""Every worked example of the rules specs, through the package: its answers must be the
spec's and those of `baraza rules` (the real binary)."""
import pytest

from baraza import Position
from conftest import example_rows, rules, rules_json, status_text

ROWS = [(game, i, row) for game in ("darra", "bao", "dara")
        for i, row in enumerate(example_rows(game), 1)]


def test_every_game_has_its_examples():
    # darra.md 19, dara.md 19, bao.md 33 worked examples (as tests/it/engines/spec_examples.rs).
    counts = {g: sum(1 for r in ROWS if r[0] == g) for g in ("darra", "bao", "dara")}
    assert counts == {"darra": 19, "bao": 33, "dara": 19}


@pytest.mark.parametrize("game,number,row", ROWS, ids=["%s-%d" % r[:2] for r in ROWS])
def test_spec_example(game, number, row):
    pos = Position(row[0])
    assert str(pos) == row[0]
    legal = pos.legal()
    assert legal == rules("legal", row[0]).split()
    if row[1] == "LEGAL":
        assert legal == (row[2].split() if len(row) > 2 else [])
        return
    assert row[1] in legal
    after = pos.after(row[1])
    assert str(pos) == row[0], "after() changed the position it was called on"
    want = rules_json("apply", row[0], row[1])
    assert str(after) == row[2] == want["position"]
    assert after.status() == row[3] == status_text(want["status"])
    assert after.is_over() == (row[3] != "ongoing")
    pos.play(row[1])
    assert pos == after
