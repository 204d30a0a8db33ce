"""Every ruleset as an OpenSpiel game (an optional extra: needs `open_spiel`; `import baraza`
does not). Importing this module registers the Python game `baraza`:

    import pyspiel
    import baraza.openspiel
    game = pyspiel.load_game("baraza", {"ruleset": "bao"})   # or baraza.openspiel.load("bao")

Parameters: `ruleset` (default `darra`) and `max_plies` (0, the default: 1000 for Bao, the
referee's default cap, and none for Darra and Dara, which the rules end). A game still going
at `max_plies` plies ends there, a draw.

Players are 0 (baraza's player 1) and 1. Actions are the fixed space of baraza.spaces (every
move token of the ruleset; `state.action_to_string` gives the token), the current player is
always the position's side to move (a Darra move that keeps the turn leaves it unchanged, and
a player with an empty row plays `pass`, its only legal action), and the returns are +1 for
the winner, -1 for the loser, 0 each for a draw, at the end only. `state.position` is the
baraza.Position. The observation tensor is baraza.spaces.observation from the observer's side.
"""
import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import Position, rulesets, spaces

SHORT_NAME = "baraza"
BAO_MAX_PLIES = 1000

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="baraza: Darra, Bao la Kiswahili, Dara",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"ruleset": "darra", "max_plies": 0},
)


def _max_plies(ruleset, asked):
    bound = spaces.max_plies(ruleset)
    if asked > 0:
        return asked if bound is None else min(asked, bound)
    return BAO_MAX_PLIES if bound is None else bound


class BarazaGame(pyspiel.Game):
    """One ruleset of baraza as an OpenSpiel game."""

    def __init__(self, params=None):
        params = dict(params or {})
        ruleset = params.get("ruleset", "darra")
        if ruleset not in rulesets():
            raise ValueError("unknown ruleset '%s' (one of %s)" % (ruleset, ", ".join(rulesets())))
        self.ruleset = ruleset
        self.tokens = spaces.tokens(ruleset)
        self.max_plies = _max_plies(ruleset, int(params.get("max_plies", 0)))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.tokens),
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies,
        )
        super().__init__(_GAME_TYPE, info, {"ruleset": ruleset, "max_plies": int(params.get("max_plies", 0))})

    def new_initial_state(self):
        return BarazaState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return PositionObserver(self.ruleset, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class BarazaState(pyspiel.State):
    """A game in progress: `position` is its baraza.Position."""

    def __init__(self, game):
        super().__init__(game)
        self.position = Position.start(game.ruleset)
        self._tokens = game.tokens
        self._max_plies = game.max_plies
        self._plies = 0

    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.position.side_to_move - 1

    def _legal_actions(self, player):
        if self.is_terminal() or player != self.position.side_to_move - 1:
            return []
        return spaces.legal_actions(self.position)

    def _apply_action(self, action):
        self.position.play(self._tokens[action])
        self._plies += 1

    def _action_to_string(self, player, action):
        return self._tokens[action]

    def is_terminal(self):
        return self.position.is_over() or self._plies >= self._max_plies

    def returns(self):
        winner = self.position.winner()
        if not winner:  # ongoing, a draw, or cut at max_plies
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 1 else [-1.0, 1.0]

    def __str__(self):
        return str(self.position)


class PositionObserver:
    """The observation tensor and string of a state (OpenSpiel's PyObserver interface)."""

    def __init__(self, ruleset, params):
        if params:
            raise ValueError("observation parameters not supported; passed %s" % (params,))
        self.tensor = np.zeros(spaces.observation_size(ruleset), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = spaces.observation(state.position, player + 1)

    def string_from(self, state, player):
        return "%s %d" % (state.position, player + 1)


def state_at(game, position):
    """A state of `game` at a baraza.Position (or a position string), e.g. the referee's
    `position` line in a bot: its history is empty, and `max_plies` counts from there."""
    state = game.new_initial_state()
    state.position = Position(str(position))
    if state.position.ruleset != game.ruleset:
        raise ValueError("position of %s in a %s game" % (state.position.ruleset, game.ruleset))
    return state


def load(ruleset, max_plies=0):
    """The OpenSpiel game of a ruleset: `pyspiel.load_game("baraza", {...})`."""
    return pyspiel.load_game(SHORT_NAME, {"ruleset": ruleset, "max_plies": max_plies})


pyspiel.register_game(_GAME_TYPE, BarazaGame)
