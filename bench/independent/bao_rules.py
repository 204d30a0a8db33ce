"""Bao la Kiswahili (baraza ruleset `bao`) in plain Python, written from the rules
specification bao.md only. Rule numbers (N3, Q2, L1, T1, ...) refer to that file.

Each player's 16 holes are kept in circuit order, clockwise (G4): index 0..7 the front row from
the left kichwa to the right kichwa, 8..15 the back row. So for both players the left kichwa is
0, the left kimbi 1, the nyumba 4, the right kimbi 6, the right kichwa 7, and front hole i faces
the opponent's front hole 7 - i. Clockwise is +1 along the circuit.
"""

CAP = 65536  # E2: a move dropping more seeds than this is never-ending
START = "bao 0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,2,2,6,0,0,0,0/0,0,0,0,0,0,0,0 22 22 1 HH -"


def hole_name(p, i):
    if p == 0:
        return "b%d" % (i + 1) if i < 8 else "a%d" % (16 - i)
    return "c%d" % (8 - i) if i < 8 else "d%d" % (i - 7)


def hole_index(p, name):
    row, col = name[0], int(name[1:])
    if p == 0:
        if row == "b":
            return col - 1
        if row == "a":
            return 16 - col
    else:
        if row == "c":
            return 8 - col
        if row == "d":
            return col + 7
    raise ValueError("not a hole of player %d: %s" % (p + 1, name))


def dir_char(p, i, d):
    """G5: `>` = towards column 8 in the named hole's row. Rows b and d run clockwise towards
    column 8, rows a and c anticlockwise."""
    cw_is_gt = (i < 8) == (p == 0)
    return ">" if (d == 1) == cw_is_gt else "<"


def column(p, i):
    return i + 1 if p == 0 else 8 - i


class NeverEnding(Exception):
    pass


class Sim:
    """One move being played out on a copy of the position."""

    __slots__ = ("m", "o", "me", "hand", "flags", "drops", "namua_stage", "capturing", "d",
                 "decision", "end", "tak", "house_choice")

    def __init__(self, st, capturing, house_choice):
        me = st.side
        self.me = me
        self.m = st.h[me][:]
        self.o = st.h[1 - me][:]
        self.hand = st.hand[:]
        self.flags = st.flags[:]
        self.drops = 0
        self.namua_stage = st.hand[0] > 0 or st.hand[1] > 0  # L3: stage at the start
        self.capturing = capturing
        self.d = 1
        self.decision = False
        self.end = None  # None, "win" or "lose" (W1)
        self.tak = st.tak
        self.house_choice = house_choice

    def sow(self, pos, n, d):
        """Drop n seeds one by one after pos in direction d; return the lap-end hole."""
        m = self.m
        for k in range(n):
            pos = (pos + d) & 15
            m[pos] += 1
            self.drops += 1
            if self.drops > CAP:
                raise NeverEnding()
            if pos >= 8 and not any(m[0:8]):
                self.hand[self.me] += n - k - 1  # W1: seeds in transit to the mover's hand
                self.end = "lose"
                return pos
        return pos

    def capture_at(self, L):
        """S4 + W1: take the facing hole; True if that wins at once."""
        o = self.o
        t = 7 - L
        c = o[t]
        o[t] = 0
        if t == 4:
            self.flags[1 - self.me] = False  # N1b
        if not self.namua_stage:
            self.flags[0] = self.flags[1] = False  # N1c: first capture of the mtaji stage
        if not any(o[0:8]):
            self.hand[self.me] += c
            self.end = "win"
            return c, True
        return c, False

    def sow_capture(self, k, c):
        """S5: captured seeds from kichwa k (0: clockwise, 7: anticlockwise), first seed into it."""
        d = 1 if k == 0 else -1
        self.d = d
        return self.sow(k - d, c, d)

    def run(self, L):
        """L1 after every lap, from lap end L, until the move ends."""
        m, o, me = self.m, self.o, self.me
        while self.end is None:
            if self.capturing and L < 8 and m[L] >= 2 and o[7 - L] > 0:
                c, won = self.capture_at(L)
                if won:
                    return
                if L <= 1:
                    k = 0
                elif L >= 6:
                    k = 7
                else:
                    k = 0 if self.d == 1 else 7  # S5.4: keep the direction
                L = self.sow_capture(k, c)
                continue
            if L == 4 and self.flags[me] and m[4] >= 6:
                if not self.capturing and self.namua_stage:
                    return
                self.decision = True
                if self.house_choice == "=":
                    return
                self.flags[me] = False
                n = m[4]
                m[4] = 0
                L = self.sow(4, n, self.d)
                continue
            if self.tak is not None and L == self.tak:
                return
            if m[L] >= 2:
                if L == 4:
                    self.flags[me] = False  # N1a: the owner takes all its seeds
                n = m[L]
                m[L] = 0
                L = self.sow(L, n, self.d)
                continue
            return

    def result(self, st):
        h = [None, None]
        h[self.me] = self.m
        h[1 - self.me] = self.o
        return BaoState([h[0], h[1]], self.hand, 1 - self.me, self.flags, None)


def _functional(st, p):
    return st.flags[p] and st.h[p][4] >= 6


class BaoState:
    __slots__ = ("h", "hand", "side", "flags", "tak", "_moves")

    ruleset = "bao"

    def __init__(self, h, hand, side, flags, tak):
        self.h = h  # [player 1's 16 holes, player 2's 16 holes], circuit order
        self.hand = hand
        self.side = side
        self.flags = flags  # [bool, bool]: house status (H)
        self.tak = tak  # circuit index of the side to move's takasia hole, or None
        self._moves = None

    @classmethod
    def start(cls, ruleset="bao"):
        return cls.parse(START)

    @classmethod
    def parse(cls, text):
        f = text.split()
        if len(f) != 7 or f[0] != "bao":
            raise ValueError("not a bao position: " + text)
        rows = [[int(x) for x in r.split(",")] for r in f[1].split("/")]
        a, b, c, d = rows
        p1 = b[:] + [a[15 - i] for i in range(8, 16)]
        p2 = [c[7 - i] for i in range(8)] + [d[i - 8] for i in range(8, 16)]
        side = int(f[4]) - 1
        tak = None if f[6] == "-" else hole_index(side, f[6])
        return cls([p1, p2], [int(f[2]), int(f[3])], side, [f[5][0] == "H", f[5][1] == "H"], tak)

    def copy(self):
        s = BaoState([self.h[0][:], self.h[1][:]], self.hand[:], self.side, self.flags[:],
                     self.tak)
        s._moves = self._moves
        return s

    def position(self):
        p1, p2 = self.h
        a = [p1[16 - col] for col in range(1, 9)]
        b = p1[0:8]
        c = [p2[8 - col] for col in range(1, 9)]
        d = [p2[col + 7] for col in range(1, 9)]
        board = "/".join(",".join(str(x) for x in r) for r in (a, b, c, d))
        houses = ("H" if self.flags[0] else "-") + ("H" if self.flags[1] else "-")
        tak = "-" if self.tak is None else hole_name(self.side, self.tak)
        return "bao %s %d %d %d %s %s" % (board, self.hand[0], self.hand[1], self.side + 1,
                                         houses, tak)

    # ---- move generation: a dict action -> resulting state, actions = idx*6 + dir*3 + suffix

    @staticmethod
    def _action(i, d, suffix):
        return i * 6 + (0 if d == 1 else 3) + suffix

    def token(self, action):
        i, r = divmod(action, 6)
        d = 1 if r < 3 else -1
        return hole_name(self.side, i) + dir_char(self.side, i, d) + ("", "=", "+")[r % 3]

    def _complete(self, out, i, d, start, capturing):
        """Play a move both ways at a house decision; add its legal completions to out.
        start(sim) makes the first lap(s) and returns the lap end (or None if already over)."""
        got = False
        for choice in ("=", "+"):
            sim = Sim(self, capturing, choice)
            try:
                L = start(sim)
                if L is not None and sim.end is None:
                    sim.run(L)
            except NeverEnding:
                if not sim.decision:
                    return got
                continue
            if not sim.decision:
                out[self._action(i, d, 0)] = sim.result(self)
                return True
            out[self._action(i, d, 1 if choice == "=" else 2)] = sim.result(self)
            got = True
        return got

    def _namua(self):
        me = self.side
        m, o = self.h[me], self.h[1 - me]
        out = {}
        for X in range(8):
            if m[X] > 0 and o[7 - X] > 0:
                self._namua_capture(out, X)
        if out:
            return out
        # N4 takasa
        front = [i for i in range(8) if m[i] > 0]
        if _functional(self, me):
            if front == [4]:
                for d in (1, -1):
                    def start(sim, d=d):
                        sim.hand[me] -= 1
                        sim.drops += 1
                        sim.m[4 + d] += 1  # the placed seed in, one seed out: b5 keeps 8 (X6)
                        sim.d = d
                        return 4 + d
                    self._complete(out, 4, d, start, False)
                return out
            allowed = [i for i in front if i != 4]
        else:
            allowed = [i for i in front if m[i] >= 2] or front
        for i in allowed:
            for d in (1, -1):
                if self._lone_kichwa_back(m, i, d):
                    continue

                def start(sim, i=i, d=d):
                    sim.hand[me] -= 1
                    n = sim.m[i] + 1
                    sim.m[i] = 0
                    if i == 4:
                        sim.flags[me] = False
                    sim.d = d
                    return sim.sow(i, n, d)
                self._complete(out, i, d, start, False)
        return out

    @staticmethod
    def _lone_kichwa_back(m, i, d):
        if i == 0 and d == -1 or i == 7 and d == 1:
            return not any(m[j] for j in range(8) if j != i)
        return False

    def _namua_capture(self, out, X):
        me = self.side

        def place(sim):
            sim.hand[me] -= 1
            sim.m[X] += 1
            return sim.capture_at(X)

        if X <= 1 or X >= 6:
            options = [0 if X <= 1 else 7]
        else:
            options = [0, 7]
        want = ">" if column(me, X) <= 4 else "<"  # M1 convention for a capture that wins
        col_d = 1 if dir_char(me, X, 1) == want else -1
        ranked = []
        for k in options:
            d = 1 if k == 0 else -1
            char_d = d  # the token's direction is that of the capture sowing (front row)

            def start(sim, k=k):
                c, won = place(sim)
                if won:
                    return None
                return sim.sow_capture(k, c)

            trial = {}
            if not self._complete(trial, X, char_d, start, True):
                continue
            # N5 rank of the capture lap
            sim = Sim(self, True, "=")
            c, won = place(sim)
            if won:
                # the first capture ends the game: one move, direction by convention
                sim.end = "win"
                out[self._action(X, col_d, 0)] = sim.result(self)
                return
            L = sim.sow_capture(k, c)
            mm, oo = sim.m, sim.o
            if L < 8 and mm[L] >= 2 and oo[7 - L] > 0:
                rank = 0
            elif L == 4 and sim.flags[me] and mm[4] >= 6:
                rank = 1
            elif mm[L] >= 2:
                rank = 2
            else:
                rank = 3
            ranked.append((rank, trial))
        if ranked:
            best = min(r for r, _ in ranked)
            for r, trial in ranked:
                if r == best:
                    out.update(trial)

    def _capturing_starts(self, p):
        """Q2: (hole, direction) pairs of player p whose first lap ends in a capture."""
        m, o = self.h[p], self.h[1 - p]
        res = []
        for i in range(16):
            n = m[i]
            if 2 <= n <= 15:
                for d in (1, -1):
                    L = (i + d * n) & 15
                    if L < 8 and m[L] >= 1 and o[7 - L] > 0:
                        res.append((i, d))
        return res

    def _sowing_start(self, i, d):
        me = self.side

        def start(sim):
            n = sim.m[i]
            sim.m[i] = 0
            if i == 4:
                sim.flags[me] = False  # Q4
            sim.d = d
            return sim.sow(i, n, d)
        return start

    def _mtaji(self):
        me = self.side
        m = self.h[me]
        out = {}
        caps = self._capturing_starts(me)
        for i, d in caps:
            self._complete(out, i, d, self._sowing_start(i, d), True)
        if out:
            return out, True
        capset = set(caps)
        for back in (False, True):
            for i in (range(8, 16) if back else range(8)):
                if m[i] < 2 or i == self.tak:
                    continue
                for d in (1, -1):
                    if (i, d) in capset or self._lone_kichwa_back(m, i, d):
                        continue
                    self._complete(out, i, d, self._sowing_start(i, d), False)
            if out:
                return out, False
        return out, False

    def moves(self):
        if self._moves is None:
            if self.front_empty_result() is not None:
                self._moves = {}
            elif self.hand[self.side] > 0:
                self._moves = self._namua()
            else:
                self._moves, capturing = self._mtaji()
                if not capturing and self.hand[0] == 0 and self.hand[1] == 0:
                    for nxt in self._moves.values():
                        nxt.tak = nxt._takasia()  # T1, after a non-capturing mtaji move
        return self._moves

    def _takasia(self):
        """T1/T2 in this position (Y = the side to move, X = the player who just moved)."""
        if self.front_empty_result() is not None:
            return None
        y = self.side
        x = 1 - y
        probe = BaoState(self.h, self.hand, y, self.flags, None)
        if any(probe._legal_capture(i, d) for i, d in probe._capturing_starts(y)):
            return None
        px = BaoState(self.h, self.hand, x, self.flags, None)
        targets = set()
        for i, d in px._capturing_starts(x):
            if px._legal_capture(i, d):
                L = (i + d * self.h[x][i]) & 15
                targets.add(7 - L)
        if len(targets) != 1:
            return None
        t = targets.pop()
        yf = self.h[y][0:8]
        occupied = [j for j in range(8) if yf[j] > 0]
        big = [j for j in range(8) if yf[j] > 1]
        if t == 4 or occupied == [t] or big == [t]:
            return None
        return t

    def _legal_capture(self, i, d):
        return self._complete({}, i, d, self._sowing_start(i, d), True)

    def front_empty_result(self):
        """W2: None, or the winner (0/1) when a front row is empty at the start of a turn."""
        me = self.side
        if not any(self.h[me][0:8]):
            return 1 - me
        if not any(self.h[1 - me][0:8]):
            return me
        return None

    # ---- the interface rules.py's states share

    def legal(self):
        return sorted(self.moves())

    def apply(self, action):
        nxt = self.moves()[action]
        self.h = [nxt.h[0][:], nxt.h[1][:]]
        self.hand = nxt.hand[:]
        self.side = nxt.side
        self.flags = nxt.flags[:]
        self.tak = nxt.tak
        self._moves = None

    def terminal_reason(self):
        w = self.front_empty_result()
        if w is not None:
            return ("front-row-empty", w)
        if not self.moves():
            return ("no-legal-move", 1 - self.side)
        return None

    def winner(self):
        return self.terminal_reason()[1]

    def material(self, player):
        """Seeds owned (board and hand) of player minus the opponent's, as a share of 64."""
        mine = sum(self.h[player]) + self.hand[player]
        return (2 * mine - 64) / 64.0
