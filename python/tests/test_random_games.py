"""300 random games per ruleset played with the package, each checked against the real binary:
`baraza rules apply` of the whole game must accept every move and reach the package's final
position and status, and `baraza rules legal` at eight random plies of the game (and at its
end) must list the package's moves. Half the Bao games start from random valid positions, so that the mtaji
stage and takasia come up as often as the namua stage."""
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import baraza
from baraza import Position
from conftest import rules, rules_json, status_text

GAMES = 300
PLIES_LISTED = 8
MAX_PLIES = 3000  # Bao may go on for ever; the referee adjudicates at 1000 by default


def random_bao(rng):
    """64 seeds spread at random over the 32 holes and, sometimes, equal hands (bao.md P2)."""
    while True:
        hand = 0 if rng.random() < 0.6 else rng.randrange(1, 20)
        holes = [0] * 32
        for _ in range(64 - 2 * hand):
            holes[rng.randrange(32)] += 1
        if any(holes[8:24]):  # a front row must hold seeds
            break
    board = "/".join(",".join(map(str, holes[r * 8:r * 8 + 8])) for r in range(4))
    flags = rng.choice("H-") + rng.choice("H-")
    return "bao %s %d %d %d %s -" % (board, hand, hand, rng.randint(1, 2), flags)


def random_game(ruleset, seed):
    rng = random.Random(seed)
    start = random_bao(rng) if ruleset == "bao" and seed % 2 else Position.start(ruleset)
    pos = Position(str(start))
    seen, moves = [str(pos)], []
    while not pos.is_over() and len(moves) < MAX_PLIES:
        move = rng.choice(pos.legal())
        pos.play(move)
        moves.append(move)
        seen.append(str(pos))
    listed = sorted(rng.sample(range(len(seen) - 1), min(PLIES_LISTED, len(seen) - 1)))
    return seen, moves, pos, listed + [len(seen) - 1]


def check_game(ruleset, seed):
    seen, moves, final, listed = random_game(ruleset, seed)
    where = "%s game %d (seed %d)" % (ruleset, seed, seed)
    if moves:
        want = rules_json("apply", seen[0], *moves)
        assert want["position"] == str(final), where
        assert status_text(want["status"]) == final.status(), where
    for k in listed:
        want = rules("legal", seen[k]).split()
        assert want == Position(seen[k]).legal(), "%s ply %d" % (where, k)
    return len(moves)


@pytest.mark.parametrize("ruleset", baraza.rulesets())
def test_random_games_agree_with_baraza_rules(ruleset):
    with ThreadPoolExecutor(4) as pool:
        plies = list(pool.map(lambda s: check_game(ruleset, s), range(GAMES)))
    assert len(plies) == GAMES and sum(plies) > GAMES * 20  # real games, not empty ones

