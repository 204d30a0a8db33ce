"""The Position class: parsing, moves, status, perft, copies and the string forms."""
import copy
import json
import subprocess

import pytest

import baraza
from baraza import Position
from conftest import DATA, baraza_exe, rules

DARRA = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"


def test_rulesets_are_those_of_baraza_games():
    out = subprocess.run([baraza_exe(), "games", "--json"], capture_output=True, text=True)
    games = json.loads(out.stdout)
    assert baraza.rulesets() == [g["id"] for g in games]
    for g in games:
        assert str(Position.start(g["id"])) == g["start"] == rules("start", g["id"]).strip()


def test_a_position_parses_and_prints_as_the_protocol_writes_it():
    pos = Position(DARRA)
    assert str(pos) == DARRA
    assert repr(pos) == "Position('%s')" % DARRA
    assert pos.ruleset == "darra"
    assert pos.side_to_move == 1
    # darra.md: the first player sows from row A, its six holes.
    assert pos.legal() == ["1A", "2A", "3A", "4A", "5A", "6A"]
    assert Position(DARRA + "\n") == pos  # the protocol line's end is harmless


@pytest.mark.parametrize("text,message", [
    ("", "bad position: empty position string"),
    ("chess 1 2", "bad position: unknown ruleset 'chess'"),
    ("darra 4,4,4,4,4,4/4,4,4,4,4,4 3 0 0 - 0", "bad position: side: '3' must be 1 or 2"),
    ("darra 4,4,4,4,4,4/4,4,4,4,4,5 1 0 0 - 0", "bad position: seed count: 49"),
])
def test_a_bad_position_is_a_value_error_with_baraza_s_message(text, message):
    with pytest.raises(ValueError) as e:
        Position(text)
    assert str(e.value).startswith(message)


def test_start_of_an_unknown_ruleset_is_a_value_error():
    with pytest.raises(ValueError, match="unknown ruleset 'go'"):
        Position.start("go")


def test_play_changes_the_position_and_after_makes_a_new_one():
    pos = Position(DARRA)
    nxt = pos.after("1A")
    # darra.md: 1A's four seeds go to 2A..5A and none makes exactly 4.
    assert str(nxt) == "darra 0,5,5,5,5,4/4,4,4,4,4,4 2 0 0 - 1"
    assert str(pos) == DARRA
    pos.play("1A")
    assert pos == nxt and hash(pos) == hash(nxt)
    assert pos.side_to_move == 2


@pytest.mark.parametrize("move,message", [("1B", "illegal move '1B'"), ("zz", "'zz'")])
def test_an_illegal_move_is_refused_and_changes_nothing(move, message):
    pos = Position(DARRA)
    with pytest.raises(ValueError, match=message):
        pos.play(move)
    with pytest.raises(ValueError, match=message):
        pos.after(move)
    assert str(pos) == DARRA


def test_clone_and_copy_are_independent():
    pos = Position(DARRA)
    for other in (pos.clone(), copy.copy(pos), copy.deepcopy(pos)):
        other.play("6A")
        assert str(pos) == DARRA
        assert other != pos


def test_children_are_the_legal_moves_with_their_positions():
    for ruleset in baraza.rulesets():
        pos = Position.start(ruleset)
        children = pos.children()
        assert [m for m, _ in children] == pos.legal()
        for move, child in children:
            assert child == pos.after(move)


def test_status_and_winner_of_a_finished_game():
    # darra-examples.tsv: the last capture ends the game 20-28 for player 2.
    row = [r for r in (DATA / "darra-examples.tsv").read_text().splitlines()
           if r.startswith("darra") and "0-1 end" in r][0].split("\t")
    over = Position(row[0]).after(row[1])
    assert over.status() == row[3] == rules("status", row[2]).strip()
    assert over.is_over() and over.winner() == 2 and over.legal() == []
    start = Position(DARRA)
    assert start.status() == "ongoing" and not start.is_over() and start.winner() is None


def test_material_is_from_the_given_side():
    pos = Position("darra 2,1,5,6,0,2/1,5,0,3,2,1 1 8 12 2 3")
    assert pos.material(1) == -4 and pos.material(2) == 4  # 8 captured against 12
    with pytest.raises(ValueError):
        pos.material(3)


def test_perft_matches_the_spec_figures():
    # shared/rules/perft.txt (copied to tests/data/perft.txt), the small counts.
    checked = 0
    for line in (DATA / "perft.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        text, depth, nodes = line.split("\t")
        if int(nodes) <= 100000:
            assert Position(text).perft(int(depth)) == int(nodes), line
            checked += 1
    assert checked >= 15


def test_show_draws_the_board_as_baraza_rules_show():
    pos = Position(DARRA)
    assert rules("show", DARRA) == DARRA + "\n" + pos.show()
