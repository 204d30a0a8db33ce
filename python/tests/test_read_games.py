"""baraza.read_games over real tournaments' logs, held to the CLI: every ply equals
`baraza replay --game K --json`, every final position the package's own replay, the counts
`baraza results --json`; and Position's history, undo, structured status and captures."""
import json
import re
import subprocess
import sys

import pytest

import baraza
from baraza import Position
from conftest import DATA, baraza_exe, optional_module


def run_cli(*args):
    return subprocess.run([baraza_exe(), *args], capture_output=True, text=True)


@pytest.fixture(scope="module", params=["darra", "bao", "dara"])
def run(request, tmp_path_factory):
    """A round robin of three built-in bots (the search bot sends evals), 6 games."""
    out = tmp_path_factory.mktemp(request.param) / "run"
    done = run_cli("tournament", request.param, "--bot", "r=builtin:random", "--bot",
                   "g=builtin:greedy", "--bot", "s=builtin:search", "--movetime", "5",
                   "--out", str(out))
    assert done.returncode == 0, done.stderr
    return out


def replay_rows(log, game):
    out = run_cli("replay", str(log), "--game", str(game), "--json")
    assert out.returncode == 0, out.stderr
    return [json.loads(l) for l in out.stdout.splitlines()]


def as_replay_json(g, row):
    """A read_games row in the fields of `replay --json`'s ply objects."""
    d = {"game": row["game"], "ply": row["ply"], "move": row["move"], "player": row["player"],
         "position": row["after"], "time_ms": row["time_ms"], "time_us": row["time_us"]}
    if row["game_id"] is not None:
        d["game_id"] = row["game_id"]
    if row["eval"] is not None:
        d["eval"] = row["eval"]
    return d


@pytest.mark.parametrize("name", ["games.jsonl", "games.pgn"])
def test_every_ply_equals_replay_json(run, name):
    games = baraza.read_games(run / name)
    assert [g.place for g in games] == list(range(1, 7))
    evals = 0
    for g in games:
        want = replay_rows(run / name, g.game)
        assert want[0]["position"] == g.start and want[0]["move"] is None
        got = [as_replay_json(g, r) for r in g.rows()]
        assert got == want[1:], g
        evals += sum(1 for r in got if "eval" in r)
        assert (g.game_id is not None) == (name == "games.jsonl")
    assert evals > 0, "the search bot's evals are read"


def test_a_run_folder_reads_as_its_games_jsonl(run):
    by_folder = baraza.rows(baraza.read_games(run))
    assert by_folder == baraza.rows(baraza.read_games(run / "games.jsonl"))
    assert "r1-p1-a" in {r["game_id"] for r in by_folder}


def test_the_pgn_and_the_json_lines_hold_the_same_games(run):
    pgn, jsonl = baraza.read_games(run / "games.pgn"), baraza.read_games(run / "games.jsonl")
    for p, j in zip(pgn, jsonl):
        for field in ("game", "ruleset", "white", "black", "result", "termination", "reason",
                      "ply_count", "moves", "start", "seed", "time_control", "event", "round",
                      "scores", "winner"):
            assert getattr(p, field) == getattr(j, field), field
        # The PGN keeps a time to 0.1 ms, rounded down.
        assert p.times_us == [us // 100 * 100 for us in j.times_us]
        assert p.tags["GameIndex"] == str(j.game)


def test_every_final_position_is_the_package_s_own_replay(run):
    summary = {}
    for line in run_cli("replay", str(run / "games.jsonl"), "--json").stdout.splitlines():
        s = json.loads(line)
        summary[s["game"]] = s
    for g in baraza.read_games(run / "games.jsonl"):
        pos = Position(g.start)
        for m in g.moves:
            pos.play(m)
        assert g.final == pos and g.problem is None
        assert g.final.history == g.moves and g.final.ply == len(g.moves) == g.ply_count
        assert str(g.final) == summary[g.game]["final"]
        st = summary[g.game]["status"]
        assert g.status.ongoing == (st["status"] == "ongoing")
        if not g.status.ongoing:
            assert (g.status.result, g.status.reason) == (st["result"], st["reason"])
            assert g.scores == (tuple(st["scores"]) if "scores" in st else None)
        for p in g.plies():
            assert p.before.ply == p.ply - 1 and p.after.ply == p.ply
            assert p.player == p.before.side_to_move
            assert p.captures == p.before.captures(p.move)
            assert p.before.after(p.move) == p.after


def test_the_counts_equal_results_json(run):
    res = json.loads(run_cli("results", str(run), "--json").stdout)
    games = baraza.read_games(run / "games.jsonl")
    assert res["games"] == len(games)
    for bot in res["bots"]:
        name = bot["name"]
        mine = [g for g in games if name in (g.white, g.black)]
        won = [g for g in mine if g.winner == (1 if g.white == name else 2)]
        drawn = [g for g in mine if g.winner == 0]
        assert (bot["games"], bot["wins"], bot["draws"], bot["losses"]) == (
            len(mine), len(won), len(drawn), len(mine) - len(won) - len(drawn)), name


def test_captured_counts_what_the_board_lost(run):
    """A player's gain is exactly what a capture took: none without a capture, and in
    Darra the stores grow by the gains."""
    for g in baraza.read_games(run / "games.jsonl"):
        for p in g.plies():
            if not p.captures:
                assert p.captured == (0, 0), p
            else:
                assert sum(p.captured) > 0, p
            if g.ruleset == "darra":
                b, a = str(p.before).split(), str(p.after).split()
                assert (int(a[3]) - int(b[3]), int(a[4]) - int(b[4])) == p.captured


def to_bare_movetext(pgn):
    """The PGN in the earlier form, written before the `%` escape: movetext on bare lines."""
    lines = [line[2:] if line.startswith("% ") else line for line in pgn.splitlines()]
    return "\n".join(lines) + "\n"


def test_movetext_behind_pgn_s_escape_reads_as_the_earlier_bare_form(run, tmp_path):
    written = (run / "games.pgn").read_text()
    # baraza writes the escaped form: chess tools skip the `%` lines.
    assert "\n% 1. " in written
    bare = tmp_path / "bare.pgn"
    bare.write_text(to_bare_movetext(written))
    assert "\n% " not in bare.read_text() and "\n1. " in bare.read_text()
    assert baraza.rows(baraza.read_games(bare)) == \
        baraza.rows(baraza.read_games(run / "games.pgn"))


HAND_ESCAPED = """[Event "hand"]
[White "a"]
[Black "b"]
[Result "*"]
[Ruleset "darra"]
[GameIndex "4"]

% 1. 6A {12.3ms +0.25/3} 6B {7ms}
%2. 1A {0.5s, depth 9}
*
"""


def test_a_hand_written_escaped_movetext_is_read(tmp_path):
    log = tmp_path / "hand.pgn"
    log.write_text(HAND_ESCAPED)
    [g] = baraza.read_games(log)
    assert (g.game, g.white, g.result, g.moves) == (4, "a", "*", ["6A", "6B", "1A"])
    assert g.ply_count == 3 and g.scores is None and g.winner is None
    rows = g.rows()
    assert [r["time_us"] for r in rows] == [12300, 7000, 500000]
    assert [r["eval"] for r in rows] == ["+0.25/3", None, None]
    assert rows[0]["info"] == "depth 3 score cp 25"
    assert [r["player"] for r in rows] == [1, 2, 1]
    # darra-examples.tsv, first row: 6A from the start.
    assert rows[0]["after"] == "darra 4,4,4,4,4,0/5,5,5,5,4,4 2 0 0 - 1"


def cli_error(path):
    out = run_cli("replay", str(path))
    assert out.returncode == 1
    line = out.stderr.strip()
    assert line.startswith("baraza: ") and "\n" not in line
    return line[len("baraza: "):]


@pytest.mark.parametrize("text", [
    '[Event "x"\n',
    '[Event "x"]\n[Event "y"]\n\n1-0\n',
    '[Result "1-0"]\n\n1. 6A {12ms 1-0\n',
    '[Result "1-0"]\n\n1. 6A {fast} 1-0\n',
    '[Result "1-0"]\n\n1. 6A {1ms}\n',
    '[Result "1-0"]\n\n1. 6A {1ms} 0-1\n',
    '[Termination "lost"]\n\n1-0\n',
    '[Seed "007"]\n\n1-0\n',
    '[Site "a\\q"]\n\n1-0\n',
    "",
    "\n\n",
])
def test_a_damaged_pgn_gets_the_cli_s_line(tmp_path, text):
    log = tmp_path / "bad.pgn"
    log.write_text(text)
    with pytest.raises(baraza.LogError) as e:
        baraza.read_games(log)
    assert str(e.value) == cli_error(log)


def test_a_missing_file_or_folder_gets_the_cli_s_line(tmp_path):
    for path in (tmp_path / "nope.pgn", tmp_path):
        with pytest.raises(baraza.LogError) as e:
            baraza.read_games(path)
        assert str(e.value) == cli_error(path)
        assert "No such file or directory (os error 2)" in str(e.value)


def test_a_damaged_json_line_gets_the_cli_s_line_up_to_the_parser_s_words(run, tmp_path):
    lines = (run / "games.jsonl").read_text().splitlines(True)
    log = tmp_path / "games.jsonl"
    log.write_text("".join(lines[:2]) + '{"game":1,\n' + "".join(lines[2:]))
    with pytest.raises(baraza.LogError) as e:
        baraza.read_games(log)
    want = cli_error(log)
    head = "%s: line 3: not a game record (" % log
    assert want.startswith(head) and str(e.value).startswith(head)
    # A last line being written (no line end yet) is not read, as by the CLI.
    log.write_text("".join(lines) + '{"game":7,"rul')
    assert len(baraza.read_games(log)) == len(baraza.read_games(run / "games.jsonl"))


def test_rows_make_a_pandas_data_frame(run):
    pandas = optional_module("pandas")
    games = baraza.read_games(run)
    df = pandas.DataFrame(baraza.rows(games))
    assert len(df) == sum(len(g.moves) for g in games)
    assert df.groupby("game_id")["ply"].max().to_dict() == {g.game_id: len(g.moves)
                                                            for g in games}


# ---- Position: ply, history, undo, outcome, captures ------------------------------------

DARRA = "darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0"


def test_a_position_keeps_its_history_and_undoes_it():
    pos = Position(DARRA)
    assert (pos.ply, pos.history) == (0, [])
    with pytest.raises(ValueError, match="no move to undo"):
        pos.undo()
    pos.play("6A")
    nxt = pos.after("6B")
    assert (nxt.ply, nxt.history) == (2, ["6A", "6B"])
    assert (pos.ply, pos.history) == (1, ["6A"])
    kids = dict(nxt.children())
    assert all(k.history == ["6A", "6B", m] for m, k in kids.items())
    copy = nxt.clone()
    assert copy.undo() == "6B" and copy == pos and copy.ply == 1
    assert copy.undo() == "6A" and copy == Position(DARRA) and copy.history == []
    assert nxt.history == ["6A", "6B"], "a copy's undo leaves the original alone"
    with pytest.raises(ValueError):
        pos.play("6A")  # player 2 to move: 6A is not its hole
    assert pos.history == ["6A"], "an illegal move is not recorded"


def test_outcome_gives_the_status_as_fields():
    on = Position(DARRA).outcome()
    assert (on.ongoing, on.result, on.winner, on.reason, on.scores) == (
        True, None, None, None, None)
    assert str(on) == "ongoing"
    # darra-examples.tsv: a game ended by the rules, 20-28 after the leftover seeds.
    for line in open(DATA / "darra-examples.tsv"):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 4 or f[3] == "ongoing":
            continue
        st = Position(f[2]).outcome()
        result, reason, scores = f[3].split(" ")
        assert (st.ongoing, st.result, st.reason) == (False, result, reason)
        assert st.scores == tuple(int(s) for s in scores.split("-"))
        assert st.winner == {"1-0": 1, "0-1": 2, "1/2-1/2": 0}[result]
        assert str(st) == Position(f[2]).status() == f[3]


def test_captures_name_the_holes_and_who_took_them():
    # darra-examples.tsv: 3B sows 7 seeds; 3A reaches 4 mid-sowing (its owner, player 1,
    # takes it) and 4A with the last seed (the sower, player 2): both stores go 8 -> 12.
    pos = Position("darra 1,0,3,3,5,2/0,8,7,1,0,2 2 8 8 1 2")
    assert pos.captures("3B") == [("3A", 1), ("4A", 2)]
    assert str(pos.after("3B")).split()[3:5] == ["12", "12"]
    assert Position(DARRA).captures("1A") == []
    with pytest.raises(ValueError, match="illegal move '1B'"):
        Position(DARRA).captures("1B")


def doc_blocks():
    text = (DATA.parents[1] / "docs" / "python.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_analysis_in_the_docs_runs_on_a_tournament(run, tmp_path):
    [script] = [b for b in doc_blocks() if b.startswith("# analyse.py")]
    (tmp_path / "analyse.py").write_text(script)
    out = subprocess.run([sys.executable, str(tmp_path / "analyse.py"), str(run)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["bot", "games", "points", "median", "ms", "captured/game"]
    res = json.loads(run_cli("results", str(run), "--json").stdout)
    table = sorted(tuple(l.split()[:3]) for l in lines[1:4])
    assert table == sorted((b["name"], str(b["games"]), "%.1f" % b["points"])
                           for b in res["bots"])
    assert sum(1 for l in lines if l.startswith("r1-p")) == 6


def test_the_pandas_example_in_the_docs_runs(run):
    optional_module("pandas")
    [snippet] = [b for b in doc_blocks() if b.startswith("import pandas")]
    scope = {"baraza": baraza, "games": baraza.read_games(run)}
    exec(snippet.replace("df.groupby", "table = df.groupby"), scope)
    assert sorted(scope["table"].index) == ["g", "r", "s"]
    assert scope["table"]["captured"].sum() == sum(
        r["captured"] for r in baraza.rows(scope["games"]))
