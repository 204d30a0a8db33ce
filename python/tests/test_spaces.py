"""The fixed action spaces of baraza.spaces against the notation (docs/darra.md, docs/bao.md,
docs/dara.md) and against the engines: every legal move of random playouts of every ruleset is
an action that maps back to the same token, and every observation fits its declared bounds."""
import pickle
import subprocess
import sys
import random

import pytest

import baraza
from baraza import spaces


def test_sizes_follow_from_the_notation():
    # Darra: n holes a row in each of two rows, and pass.
    assert len(spaces.tokens("darra")) == 2 * 6 + 1
    assert len(spaces.tokens("darra-2x18")) == 2 * 18 + 1
    # Bao: 32 holes x 2 directions x (no suffix, =, +).
    assert len(spaces.tokens("bao")) == 32 * 2 * 3
    # Dara: 30 drops; 2 x (5 x 5 + 6 x 4) = 98 steps, each alone or with one of 30 removals.
    assert len(spaces.tokens("dara")) == 30 + 98 * 31
    assert spaces.tokens("dara") == spaces.tokens("dara-niger")
    for ruleset in baraza.rulesets():
        assert len(set(spaces.tokens(ruleset))) == len(spaces.tokens(ruleset))


def test_sample_tokens_of_the_docs_are_actions():
    for ruleset, token in [
        ("darra", "4A"), ("darra-2x12", "12B"), ("darra", "pass"),
        ("bao", "b6>"), ("bao", "c3<"), ("bao", "b7<+"), ("bao", "b5>="),
        ("dara", "c3"), ("dara", "c3-c4"), ("dara", "c3-c4xe5"),
    ]:
        assert spaces.tokens(ruleset)[spaces.action(ruleset, token)] == token
    with pytest.raises(KeyError):
        spaces.action("darra", "7A")  # no seventh hole on 2x6
    with pytest.raises(KeyError):
        spaces.action("dara", "c3-e3")  # not a step between neighbours


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_every_legal_move_of_random_playouts_maps_into_the_space_and_back(ruleset):
    rng = random.Random(41)
    tokens = spaces.tokens(ruleset)
    high = spaces.observation_high(ruleset)
    moves = set()
    for _ in range(40):
        pos = baraza.Position.start(ruleset)
        while not pos.is_over():
            legal = pos.legal()
            actions = spaces.legal_actions(pos)
            assert actions == sorted(actions) and len(actions) == len(legal)
            assert sorted(tokens[a] for a in actions) == sorted(legal)
            for who in (1, 2):
                obs = spaces.observation(pos, who)
                assert len(obs) == spaces.observation_size(ruleset) == len(high)
                assert all(0 <= v <= h for v, h in zip(obs, high)), (str(pos), obs)
                assert obs[-1] == who
            moves.update(legal)
            pos.play(rng.choice(legal))
    assert len(moves) > 10, moves


def test_observations_read_the_position_string():
    start = spaces.observation(baraza.Position.start("darra"), 2)
    assert start == [4] * 12 + [0, 0, 0, 0, 1, 2]
    bao = baraza.Position("bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -")
    assert spaces.observation(bao, 1) == (
        [0] * 8 + [0, 0, 0, 0, 6, 2, 2, 0] + [0, 2, 2, 6, 0, 0, 0, 0] + [0] * 8 + [22, 22, 1, 1, 1, 0, 1]
    )
    dara = baraza.Position("dara x...../....../....../....../.....o 2 11 11 0")
    obs = spaces.observation(dara, 1)
    assert obs[0 * 5 + 4] == 1  # a5: rank 5 is the first rank of the string
    assert obs[5 * 5 + 0] == 2  # f1
    assert sum(obs[:30]) == 3 and obs[30:] == [11, 11, 2, 0, 1]


def test_positions_pickle_through_their_string():
    pos = baraza.Position.start("bao")
    pos.play(pos.legal()[0])
    again = pickle.loads(pickle.dumps(pos))
    assert again == pos and again.legal() == pos.legal()


def test_the_package_imports_without_the_optional_libraries():
    # A None in sys.modules makes its import fail, as if the library were not installed.
    code = (
        "import sys\n"
        "for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel', 'numpy'): sys.modules[m] = None\n"
        "import baraza, baraza.spaces\n"
        "print(len(baraza.spaces.tokens('bao')))\n"
        "try:\n"
        "    import baraza.pettingzoo\n"
        "except ImportError:\n"
        "    print('no pettingzoo')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["192", "no pettingzoo"]
