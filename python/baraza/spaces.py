"""Fixed action spaces and numeric observations for the learning environments (baraza.pettingzoo,
baraza.openspiel): plain Python, no numpy, so that it imports without the optional libraries.

An action is an index into `tokens(ruleset)`, the list of every move token the ruleset can ever
have, built from the notation of docs/darra.md, docs/bao.md and docs/dara.md:

- Darra on n holes a row: `1A` .. `nA`, `1B` .. `nB`, then `pass` (2n + 1 actions).
- Bao: `<hole><dir>[=|+]` for each of the 32 holes a1..a8, b1..b8, c1..c8, d1..d8, each
  direction `<` `>` and each suffix (none, `=` stop, `+` carry on): 32 x 2 x 3 = 192 actions.
- Dara (both rulesets): the 30 drops `a1` .. `f5`, then for each of the 98 steps between
  orthogonal neighbours `c3-c4` followed by its 30 removals `c3-c4xa1` .. `c3-c4xf5`:
  30 + 98 x 31 = 3068 actions.

The observation of a position is a list of numbers read from its position string (the fields of
the notation, in order), the observer's player number last: see `observation`.
"""

import copyreg

from ._baraza import Position

# Environments get pickled (OpenSpiel's serialization checks, vectorised training across
# processes): a Position is rebuilt from its string, which holds the whole state.
copyreg.pickle(Position, lambda p: (Position, (str(p),)))

_DARRA_HOLES = {"darra": 6, "darra-2x12": 12, "darra-2x16": 16, "darra-2x18": 18}
_FILES = "abcdef"


def _darra_tokens(n):
    return ["%d%s" % (i, row) for row in "AB" for i in range(1, n + 1)] + ["pass"]


def _bao_tokens():
    holes = ["%s%d" % (row, col) for row in "abcd" for col in range(1, 9)]
    return [h + d + s for h in holes for d in "<>" for s in ("", "=", "+")]


def _dara_cells():
    return ["%s%d" % (f, r) for f in _FILES for r in range(1, 6)]


def _dara_tokens():
    cells = _dara_cells()
    tokens = list(cells)
    for f in range(6):
        for r in range(1, 6):
            here = "%s%d" % (_FILES[f], r)
            for df, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= f + df < 6 and 1 <= r + dr <= 5:
                    step = "%s-%s%d" % (here, _FILES[f + df], r + dr)
                    tokens.append(step)
                    tokens.extend(step + "x" + c for c in cells)
    return tokens


def _family(ruleset):
    if ruleset in _DARRA_HOLES:
        return "darra"
    if ruleset in ("bao", "dara", "dara-niger"):
        return ruleset.split("-")[0]
    raise ValueError("unknown ruleset '%s'" % ruleset)


_TOKENS = {}


def tokens(ruleset):
    """Every move token of the ruleset, in action order (index = action)."""
    if ruleset not in _TOKENS:
        family = _family(ruleset)
        if family == "darra":
            found = _darra_tokens(_DARRA_HOLES[ruleset])
        elif family == "bao":
            found = _bao_tokens()
        else:
            found = _dara_tokens()
        _TOKENS[ruleset] = (found, {t: i for i, t in enumerate(found)})
    return _TOKENS[ruleset][0]


def action(ruleset, token):
    """The action index of a move token; KeyError if the ruleset can never play it."""
    tokens(ruleset)
    return _TOKENS[ruleset][1][token]


def legal_actions(position):
    """The legal moves of a baraza.Position as action indices, ascending."""
    index = _TOKENS[position.ruleset][1] if position.ruleset in _TOKENS else None
    if index is None:
        tokens(position.ruleset)
        index = _TOKENS[position.ruleset][1]
    return sorted(index[m] for m in position.legal())


def max_plies(ruleset):
    """A bound on the length of a game that the rules alone end (Darra, Dara); None for Bao,
    which has no such bound (the referee draws it at 1000 plies, `--max-plies`).

    Darra: at most 2n captures (each takes 4 of the 8n seeds) and fewer than 100n plies
    (600 on 2x6) without one before each and after the last. Dara: 2024 plies (docs/dara.md)."""
    family = _family(ruleset)
    if family == "darra":
        n = _DARRA_HOLES[ruleset]
        limit = 600 if n == 6 else 100 * n
        return (2 * n + 1) * limit
    if family == "dara":
        return 2024
    return None


def observation_size(ruleset):
    """The length of `observation(...)` for the ruleset."""
    family = _family(ruleset)
    if family == "darra":
        return 2 * _DARRA_HOLES[ruleset] + 6
    if family == "bao":
        return 32 + 7
    return 30 + 5


def observation_high(ruleset):
    """The largest value of each entry of an observation (the smallest is 0)."""
    family = _family(ruleset)
    if family == "darra":
        n = _DARRA_HOLES[ruleset]
        seeds = 8 * n
        limit = 600 if n == 6 else 100 * n
        return [seeds] * (2 * n + 2) + [2, limit, 2, 2]
    if family == "bao":
        return [64] * 34 + [2, 1, 1, 32, 2]
    return [2] * 30 + [12, 12, 2, 100, 2]


def observation(position, observer):
    """The position as numbers, from its position string, the observer (1 or 2) last:

    - Darra: the seeds of holes 1A..nA, then 1B..nB; captured by player 1, by player 2; who
      captured last (0 none, 1, 2); plies since the last capture; side to move; observer.
    - Bao: the seeds of a1..a8, b1..b8, c1..c8, d1..d8; hand of player 1, of player 2; side to
      move; house of player 1 still standing (1/0), of player 2; takasia hole (0 none, else
      1 + its index in a1..d8); observer.
    - Dara: cells a1, a2, .., a5, b1, .., f5 (0 empty, 1 player 1's piece, 2 player 2's);
      hand of player 1, of player 2; side to move; steps since the last removal; observer.
    """
    fields = str(position).split()
    family = _family(fields[0])
    if family == "darra":
        holes = [int(s) for row in fields[1].split("/") for s in row.split(",")]
        last = 0 if fields[5] == "-" else int(fields[5])
        rest = [int(fields[3]), int(fields[4]), last, int(fields[6]), int(fields[2])]
        return holes + rest + [observer]
    if family == "bao":
        holes = [int(s) for row in fields[1].split("/") for s in row.split(",")]
        houses = [1 if c == "H" else 0 for c in fields[5]]
        takasia = 0
        if fields[6] != "-":
            takasia = 1 + "abcd".index(fields[6][0]) * 8 + int(fields[6][1:]) - 1
        return holes + [int(fields[2]), int(fields[3]), int(fields[4])] + houses + [takasia, observer]
    ranks = fields[1].split("/")  # rank 5 first
    cells = [".xo".index(ranks[5 - r][f]) for f in range(6) for r in range(1, 6)]
    return cells + [int(fields[3]), int(fields[4]), int(fields[2]), int(fields[5]), observer]
