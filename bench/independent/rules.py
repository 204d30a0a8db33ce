"""Darra and Dara rules in plain Python, written from the baraza rules specifications
(darra.md, dara.md), independently of baraza's Rust engines.

Each ruleset class parses baraza's position strings, lists legal moves as integer actions,
applies them, and names them in baraza's move notation. Nothing here imports pyspiel, so the
cross-check script can use it without OpenSpiel installed.
"""

# ---------------------------------------------------------------------------------------------
# Darra (darra.md): two rows of n holes, sow counterclockwise, a hole reaching exactly 4 is
# captured at once (by the sower on the last seed, else by the hole's owner).

DARRA_SIZES = {"darra": 6, "darra-2x12": 12, "darra-2x16": 16, "darra-2x18": 18}


class DarraState:
    __slots__ = ("ruleset", "n", "board", "side", "cap", "last", "nocap", "_legal")

    def __init__(self, ruleset, board, side, cap, last, nocap):
        self.ruleset = ruleset
        self.n = DARRA_SIZES[ruleset]
        self.board = board  # 2n counts: 1A..nA then 1B..nB (the sowing cycle)
        self.side = side  # 0 = player 1 (row A), 1 = player 2 (row B)
        self.cap = cap  # [captured by player 1, by player 2]
        self.last = last  # None, 0 or 1
        self.nocap = nocap
        self._legal = None

    @classmethod
    def start(cls, ruleset):
        n = DARRA_SIZES[ruleset]
        return cls(ruleset, [4] * (2 * n), 0, [0, 0], None, 0)

    @classmethod
    def parse(cls, text):
        f = text.split()
        if len(f) != 7 or f[0] not in DARRA_SIZES:
            raise ValueError("not a darra position: " + text)
        n = DARRA_SIZES[f[0]]
        rows = f[1].split("/")
        board = [int(x) for x in rows[0].split(",")] + [int(x) for x in rows[1].split(",")]
        if len(board) != 2 * n:
            raise ValueError("wrong row length: " + text)
        last = None if f[5] == "-" else int(f[5]) - 1
        return cls(f[0], board, int(f[2]) - 1, [int(f[3]), int(f[4])], last, int(f[6]))

    def copy(self):
        return DarraState(self.ruleset, self.board[:], self.side, self.cap[:], self.last, self.nocap)

    def position(self):
        n = self.n
        a = ",".join(str(x) for x in self.board[:n])
        b = ",".join(str(x) for x in self.board[n:])
        last = "-" if self.last is None else str(self.last + 1)
        return "%s %s/%s %d %d %d %s %d" % (
            self.ruleset, a, b, self.side + 1, self.cap[0], self.cap[1], last, self.nocap)

    def limit(self):
        return 100 * self.n

    def terminal_reason(self):
        if sum(self.board) < 5:
            return "end"
        if self.nocap >= self.limit():
            return "limit"
        return None

    def pass_action(self):
        return 2 * self.n

    def legal(self):
        """Legal actions, ascending: hole index (0..2n-1) or 2n for pass."""
        if self._legal is None:
            if self.terminal_reason():
                self._legal = []
            else:
                lo = self.side * self.n
                moves = [i for i in range(lo, lo + self.n) if self.board[i] > 0]
                self._legal = moves or [2 * self.n]
        return self._legal

    def apply(self, action):
        self._legal = None
        if action == 2 * self.n:
            self.nocap += 1
            self.side ^= 1
            return
        b = self.board
        n2 = 2 * self.n
        s = b[action]
        b[action] = 0
        pos = action
        captured = False
        for j in range(1, s + 1):
            pos += 1
            if pos == n2:
                pos = 0
            b[pos] += 1
            if b[pos] == 4:
                captor = self.side if j == s else pos // self.n
                self.cap[captor] += 4
                b[pos] = 0
                self.last = captor
                captured = True
        self.nocap = 0 if captured else self.nocap + 1
        self.side ^= 1

    def scores(self):
        on_board = sum(self.board)
        s = self.cap[:]
        if self.last is not None:
            s[self.last] += on_board
        return s

    def winner(self):
        """For a terminal position: 0 or 1 for the winner, None for a draw."""
        s = self.scores()
        if s[0] == s[1]:
            return None
        return 0 if s[0] > s[1] else 1

    def token(self, action):
        if action == 2 * self.n:
            return "pass"
        return "%d%s" % (action % self.n + 1, "AB"[action // self.n])

    def material(self, player):
        """Captured seeds of player minus the opponent's, as a share of all seeds."""
        return (self.cap[player] - self.cap[1 - player]) / (8.0 * self.n)


# ---------------------------------------------------------------------------------------------
# Dara (dara.md): 6 files x 5 ranks, 12 pieces each; drops, then orthogonal steps; a step that
# makes exactly three in a row removes an enemy piece not in a line.

FILES = "abcdef"
DIRS = ((0, 1), (0, -1), (-1, 0), (1, 0))  # up, down, left, right as (dfile, drank)
NEIGH = []  # NEIGH[c] = [(dir, cell), ...]
for _c in range(30):
    _f, _r = _c % 6, _c // 6
    _l = []
    for _d, (_df, _dr) in enumerate(DIRS):
        _nf, _nr = _f + _df, _r + _dr
        if 0 <= _nf < 6 and 0 <= _nr < 5:
            _l.append((_d, _nr * 6 + _nf))
    NEIGH.append(_l)


def cell_name(c):
    return FILES[c % 6] + str(c // 6 + 1)


def _runs(board, c, colour):
    """Horizontal and vertical run lengths of colour through cell c (c counted as colour)."""
    f, r = c % 6, c // 6

    def ray(df, dr):
        n, x, y = 0, f + df, r + dr
        while 0 <= x < 6 and 0 <= y < 5 and board[y * 6 + x] == colour:
            n, x, y = n + 1, x + df, y + dr
        return n

    return 1 + ray(-1, 0) + ray(1, 0), 1 + ray(0, -1) + ray(0, 1)


def _in_line(board, c):
    h, v = _runs(board, c, board[c])
    return h >= 3 or v >= 3


class DaraState:
    __slots__ = ("ruleset", "board", "side", "hand", "nocap", "_legal")

    def __init__(self, ruleset, board, side, hand, nocap):
        self.ruleset = ruleset
        self.board = board  # 30 cells, index rank*6 + file (a1 = 0); 0 empty, 1 x, 2 o
        self.side = side
        self.hand = hand
        self.nocap = nocap
        self._legal = None

    @classmethod
    def start(cls, ruleset):
        return cls(ruleset, [0] * 30, 0, [12, 12], 0)

    @classmethod
    def parse(cls, text):
        f = text.split()
        if len(f) != 6 or f[0] not in ("dara", "dara-niger"):
            raise ValueError("not a dara position: " + text)
        ranks = f[1].split("/")
        board = [0] * 30
        for i, row in enumerate(ranks):
            r = 4 - i
            for x, ch in enumerate(row):
                board[r * 6 + x] = ".xo".index(ch)
        return cls(f[0], board, int(f[2]) - 1, [int(f[3]), int(f[4])], int(f[5]))

    def copy(self):
        return DaraState(self.ruleset, self.board[:], self.side, self.hand[:], self.nocap)

    def position(self):
        rows = []
        for r in range(4, -1, -1):
            rows.append("".join(".xo"[self.board[r * 6 + x]] for x in range(6)))
        return "%s %s %d %d %d %d" % (
            self.ruleset, "/".join(rows), self.side + 1, self.hand[0], self.hand[1], self.nocap)

    def pieces(self, p):
        return self.board.count(p + 1) + self.hand[p]

    def _generate(self):
        b = self.board
        me = self.side + 1
        opp = 3 - me
        moves = []
        if self.hand[self.side] > 0:
            maxrun = 2 if self.ruleset == "dara-niger" else 3
            for c in range(30):
                if b[c] == 0:
                    h, v = _runs(b, c, me)
                    if h <= maxrun and v <= maxrun:
                        moves.append(c)
            return moves
        for frm in range(30):
            if b[frm] != me:
                continue
            for d, to in NEIGH[frm]:
                if b[to] != 0:
                    continue
                b[frm] = 0
                b[to] = me
                h, v = _runs(b, to, me)
                base = 30 + (frm * 4 + d) * 31
                if h >= 4 or v >= 4:
                    pass
                elif h == 3 or v == 3:
                    targets = [e for e in range(30) if b[e] == opp and not _in_line(b, e)]
                    if targets:
                        moves.extend(base + 1 + e for e in targets)
                    else:
                        moves.append(base)
                else:
                    moves.append(base)
                b[to] = 0
                b[frm] = me
        return moves

    def terminal_reason(self):
        """None while the game goes on, else (reason, winner or None)."""
        p1, p2 = self.pieces(0), self.pieces(1)
        if p1 < 3 or p2 < 3:
            if p1 < 3 and p2 < 3:
                return ("pieces", None)
            return ("pieces", 1 if p1 < 3 else 0)
        if self.nocap >= 100:
            return ("limit", None)
        if not self._moves():
            return ("no-moves", 1 - self.side)
        return None

    def _moves(self):
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def legal(self):
        if self.terminal_reason():
            return []
        return self._legal

    def apply(self, action):
        self._legal = None
        me = self.side + 1
        if action < 30:
            self.board[action] = me
            self.hand[self.side] -= 1
            self.nocap = 0
        else:
            a = action - 30
            rem = a % 31 - 1
            frm, d = divmod(a // 31, 4)
            to = frm + DIRS[d][0] + 6 * DIRS[d][1]
            self.board[frm] = 0
            self.board[to] = me
            if rem >= 0:
                self.board[rem] = 0
                self.nocap = 0
            else:
                self.nocap += 1
        self.side ^= 1

    def winner(self):
        return self.terminal_reason()[1]

    def token(self, action):
        if action < 30:
            return cell_name(action)
        a = action - 30
        rem = a % 31 - 1
        frm, d = divmod(a // 31, 4)
        to = frm + DIRS[d][0] + 6 * DIRS[d][1]
        t = cell_name(frm) + "-" + cell_name(to)
        if rem >= 0:
            t += "x" + cell_name(rem)
        return t

    def material(self, player):
        return (self.pieces(player) - self.pieces(1 - player)) / 12.0


RULESETS = dict({k: DarraState for k in DARRA_SIZES}, dara=DaraState)
RULESETS["dara-niger"] = DaraState


def parse(text):
    ruleset = text.split(" ", 1)[0]
    if ruleset not in RULESETS:
        raise ValueError("unknown ruleset: " + ruleset)
    return RULESETS[ruleset].parse(text)


def start(ruleset):
    return RULESETS[ruleset].start(ruleset)


def status(state):
    """baraza's `rules status` wording: `ongoing` or `<result> <reason>[ <s1>-<s2>]`."""
    if isinstance(state, DarraState):
        reason = state.terminal_reason()
        if not reason:
            return "ongoing"
        w = state.winner()
        s = state.scores()
        return "%s %s %d-%d" % (_result(w), reason, s[0], s[1])
    t = state.terminal_reason()
    if not t:
        return "ongoing"
    return "%s %s" % (_result(t[1]), t[0])


def _result(w):
    return "1/2-1/2" if w is None else ("1-0" if w == 0 else "0-1")


def _bao():
    import bao_rules
    RULESETS["bao"] = bao_rules.BaoState


_bao()

