"""baraza's Darra, Dara and Bao as OpenSpiel games (pyspiel.Game / pyspiel.State subclasses),
on the rules of rules.py and bao_rules.py. Registered as `baraza_<ruleset>` (e.g. `baraza_darra_2x18`).

Returns are +1 / -1 / 0 (win / loss / draw) at terminal states only, as OpenSpiel's
MCTS and alpha-beta expect of a zero-sum, terminal-reward game.
"""
import time

import pyspiel

import rules

# While set (by the alpha-beta player), clone() raises OutOfTime past this monotonic time, so
# that a search whose leaves are mostly terminal (no evaluation calls) still stops in time.
DEADLINE = None


class OutOfTime(Exception):
    pass

_MAX_LENGTH = {
    # (captures + 1) x no-capture limit (darra.md section 9); 2024 plies for Dara (dara.md 7)
    "darra": 13 * 600, "darra-2x12": 25 * 1200, "darra-2x16": 33 * 1600,
    "darra-2x18": 37 * 1800, "dara": 2024, "dara-niger": 2024,
    # Bao has no limit of its own; baraza adjudicates a draw after 1000 plies (bao.md R1)
    "bao": 1000,
}


def _num_actions(ruleset):
    if ruleset == "bao":
        return 16 * 6  # circuit hole x direction x (no suffix, `=`, `+`)
    if ruleset.startswith("darra"):
        return 2 * rules.DARRA_SIZES[ruleset] + 1
    return 30 + 30 * 4 * 31


def game_name(ruleset):
    return "baraza_" + ruleset.replace("-", "_")


class BarazaState(pyspiel.State):
    """An OpenSpiel state around one rules.py state."""

    def __init__(self, game, inner):
        super().__init__(game)
        self.inner = inner

    def current_player(self):
        if self.inner.terminal_reason():
            return pyspiel.PlayerId.TERMINAL
        return self.inner.side

    def _legal_actions(self, player):
        return list(self.inner.legal())

    def _apply_action(self, action):
        self.inner.apply(action)

    def _action_to_string(self, player, action):
        return self.inner.token(action)

    def is_terminal(self):
        return bool(self.inner.terminal_reason())

    def returns(self):
        if not self.inner.terminal_reason():
            return [0.0, 0.0]
        w = self.inner.winner()
        if w is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def clone(self):
        # A plain copy of the rules state: the default clone deep-copies the Python object.
        if DEADLINE is not None and time.monotonic() > DEADLINE:
            raise OutOfTime()
        return BarazaState(self.get_game(), self.inner.copy())

    def __str__(self):
        return self.inner.position()


def _make_game_class(ruleset):
    gtype = pyspiel.GameType(
        short_name=game_name(ruleset),
        long_name="baraza " + ruleset,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={})
    ginfo = pyspiel.GameInfo(
        num_distinct_actions=_num_actions(ruleset),
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=_MAX_LENGTH[ruleset])

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(gtype, ginfo, params or dict())

        def new_initial_state(self):
            return BarazaState(self, rules.start(ruleset))

        def state_from_position(self, text):
            return BarazaState(self, rules.parse(text))

    Game.__name__ = "Baraza_" + game_name(ruleset)
    return gtype, Game


for _rs in _MAX_LENGTH:
    _t, _g = _make_game_class(_rs)
    pyspiel.register_game(_t, _g)


def load(ruleset):
    return pyspiel.load_game(game_name(ruleset))
