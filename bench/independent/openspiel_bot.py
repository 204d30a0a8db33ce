#!/usr/bin/env python3
"""A baraza bot (protocol.md) whose search is DeepMind OpenSpiel's: an independent opponent
for `builtin:search`.

  --algo mcts  OpenSpiel's MCTSBot (UCT, random-rollout evaluator, MCTS-Solver backups), run
               simulation after simulation until the move's time is up.
  --algo ab    iterative deepening of OpenSpiel's minimax.alpha_beta_search with a material
               evaluation at the horizon, until the move's time is up; the deepest completed
               depth's move is played.

The games are baraza's rules written in Python from the rules specifications (rules.py,
spiel_games.py, bao_rules.py), not baraza's engines: Darra (all sizes), Dara (dara,
dara-niger) and Bao.

Time: with a fixed movetime, the search gets movetime x --time-mult minus a safety share
(--safety, default max(10 ms, 10 %)); with a game clock, remaining/30 + 3/4 of the increment.
"""
import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts, minimax  # noqa: E402

import spiel_games  # noqa: E402


OutOfTime = spiel_games.OutOfTime


class TimedMCTSBot(mcts.MCTSBot):
    """OpenSpiel's MCTSBot with its simulation loop bounded by a deadline instead of a count.

    The body of the loop is OpenSpiel's mcts_search (tree policy, evaluation, backup with
    solving; chance nodes left out, as these games have none); only the loop condition changed.
    """

    deadline = 0.0
    simulations = 0

    def mcts_search(self, state):
        root = mcts.SearchNode(None, state.current_player(), 1)
        sims = 0
        start = time.monotonic()
        while sims < self.max_simulations:
            # At least 2 simulations: the first only evaluates the root, the second expands
            # it. After that, stop when the next simulation, at the mean cost so far, would
            # end past the deadline.
            now = time.monotonic()
            if sims >= 2 and now + (now - start) / sims > self.deadline:
                break
            sims += 1
            visit_path, working_state = self._apply_tree_policy(root, state)
            if working_state.is_terminal():
                returns = working_state.returns()
                visit_path[-1].outcome = returns
                solved = self.solve
            else:
                returns = self.evaluator.evaluate(working_state)
                solved = False
            while visit_path:
                target_return = returns[visit_path[-1].player]
                node = visit_path.pop()
                node.total_reward += target_return
                node.explore_count += 1
                if solved and node.children:
                    player = node.children[0].player
                    best = None
                    all_solved = True
                    for child in node.children:
                        if child.outcome is None:
                            all_solved = False
                        elif best is None or child.outcome[player] > best.outcome[player]:
                            best = child
                    if best is not None and (all_solved or best.outcome[player] == self.max_utility):
                        node.outcome = best.outcome
                    else:
                        solved = False
            if root.outcome is not None:
                break
        self.simulations = sims
        return root


class MaterialRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """OpenSpiel's random rollout, cut after --rollout-plies plies; a rollout that has not
    ended is scored by material (rules.py's `material`, in -1..1) squashed into -0.9..0.9,
    instead of OpenSpiel's 0 for an unfinished game. Long random games (Darra 2x18: ~1000
    plies) then cost little and say more."""

    def evaluate(self, state):
        working = state.clone()
        for _ in range(self.max_length):
            if working.is_terminal():
                return np.array(working.returns())
            working.apply_action(self._random_state.choice(working.legal_actions()))
        if working.is_terminal():
            return np.array(working.returns())
        v = 0.9 * math.tanh(3.0 * working.inner.material(0))
        return np.array([v, -v])


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def budget_ms(go, me, args):
    f = go.split()
    kv = {f[i]: int(f[i + 1]) for i in range(1, len(f) - 1, 2) if f[i + 1].lstrip("-").isdigit()}
    if "movetime" in kv:
        mt = kv["movetime"] * args.time_mult
        safety = args.safety if args.safety is not None else max(10.0, 0.1 * kv["movetime"])
        return max(1.0, mt - safety)
    left = kv.get("p%dtime" % me, 1000)
    inc = kv.get("p%dinc" % me, 0)
    return max(1.0, min(left / 3.0, (left / 30.0 + 0.75 * inc) * args.time_mult))


class Player:
    def __init__(self, args, ruleset):
        self.args = args
        self.game = spiel_games.load(ruleset)
        self.rng = np.random.RandomState(args.seed if args.seed is not None else None)
        if args.rollout_plies:
            evaluator = MaterialRolloutEvaluator(n_rollouts=1, random_state=self.rng,
                                                 max_length=args.rollout_plies)
        else:
            # Bao rollouts stop where the referee adjudicates a draw (--max-plies 1000)
            max_length = 1000 if ruleset == "bao" else None
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.rng,
                                                    max_length=max_length)
        self.mcts = TimedMCTSBot(self.game, uct_c=args.uct_c, max_simulations=10**9,
                                 evaluator=evaluator, solve=True, random_state=self.rng)

    def choose(self, state, ms):
        deadline = time.monotonic() + ms / 1000.0
        start = time.monotonic()
        if self.args.algo == "mcts":
            self.mcts.deadline = deadline
            root = self.mcts.mcts_search(state)
            best = root.best_child()
            el = max(1e-6, time.monotonic() - start)
            depth, node = 0, root  # the length of the most visited line
            while node.children:
                node = node.best_child()
                depth += 1
            value = best.total_reward / max(1, best.explore_count)
            if best.outcome is not None:
                value = best.outcome[best.player]
            cp = int(round(100 * value))
            say("info depth %d score cp %d nodes %d nps %d" % (
                depth, cp, self.mcts.simulations, self.mcts.simulations / el))
            return best.action
        return self.alphabeta(state, deadline, start)

    def alphabeta(self, state, deadline, start):
        me = state.current_player()
        evals = [0]

        def value(s):
            evals[0] += 1
            if time.monotonic() > deadline:
                raise OutOfTime()
            return 0.9 * s.inner.material(me)

        best, depth, score = state.legal_actions()[0], 0, 0.0
        for d in range(1, self.args.max_depth + 1):
            before = evals[0]
            spiel_games.DEADLINE = deadline
            try:
                v, a = minimax.alpha_beta_search(self.game, state, value_function=value,
                                                 maximum_depth=d, maximizing_player_id=me)
            except OutOfTime:
                break
            finally:
                spiel_games.DEADLINE = None
            best, depth, score = a, d, v
            if evals[0] == before or abs(v) >= 1.0:
                break  # every line ends within the depth, or a proven win/loss: done
            if time.monotonic() > deadline:
                break
        el = max(1e-6, time.monotonic() - start)
        say("info depth %d score cp %d nodes %d nps %d" % (
            depth, int(round(100 * score)), evals[0], evals[0] / el))
        return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--algo", choices=("mcts", "ab"), default="mcts")
    ap.add_argument("--time-mult", type=float, default=1.0,
                    help="search time = this x the referee's per-move budget (minus safety)")
    ap.add_argument("--safety", type=float, default=None, help="ms kept back per move")
    ap.add_argument("--uct-c", type=float, default=2.0, help="UCT exploration (OpenSpiel's default 2)")
    ap.add_argument("--rollout-plies", type=int, default=0,
                    help="mcts: cut random rollouts after N plies and score them by material "
                         "(0: OpenSpiel's plain rollouts to the end of the game)")
    ap.add_argument("--max-depth", type=int, default=64)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--name", default=None)
    args = ap.parse_args()

    player = None
    me = 1
    position = None
    legal = []
    for line in sys.stdin:
        w = line.split()
        if not w:
            continue
        if w[0] == "baraza":
            ruleset = w[2]
            try:
                player = Player(args, ruleset)
            except Exception as e:  # an unknown ruleset: exit, as protocol.md says
                print("openspiel_bot: %s" % e, file=sys.stderr)
                return 1
            say("id name " + (args.name or "openspiel-" + args.algo))
            say("id author OpenSpiel search, baraza rules in Python")
            say("ready")
        elif w[0] == "newgame":
            me = int(w[1])
        elif w[0] == "position":
            position = line.split(" ", 1)[1].strip()
        elif w[0] == "legal":
            legal = w[1:]
        elif w[0] == "go":
            t0 = time.monotonic()
            state = player.game.state_from_position(position)
            mine = sorted(state.inner.token(a) for a in state.legal_actions())
            if mine != legal:
                print("openspiel_bot: rules mismatch at %s: referee %s, mine %s"
                      % (position, legal, mine), file=sys.stderr)
                say("info rules-mismatch")
            if len(legal) == 1:
                say("move " + legal[0])
                continue
            ms = budget_ms(line, me, args) - 1000.0 * (time.monotonic() - t0)
            action = player.choose(state, ms)
            say("move " + state.inner.token(action))
        elif w[0] == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
