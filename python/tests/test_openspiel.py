"""baraza.openspiel against OpenSpiel's own checks on every ruleset (the C++ random_sim_test,
with serialization, and the Python games_sim_test's sim_game), its MCTS bot playing in the
game, and docs/python.md's example bot playing a match through the release binary."""
import json
import subprocess
import sys

import pytest

import baraza
from baraza import spaces

from conftest import ROOT, baraza_exe, optional_module

pyspiel = optional_module("pyspiel")
import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.tests import games_sim_test  # noqa: E402

from baraza import openspiel  # noqa: E402

EXAMPLE_BOT = ROOT / "python" / "examples" / "mcts_bot.py"


def mcts_bot(game, simulations, seed, rollout_cap=None):
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout_cap)
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng)


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_openspiels_random_sim_test_passes(ruleset):
    game = openspiel.load(ruleset)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_openspiels_python_sim_game_passes(ruleset):
    # Pickling of game, game type and states, cloning, and the terminal checks.
    games_sim_test.GamesSimTest("test_pig").sim_game(openspiel.load(ruleset))


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_the_game_declares_the_ruleset(ruleset):
    game = pyspiel.load_game("baraza", {"ruleset": ruleset})
    assert game.num_distinct_actions() == len(spaces.tokens(ruleset))
    assert game.max_game_length() == (spaces.max_plies(ruleset) or 1000)
    state = game.new_initial_state()
    assert str(state) == str(baraza.Position.start(ruleset))
    assert [state.action_to_string(a) for a in state.legal_actions()] == sorted(
        baraza.Position.start(ruleset).legal(), key=lambda t: spaces.action(ruleset, t))
    assert len(state.observation_tensor(1)) == spaces.observation_size(ruleset)


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_mcts_plays_legal_moves_in_every_ruleset(ruleset):
    game = openspiel.load(ruleset)
    bot = mcts_bot(game, simulations=10, seed=3, rollout_cap=60)
    state = game.new_initial_state()
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_mcts_beats_random_play_at_darra():
    game = openspiel.load("darra")
    rng = np.random.RandomState(5)
    points = 0.0
    for mcts_player in (0, 1, 0, 1):
        bot = mcts_bot(game, simulations=25, seed=mcts_player)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == mcts_player:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        points += (state.returns()[mcts_player] + 1) / 2
    assert points >= 3, points


def test_max_plies_ends_a_game_as_a_draw():
    game = openspiel.load("bao", max_plies=4)
    assert game.max_game_length() == 4
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_a_darra_pass_is_an_action_of_the_player_to_move():
    game = openspiel.load("darra")
    state = openspiel.state_at(game, "darra 0,1,0,0,2,13/0,0,0,0,0,0 2 20 12 2 11")
    assert state.current_player() == 1
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["pass"]
    state.apply_action(spaces.action("darra", "pass"))
    assert state.current_player() == 0


def test_the_example_bot_plays_a_match_through_the_referee(tmp_path):
    out = subprocess.run(
        [baraza_exe(), "match", "darra", "%s %s 30" % (sys.executable, EXAMPLE_BOT), "builtin:random",
         "--games", "2", "--jsonl", str(tmp_path / "games.jsonl")],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "final: mcts_bot" in out.stdout, out.stdout
    games = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()[1:]]
    assert len(games) == 2
    for game in games:
        # Played out to the rules' end: no crash, no illegal move, no time loss of the bot.
        assert game["termination"] == "normal", game
        assert game["reason"].startswith("ended by the rules"), game
        ids = (game["white_id_name"], game["black_id_name"])
        assert "openspiel-mcts" in ids, ids
