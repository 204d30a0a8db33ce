"""Every ruleset as a PettingZoo AEC environment (an optional extra: needs `pettingzoo`, which
brings gymnasium and numpy; `import baraza` does not).

    from baraza.pettingzoo import env
    e = env("bao")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else policy(obs)  # obs["action_mask"]
        e.step(action)

Agents are `player_1` and `player_2`. The action space is fixed per ruleset,
`Discrete(len(baraza.spaces.tokens(ruleset)))`: every move token the ruleset can have; each
observation is `{"observation": float32 vector (baraza.spaces.observation), "action_mask":
int8 vector, 1 for the legal actions}`. `agent_selection` is always the side to move of the
position, so a Darra move that keeps the turn selects the same agent again, and a Darra player
with an empty row is selected to play `pass`, its only legal action.

Rewards come at the end only: +1 for the winner, -1 for the loser, 0 each for a draw. A game the
rules have not ended after `max_plies` plies (Bao: 1000, the referee's default, else no cap) is
truncated, a draw. An illegal action ends the game with -1 for the player who played it
(PettingZoo's TerminateIllegalWrapper).
"""
import numpy as np
from gymnasium import spaces as gym_spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Position, spaces

AGENTS = ["player_1", "player_2"]

#: The referee's default cap for Bao, which the rules do not bound (docs/match.md).
BAO_MAX_PLIES = 1000


def env(ruleset="bao", **kwargs):
    """The environment with PettingZoo's usual wrappers: an illegal action ends the game (-1 for
    its player), an action outside the space is an error, and so is a call out of order."""
    e = raw_env(ruleset, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(AECEnv):
    """The environment without wrappers. `position` is the game's baraza.Position;
    `action_to_move(a)` and `move_to_action(token)` translate between the two spellings.

    `reset(options={"position": text})` starts from that position instead of the start."""

    metadata = {"render_modes": ["human", "ansi"], "name": "baraza_v0", "is_parallelizable": False}

    def __init__(self, ruleset="bao", render_mode=None, max_plies=None):
        super().__init__()
        self.ruleset = ruleset
        self.tokens = spaces.tokens(ruleset)
        self.max_plies = max_plies if max_plies is not None else (BAO_MAX_PLIES if ruleset == "bao" else None)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name="baraza_%s_v0" % ruleset.replace("-", "_"))
        self.possible_agents = AGENTS[:]
        size = spaces.observation_size(ruleset)
        high = np.array(spaces.observation_high(ruleset), dtype=np.float32)
        obs_space = gym_spaces.Dict(
            {
                "observation": gym_spaces.Box(low=0, high=high, shape=(size,), dtype=np.float32),
                "action_mask": gym_spaces.Box(low=0, high=1, shape=(len(self.tokens),), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: gym_spaces.Discrete(len(self.tokens)) for a in AGENTS}
        self.position = Position.start(ruleset)
        self.plies = 0

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def action_to_move(self, action):
        return self.tokens[int(action)]

    def move_to_action(self, move):
        return spaces.action(self.ruleset, move)

    def observe(self, agent):
        player = AGENTS.index(agent) + 1
        obs = np.array(spaces.observation(self.position, player), dtype=np.float32)
        mask = np.zeros(len(self.tokens), dtype=np.int8)
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask[spaces.legal_actions(self.position)] = 1
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed=None, options=None):
        # The games have no chance: the seed changes nothing (accepted for the API).
        text = (options or {}).get("position")
        self.position = Position(text) if text else Position.start(self.ruleset)
        if self.position.ruleset != self.ruleset:
            raise ValueError("position of %s in a %s environment" % (self.position.ruleset, self.ruleset))
        self.plies = 0
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, self.position.is_over())
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[self.position.side_to_move - 1]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        self.position.play(self.tokens[int(action)])
        self.plies += 1
        if self.position.is_over():
            winner = self.position.winner()
            if winner:
                self.rewards[AGENTS[winner - 1]] = 1
                self.rewards[AGENTS[2 - winner]] = -1
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_plies is not None and self.plies >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = AGENTS[self.position.side_to_move - 1]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.position.show()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
