"""baraza.pettingzoo against PettingZoo's own api_test on every ruleset, and against the engines:
the agent to act is the side to move, the mask is the legal list, the rewards are the result."""
import random

import pytest

import baraza
from baraza import spaces

from conftest import optional_module

optional_module("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from baraza.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_pettingzoos_api_test_passes(ruleset):
    api_test(env(ruleset), num_cycles=1000)


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_random_games_follow_the_engine(ruleset):
    rng = random.Random(9)
    e = env(ruleset)
    for game in range(5):
        e.reset(seed=game)
        pos = baraza.Position.start(ruleset)
        rewards = {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if term or trunc:
                rewards[agent] = reward
                e.step(None)
                continue
            assert agent == "player_%d" % pos.side_to_move
            mask = obs["action_mask"]
            assert sorted(i for i in range(len(mask)) if mask[i]) == spaces.legal_actions(pos)
            assert list(obs["observation"]) == spaces.observation(pos, pos.side_to_move)
            action = rng.choice(spaces.legal_actions(pos))
            e.step(action)
            pos.play(spaces.tokens(ruleset)[action])
        winner = pos.winner()
        if ruleset == "bao" and winner is None:  # cut at 1000 plies
            assert rewards == {"player_1": 0, "player_2": 0}
        else:
            expected = {0: (0, 0), 1: (1, -1), 2: (-1, 1)}[winner]
            assert (rewards["player_1"], rewards["player_2"]) == expected, str(pos)


def test_the_final_rewards_reach_both_agents():
    # Player 1 sows 6A: the board drops below 5 seeds and player 2 wins 20-28 (docs/darra.md).
    e = env("darra")
    e.reset(options={"position": "darra 0,0,0,0,0,2/3,0,0,0,2,1 1 20 20 1 7"})
    assert e.agent_selection == "player_1"
    e.step(e.unwrapped.move_to_action("6A"))
    seen = {}
    for agent in e.agent_iter():
        _, reward, term, _, _ = e.last()
        assert term
        seen[agent] = reward
        e.step(None)
    assert seen == {"player_1": -1, "player_2": 1}


def test_a_player_with_an_empty_row_is_asked_to_pass():
    e = env("darra")
    e.reset(options={"position": "darra 0,1,0,0,2,13/0,0,0,0,0,0 2 20 12 2 11"})
    assert e.agent_selection == "player_2"
    mask = e.observe("player_2")["action_mask"]
    assert [i for i in range(len(mask)) if mask[i]] == [spaces.action("darra", "pass")]
    e.step(spaces.action("darra", "pass"))
    assert e.agent_selection == "player_1"
    assert str(e.unwrapped.position) == str(baraza.Position(
        "darra 0,1,0,0,2,13/0,0,0,0,0,0 2 20 12 2 11").after("pass"))


def test_an_illegal_action_loses_for_its_player():
    e = env("darra")
    e.reset()
    e.step(spaces.action("darra", "1B"))  # player 1 sowing player 2's hole
    assert e.terminations["player_1"]
    assert e.rewards == {"player_1": -1, "player_2": 0}


def test_max_plies_truncates_a_game_as_a_draw():
    e = raw_env("bao", max_plies=3)
    assert raw_env("bao").max_plies == 1000
    e.reset()
    for _ in range(3):
        e.step(spaces.legal_actions(e.position)[0])
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert e._cumulative_rewards == {"player_1": 0, "player_2": 0}


def test_render_shows_the_board():
    e = raw_env("dara", render_mode="ansi")
    e.reset()
    assert e.render() == baraza.Position.start("dara").show()
