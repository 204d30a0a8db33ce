"""The baraza bot protocol (protocol.md) around a function, so a bot is one function:

    def choose(position, legal, go):   # a baraza.Position, the legal tokens, a Go
        return legal[0]

    baraza.run(choose, name="my-bot")

run() answers the hello, keeps playing game after game in one process, writes each move
flushed and returns on `quit` or at the end of the input. info() writes an `info` line.
"""
import sys

from ._baraza import Position, rulesets

_out = sys.stdout


class Go:
    """The fields of one `go` line, from the point of view of the side to move (`me`)."""

    __slots__ = ("me", "p1time", "p2time", "p1inc", "p2inc", "movetime", "nodes", "depth")

    def __init__(self, words, me):
        self.me = me
        self.p1time = self.p2time = self.p1inc = self.p2inc = 0
        self.movetime = self.nodes = self.depth = None
        for key, value in zip(words[0::2], words[1::2]):
            if key in self.__slots__ and key != "me" and value.isdigit():
                setattr(self, key, int(value))

    @property
    def time(self):
        """My remaining clock time, in milliseconds."""
        return self.p1time if self.me == 1 else self.p2time

    @property
    def inc(self):
        """My increment, in milliseconds."""
        return self.p1inc if self.me == 1 else self.p2inc

    def budget(self, share=0.7):
        """Seconds to think on this move: `share` of the movetime, or of a fair slice of the
        clock (a 25th of what is left, plus the increment) when a game clock runs."""
        clock = self.time / 25 + self.inc
        if self.movetime is not None and self.time <= self.movetime:
            limit = self.movetime  # only --movetime: the p*time fields carry the same limit
        elif self.movetime is not None:
            limit = min(self.movetime, clock)
        else:
            limit = clock
        return max(limit * share, 1) / 1000


def info(text):
    """Write an `info` line (logged by the referee; protocol.md lists the fields it reads)."""
    _out.write("info " + " ".join(str(text).split()) + "\n")
    _out.flush()


def _send(line):
    _out.write(line + "\n")
    _out.flush()


def run(choose, name="python-bot", author=None, setup=None, new_game=None,
        input=None, output=None):
    """Play the protocol on stdin/stdout (or `input`/`output`) until `quit`.

    choose(position, legal, go) -> token: called on each turn with the position as a
    baraza.Position, the legal move tokens (the referee's `legal` line) and a Go.
    setup(ruleset): optional, called once before `ready` (slow loading belongs there).
    new_game(player, position): optional, called at each `newgame`: reset per-game state.
    A hello naming a ruleset this package does not know exits quietly, as protocol.md asks.
    """
    global _out
    _out = output or sys.stdout
    position, legal = None, []
    for line in input or sys.stdin:
        words = line.split()
        if not words:
            continue
        kind = words[0]
        if kind == "baraza":
            ruleset = words[2] if len(words) > 2 else ""
            if ruleset not in rulesets():
                return
            _send("id name " + name)
            if author:
                _send("id author " + author)
            if setup:
                setup(ruleset)
            _send("ready")
        elif kind == "newgame":
            position, legal = None, []
            if new_game:
                new_game(int(words[1]), Position(" ".join(words[2:])))
        elif kind == "position":
            position = Position(" ".join(words[1:]))
        elif kind == "legal":
            legal = words[1:]
        elif kind == "go":
            go = Go(words[1:], position.side_to_move)
            _send("move " + choose(position, legal, go))
        elif kind == "quit":
            return
        # last, gameover, seed and message types added later need no answer
