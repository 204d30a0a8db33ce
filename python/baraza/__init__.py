"""baraza's rules engines for Python bots: Darra (every board), Bao la Kiswahili and Dara.

    from baraza import Position
    pos = Position("darra 4,4,4,4,4,4/4,4,4,4,4,4 1 0 0 - 0")
    pos.legal()            # ['1A', '2A', '3A', '4A', '5A', '6A']
    pos.after("1A")        # a new Position; pos.play("1A") changes pos itself

Every string is the protocol's (protocol.md). `baraza.run(choose)` plays the protocol for a
bot written as a function; `baraza.read_games(path)` reads a run's games for analysis. The API is in docs/python.md.
"""
from ._baraza import Position, Status, rulesets
from .log import Game, LogError, Ply, read_games, rows
from .protocol import Go, info, run

__all__ = ["Position", "Status", "rulesets", "Game", "LogError", "Ply", "read_games", "rows",
           "Go", "info", "run"]
