"""Reading baraza's game logs (docs/log-format.md) into Python objects for analysis.

    games = baraza.read_games("run")          # a run folder, its games.jsonl or games.pgn
    for ply in games[0].plies(): ...          # number, mover, move, time, eval, captures
    pandas.DataFrame(baraza.rows(games))      # one row per ply of every game

The files are read as `baraza replay` reads them, with its error lines; each game's moves are
replayed by the rules engines in one call (Rust), so a ply's positions come with it.
"""
import json
import os
import re

from ._baraza import Position, replay_moves

__all__ = ["LogError", "Game", "Ply", "read_games", "rows"]

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TERMINATIONS = ("normal", "time forfeit", "illegal move", "protocol error", "crash",
                "stalled connection", "adjudication", "resignation")
# The fields a JSON game line must have (GameRecord's fields without a default).
JSON_REQUIRED = ("game", "ruleset", "white", "black", "result", "termination", "reason",
                 "plies", "moves", "times_ms", "start", "seed", "time_control", "event",
                 "site", "date", "round")


class LogError(ValueError):
    """A log that cannot be read: the text is the line `baraza replay` prints for it, without
    its `baraza: ` (`run/games.pgn: line 7: duplicate tag White`)."""


class Ply:
    """One move of a game: `ply` (1 for the first move), `player` (the mover, 1 or 2),
    `move`, `time_us` (the think time as measured, µs; from a PGN to 0.1 ms), `time_ms`,
    `eval` (`+0.25/12`, the mover's score as the PGN writes it, or None), `info` (the mover's
    last info text before it, or None), `captures` ([(cell, player)]: each hole or cell it
    emptied and who took it), `captured` ((player 1's, player 2's) seeds or pieces gained),
    `before` and `after` (Positions, whose `ply` and `history` are the game's)."""

    __slots__ = ("ply", "player", "move", "time_us", "time_ms", "eval", "info", "captures",
                 "captured", "before", "after")

    def __init__(self, **fields):
        for k, v in fields.items():
            setattr(self, k, v)

    def __repr__(self):
        return "Ply(%d, player %d, %r)" % (self.ply, self.player, self.move)


class Game:
    """One game of a log. Fields: `game` (its number, GameIndex: what `replay --game` takes),
    `game_id` (the schedule id of a games.jsonl line, else None), `place` and `line` (where it
    is in the file), `ruleset`, `white`, `black`, `result`, `winner` (1, 2, 0 for a draw),
    `termination`, `reason`, `scores` (the final position's, Darra: (20, 28); else None),
    `ply_count` (PlyCount / `plies`), `moves`, `times_us`, `infos`, `start`, `seed`,
    `time_control`, `event`, `site`, `date`, `round`, the bots' `id` lines
    (`white_id_name`, ...), `pair`, `opening`, `versions` (games.jsonl), `tags` (every tag of
    a PGN game), `final` (the Position after the last move), `status` (its Status) and
    `problem` (None, or why a move could not be replayed: `ply 7: illegal move '3A'`)."""

    def __init__(self, fields, times_ms):
        self.__dict__.update(fields)
        self._times_ms = times_ms
        self.winner = {"1-0": 1, "0-1": 2, "1/2-1/2": 0}.get(self.result)
        root, done, error = replay_moves(self.start, list(self.moves))
        self._root, self._done = root, done
        self.problem = None if error is None else "ply %d: %s" % error
        self.final = done[-1][0] if done else root
        self.status = None if self.final is None else self.final.outcome()
        self.scores = None if self.status is None else self.status.scores

    def __repr__(self):
        return "Game(%d, %s vs %s, %s)" % (self.game, self.white, self.black, self.result)

    def plies(self):
        """The moves as Ply objects, first to last (up to a move that could not be played)."""
        out = []
        before = self._root
        for i, (after, captures, captured) in enumerate(self._done):
            us = self.times_us[i] if i < len(self.times_us) else 0
            ms = self._times_ms[i] if i < len(self._times_ms) else us // 1000
            info = self.infos[i] if i < len(self.infos) else None
            out.append(Ply(ply=i + 1, player=before.side_to_move, move=self.moves[i],
                           time_us=us, time_ms=ms, eval=eval_of_info(info), info=info,
                           captures=captures, captured=captured, before=before, after=after))
            before = after
        return out

    def rows(self):
        """One dict per ply, flat (what pandas.DataFrame and polars.DataFrame take as is):
        the game's `game`, `game_id`, `ruleset`, `white`, `black`, `result`, then the ply's
        `ply`, `player`, `move`, `time_ms`, `time_us`, `eval`, `info`, `captures` (the cells,
        space-separated, `""` for none), `captured` (the mover's gain), `captured_1`,
        `captured_2`, `before` and `after` (position strings)."""
        head = {"game": self.game, "game_id": self.game_id, "ruleset": self.ruleset,
                "white": self.white, "black": self.black, "result": self.result}
        out = []
        for p in self.plies():
            row = dict(head)
            row.update(ply=p.ply, player=p.player, move=p.move, time_ms=p.time_ms,
                       time_us=p.time_us, eval=p.eval, info=p.info,
                       captures=" ".join(c for c, _ in p.captures),
                       captured=p.captured[p.player - 1], captured_1=p.captured[0],
                       captured_2=p.captured[1], before=str(p.before), after=str(p.after))
            out.append(row)
        return out


def rows(games):
    """Every ply of `games` as one flat list of dicts (`Game.rows`), game after game."""
    return [r for g in games for r in g.rows()]


def read_games(path):
    """The games of a log: a games.pgn or any PGN log of baraza's, a games.jsonl or a
    `match --jsonl` file (told apart by their first character, `{`), or a run folder (its
    games.jsonl, else its games.pgn), in file order. LogError, with `baraza replay`'s line, for
    a file missing or damaged or holding no game."""
    path = os.fspath(path)
    if os.path.isdir(path):
        jsonl = os.path.join(path, "games.jsonl")
        path = jsonl if os.path.isfile(jsonl) else os.path.join(path, "games.pgn")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise LogError("reading %s: %s (os error %d)" % (path, e.strerror, e.errno)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise LogError("%s: line %d: cannot read the log: stream did not contain valid UTF-8"
                       % (path, line)) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    torn = lines[-1] != ""
    if not torn:
        lines.pop()
    lines = [l[:-1] if l.endswith("\r") else l for l in lines]
    first = next((l for l in lines if l.strip()), "")
    try:
        if first.lstrip().startswith("{"):
            fields = list(_jsonl_games(lines, torn))
        else:
            fields = list(_pgn_games(lines))
    except _LineError as e:
        raise LogError("%s: line %d: %s" % (path, e.args[0], e.args[1])) from None
    if not fields:
        raise LogError("%s: no game in the log" % path)
    games = []
    for place, (f, times_ms) in enumerate(fields, 1):
        f["place"] = place
        games.append(Game(f, times_ms))
    return games


class _LineError(Exception):
    """(line, message)"""


def _fail(line, message):
    raise _LineError(line, message)


# ---- JSON lines ------------------------------------------------------------------------

def _jsonl_games(lines, torn):
    for i, text in enumerate(lines):
        text = text.strip()
        if not text:
            continue
        last_torn = torn and i == len(lines) - 1
        try:
            rec = json.loads(text)
            if not isinstance(rec, dict):
                raise ValueError("invalid type: expected a game record")
            if "baraza" in rec:
                continue
            missing = [k for k in JSON_REQUIRED if k not in rec]
            if missing:
                raise ValueError("missing field `%s`" % missing[0])
            if rec["result"] not in RESULTS:
                raise ValueError("unknown result %r" % rec["result"])
            if rec["termination"] not in TERMINATIONS:
                raise ValueError("unknown termination %r" % rec["termination"])
        except ValueError as e:
            if last_torn:  # a line being written, as `baraza results` reads it: not yet there
                return
            _fail(i + 1, "not a game record (%s)" % e)
        moves = rec["moves"]
        us = rec.get("times_us") or []
        if len(us) != len(moves):
            us = [ms * 1000 for ms in rec["times_ms"]]
        infos = rec.get("move_infos") or []
        fields = {k: rec.get(k) for k in (
            "game", "game_id", "ruleset", "white", "black", "result", "termination", "reason",
            "start", "seed", "time_control", "event", "site", "date", "round", "pair",
            "opening", "versions", "white_id_name", "white_id_author", "black_id_name",
            "black_id_author")}
        fields.update(ply_count=rec["plies"], moves=moves, times_us=us, infos=infos,
                      line=i + 1, tags={})
        yield fields, rec["times_ms"]


# ---- PGN --------------------------------------------------------------------------------

_NUMBER = re.compile(r"(0|[1-9][0-9]*)\Z")
_MOVE_NUMBER = re.compile(r"[0-9]+\.+\Z")
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+\Z")


def _pgn_games(lines):
    i, read = 0, 0
    n = len(lines)
    while True:
        while i < n and (not lines[i].strip() or lines[i].strip().startswith("%")):
            i += 1
        if i >= n:
            return
        first_line = i + 1
        tags, tag_lines, i = _read_tags(lines, i)
        moves, times, evals, result, end_line, i = _movetext(lines, i, first_line)
        if "Result" in tags:
            v, l = tags["Result"], tag_lines["Result"]
            if v not in RESULTS:
                _fail(l, "Result '%s' is not 1-0, 0-1, 1/2-1/2 or *" % v)
            if v != result:
                _fail(end_line, "the movetext ends with %s but the Result tag (line %d) says %s"
                      % (result, l, v))
        read += 1
        yield _pgn_fields(tags, tag_lines, moves, times, evals, result, read, first_line)


def _read_tags(lines, i):
    tags, tag_lines = {}, {}
    while i < len(lines):
        l = lines[i].strip()
        if not l:
            i += 1
            continue
        if l.startswith("%"):
            if not tags:
                i += 1
                continue
            break  # the movetext, written behind PGN's escape (`% 1. 4A {1ms} ...`)
        if not l.startswith("["):
            break
        name, value = _tag_line(l, i + 1)
        if name in tags:
            _fail(i + 1, "duplicate tag %s" % name)
        tags[name], tag_lines[name] = value, i + 1
        i += 1
    return tags, tag_lines, i


_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}


def _tag_line(l, line):
    if not (l.startswith("[") and l.endswith("]")) or len(l) < 2:
        _fail(line, 'a tag line must be [Name "value"]')
    inner = l[1:-1].lstrip()
    parts = re.split(r"\s", inner, maxsplit=1)
    if len(parts) < 2:
        _fail(line, 'a tag line must be [Name "value"]')
    name, rest = parts
    if not _TAG_NAME.match(name):
        _fail(line, "bad tag name '%s'" % name)
    rest = rest.strip()
    if len(rest) < 2 or not (rest.startswith('"') and rest.endswith('"')):
        _fail(line, "the value of tag %s must be in double quotes" % name)
    quoted, value, k = rest[1:-1], [], 0
    while k < len(quoted):
        c = quoted[k]
        k += 1
        if c == '"':
            _fail(line, "unescaped '\"' in the value of tag %s" % name)
        if c != "\\":
            value.append(c)
            continue
        e = quoted[k] if k < len(quoted) else None
        k += 1
        if e in _ESCAPES:
            value.append(_ESCAPES[e])
        elif e == "u":
            m = re.match(r"\{([0-9A-Fa-f]+)\}", quoted[k:])
            code = int(m.group(1), 16) if m else -1
            if not m or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                _fail(line, "bad \\u{...} escape in the value of tag %s" % name)
            value.append(chr(code))
            k += m.end()
        else:
            what = "end of value" if e is None else "'\\%s'" % e
            _fail(line, "bad escape %s in the value of tag %s" % (what, name))
    return name, "".join(value)


def _movetext(lines, i, game_line):
    moves, move_times = [], []  # move_times: per move, None until its comment: (µs, eval)
    comment = None  # [text, line it opened on]
    while i < len(lines):
        ln = i + 1
        rest = lines[i]
        if rest.lstrip().startswith("%"):  # PGN's escape: `% ` then movetext
            rest = rest.lstrip()[1:]
            if rest.startswith(" "):
                rest = rest[1:]
        i += 1
        while True:
            if comment is not None:
                end = rest.find("}")
                if end < 0:
                    comment[0] += rest + " "
                    break
                text, open_line = comment[0] + rest[:end], comment[1]
                rest, comment = rest[end + 1:], None
                if move_times and move_times[-1] is None:
                    parsed = _comment(text)
                    if parsed is None:
                        _fail(open_line, "the comment {%s} after move %d must start with its "
                              "think time, e.g. {12ms}" % (text, len(moves)))
                    move_times[-1] = parsed
                continue
            rest = rest.lstrip()
            if not rest:
                break
            if rest.startswith("{"):
                comment, rest = ["", ln], rest[1:]
                continue
            m = re.search(r"[\s{]", rest)
            end = m.start() if m else len(rest)
            token, rest = rest[:end], rest[end:]
            if token in RESULTS:
                if rest.strip():
                    _fail(ln, "text after the result %s" % token)
                times = [0 if t is None else t[0] for t in move_times]
                evals = [None if t is None else t[1] for t in move_times]
                return moves, times, evals, token, ln, i
            if _MOVE_NUMBER.match(token):
                continue
            if token.startswith("["):
                _fail(ln, "a tag line inside movetext: the previous game has no result at "
                      "its end")
            if "}" in token:
                _fail(ln, "'}' without an opening '{' in '%s'" % token)
            moves.append(token)
            move_times.append(None)
    if comment is not None:
        _fail(comment[1], "comment '{' is never closed")
    _fail(max(len(lines), 1), "the game starting at line %d has no result (1-0, 0-1, 1/2-1/2 "
          "or *) at the end of its movetext" % game_line)


def _comment(text):
    words = [w for w in re.split(r"[\s,]", text) if w]
    if not words:
        return None
    us = _time_us(words[0])
    if us is None:
        return None
    return us, _parse_eval(words[1]) if len(words) > 1 else None


def _time_us(word):
    if word.endswith("ms"):
        number, unit = word[:-2], 1000
    elif word.endswith("s"):
        number, unit = word[:-1], 1000000
    else:
        return None
    whole, _, frac = number.partition(".")
    if number.endswith(".") or len(frac) > 3 or not re.match(r"[0-9]*\Z", frac):
        return None
    if not _NUMBER.match(whole):
        return None
    us = int(whole) * unit + (int(frac.ljust(3, "0")) * unit // 1000 if frac else 0)
    return us // 100 * 100


def _pgn_fields(tags, tag_lines, moves, times, evals, result, index, first_line):
    def number(name, default):
        if name not in tags:
            return default
        v = tags[name]
        if not _NUMBER.match(v) or int(v) >= 1 << 64:
            _fail(tag_lines[name], "%s '%s' is not a non-negative decimal integer" % (name, v))
        return int(v)

    termination = tags.get("Termination", "normal")
    if termination not in TERMINATIONS:
        _fail(tag_lines["Termination"], "Termination '%s' is not one of: %s"
              % (termination, ", ".join(TERMINATIONS)))
    ply_count = number("PlyCount", len(moves))
    seed = number("Seed", 0)
    game = number("GameIndex", index)
    if "Ruleset" in tags:
        ruleset = tags["Ruleset"]
    else:
        ruleset = tags["Position"].split(" ")[0] if "Position" in tags else "?"
    if "Position" in tags:
        start = tags["Position"]
    else:
        try:
            start = str(Position.start(ruleset))
        except ValueError:
            start = ""
    infos = [None if e is None else _eval_info(e) for e in evals]
    fields = {
        "game": game, "game_id": None, "ruleset": ruleset, "white": tags.get("White", "?"),
        "black": tags.get("Black", "?"), "result": result, "termination": termination,
        "reason": tags.get("Reason", ""), "ply_count": ply_count, "moves": moves,
        "times_us": times, "infos": infos, "start": start, "seed": seed,
        "time_control": tags.get("TimeControl", "?"), "event": tags.get("Event", "?"),
        "site": tags.get("Site", "?"), "date": tags.get("Date", "?"),
        "round": tags.get("Round", "?"), "pair": None, "opening": None, "versions": None,
        "white_id_name": tags.get("WhiteIdName"), "white_id_author": tags.get("WhiteIdAuthor"),
        "black_id_name": tags.get("BlackIdName"), "black_id_author": tags.get("BlackIdAuthor"),
        "line": first_line, "tags": tags,
    }
    return fields, [us // 1000 for us in times]


# ---- evals (src/record/info.rs) ---------------------------------------------------------

_U64 = re.compile(r"\+?[0-9]+\Z")
_I64 = re.compile(r"[+-]?[0-9]+\Z")
_INFO_FIELDS = ("depth", "score", "nodes", "nps", "pv")


def _u64(word):
    if word is None or not _U64.match(word) or int(word) >= 1 << 64:
        return None
    return int(word)


def eval_of_info(text):
    """The eval a move's comment carries for an info text (`depth 12 score cp 25` gives
    `+0.25/12`), or None when the text has no score."""
    if text is None:
        return None
    words = text.split()
    at = lambda k: words[k] if k < len(words) else None
    depth, score, k = None, None, 0
    while k < len(words):
        w = words[k]
        if w == "depth":
            depth = _u64(at(k + 1)) if _u64(at(k + 1)) is not None else depth
        elif w == "score":
            kind, n, s = at(k + 1), at(k + 2), None
            if kind == "cp" and n is not None and _I64.match(n) and -(1 << 63) <= int(n) < 1 << 63:
                s = ("cp", int(n))
            elif kind in ("win", "loss") and _u64(n) is not None:
                s = (kind, _u64(n))
            score = s if s is not None else score
        elif w == "pv":
            k += 1
            while k < len(words) and words[k] not in _INFO_FIELDS:
                k += 1
            continue
        k += 1
    if score is None:
        return None
    kind, n = score
    if kind == "cp":
        text = "%s%d.%02d" % ("+" if n > 0 else "-" if n < 0 else "", abs(n) // 100,
                              abs(n) % 100)
    else:
        text = ("+M%d" if kind == "win" else "-M%d") % n
    return text if depth is None else "%s/%d" % (text, depth)


def _parse_eval(word):
    """A comment's eval word (`+0.25/12`, `-M2`) as (kind, number, depth), or None."""
    score, slash, depth = word.partition("/")
    digits = lambda s: int(s) if re.match(r"[0-9]+\Z", s) and int(s) < 1 << 64 else None
    d = None
    if slash:
        d = digits(depth)
        if d is None:
            return None
    if score.startswith("+M") or score.startswith("-M"):
        n = digits(score[2:])
        return None if n is None else ("win" if score[0] == "+" else "loss", n, d)
    neg = score.startswith("-")
    unsigned = score[1:] if score[:1] in "+-" and score else score
    whole, dot, frac = unsigned.partition(".")
    if not dot or len(frac) != 2 or digits(whole) is None or digits(frac) is None:
        return None
    cp = digits(whole) * 100 + digits(frac)
    cp = -cp if neg else cp
    if not -(1 << 63) <= cp < 1 << 63:
        return None
    return ("cp", cp, d)


def _eval_info(e):
    """The info text a record read from a PGN keeps for a comment's eval."""
    kind, n, d = e
    s = "" if d is None else "depth %d " % d
    return s + "score %s %d" % (kind, n)
