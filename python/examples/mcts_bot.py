#!/usr/bin/env python3
"""A baraza bot that searches with OpenSpiel's MCTS in the `baraza` OpenSpiel game: the end of
docs/python.md's example (search in the environment, then play the result through the referee).

    baraza match darra "python3 python/examples/mcts_bot.py 200" builtin:random

The argument is the number of MCTS simulations per move (default 100), each ended by one
random playout. Needs the baraza package and open_spiel (`pip install open_spiel`).
"""
import sys

import numpy as np
from open_spiel.python.algorithms import mcts

import baraza
from baraza import openspiel

SIMULATIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 100
game = bot = None


def setup(ruleset):
    # Off the clock, before `ready`: the game and the search, seeded so that games replay.
    global game, bot
    game = openspiel.load(ruleset)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=SIMULATIONS, evaluator=evaluator, random_state=rng)


def choose(position, legal, go):
    if len(legal) == 1:
        return legal[0]
    state = openspiel.state_at(game, position)
    return state.action_to_string(bot.step(state))


baraza.run(choose, name="openspiel-mcts", setup=setup)
