#!/usr/bin/env python3
"""A searching baraza bot: iterative-deepening alpha-beta over the rules engines of the
`baraza` Python package (README.md says how to install it). Plays darra, bao and dara.

    baraza match bao ".venv/bin/python bot.py" builtin:greedy --movetime 100
"""
import time

import baraza

WIN = 1_000_000


class OutOfTime(Exception):
    pass


def evaluate(pos, ply):
    """The value for the side to move: a won or lost game (sooner is better), else material."""
    me, winner = pos.side_to_move, pos.winner()
    if winner is None:
        return pos.material(me)
    if winner == 0:
        return 0
    return WIN - ply if winner == me else ply - WIN


def search(pos, depth, ply, alpha, beta, deadline):
    """Negamax with alpha-beta pruning; raises OutOfTime when the deadline has passed."""
    if depth == 0 or pos.is_over():
        return evaluate(pos, ply)
    if time.monotonic() > deadline:
        raise OutOfTime
    for _, child in pos.children():
        if child.side_to_move == pos.side_to_move:  # a move that keeps the turn
            score = search(child, depth - 1, ply + 1, alpha, beta, deadline)
        else:
            score = -search(child, depth - 1, ply + 1, -beta, -alpha, deadline)
        if score >= beta:
            return score
        alpha = max(alpha, score)
    return alpha


def choose(position, legal, go):
    deadline = time.monotonic() + go.budget()
    root = position.children()
    if len(root) == 1:
        return root[0][0]
    best, depth = root[0][0], 1
    try:
        while depth <= (go.depth or 64):
            scored, alpha = [], -WIN - 1
            for move, child in root:
                if child.side_to_move == position.side_to_move:
                    score = search(child, depth - 1, 1, alpha, WIN + 1, deadline)
                else:
                    score = -search(child, depth - 1, 1, -WIN - 1, -alpha, deadline)
                scored.append((score, move, child))
                alpha = max(alpha, score)
            # The next iteration tries the best moves first (stable: ties keep spec order).
            scored.sort(key=lambda s: -s[0])
            root = [(m, c) for _, m, c in scored]
            best = root[0][0]
            top = scored[0][0]
            if abs(top) > WIN - 1000:  # a forced result: looking deeper changes nothing
                word = "win" if top > 0 else "loss"
                baraza.info("depth %d score %s %d pv %s" % (depth, word, WIN - abs(top), best))
                break
            baraza.info("depth %d score cp %d pv %s" % (depth, top * 100, best))
            depth += 1
    except OutOfTime:
        pass  # keep the best move of the last finished depth
    return best


if __name__ == "__main__":
    baraza.run(choose, name="python-kit alpha-beta")
