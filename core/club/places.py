"""A finished game's places, from its result alone, and what each seat's place is worth.

`game.result(state)` says who won but not whether a low score is good (No Thanks!, Papayoo and
Pásovec count penalties) or a high one (Rummikub): the winners' score tells. Winners come first
even when a tie-break beyond the score chose them (Pásovec's tokens, PA-14); the other seats
follow by score, and seats the result cannot tell apart share their places.

The worth of a place, for a game of n seats: place p (0 the best) is worth (n-1-p)/(n-1), so the
first gets 1 and the last 0; seats tied over places p..p+k-1 each get the mean of those k
worths. The worths of a game add up to n/2 whatever the ties. Fractions keep that exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

HALF = Fraction(1, 2)


def direction(scores: Sequence[int], winners: Sequence[int]) -> int:
    """1 when the lowest score wins, -1 when the highest does, 0 when there is no winner yet
    (and 1 when every score is equal, where it makes no difference)."""
    best = {scores[seat] for seat in winners}
    if min(scores) in best:
        return 1
    if max(scores) in best:
        return -1
    return 0


def placings(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place (0 = best, equal places for a tie, consecutive numbers)."""
    sign = direction(scores, winners)
    keys = [(seat not in winners, sign * score) for seat, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def check_result(result: dict[str, list[int]]) -> tuple[list[int], list[int]]:
    """The scores and winners of a finished game's result; ValueError when it is unfinished
    (no winner yet), has fewer than two seats, or names a seat it does not have."""
    scores, winners = list(result["scores"]), list(result["winners"])
    if len(scores) < 2:
        raise ValueError(f"a game has at least two seats, not {len(scores)}")
    if not winners:
        raise ValueError("the game is not over: its result names no winner")
    if any(not 0 <= seat < len(scores) for seat in winners):
        raise ValueError(f"winners {winners} are not seats of a game of {len(scores)}")
    return scores, winners


def shares(result: dict[str, list[int]]) -> list[Fraction]:
    """Each seat's share of the places of a finished game (see the module docstring)."""
    scores, winners = check_result(result)
    n = len(scores)
    places = placings(scores, winners)
    worth = []
    for place in places:
        above = sum(1 for other in places if other < place)
        tied = places.count(place)
        first, last = above, above + tied - 1  # the positions the tied seats span
        worth.append(Fraction(2 * (n - 1) - first - last, 2 * (n - 1)))
    return worth


def score_shares(result: dict[str, list[int]]) -> list[Fraction]:
    """Each seat's score on the places' scale: 1 for the best score of the game, 0 for the
    worst, linear between (what the places would be worth if they were spaced by the scores);
    1/2 for everyone when all scores are equal. The standings' tie-break."""
    scores, winners = check_result(result)
    sign = direction(scores, winners)
    best, worst = (min(scores), max(scores)) if sign >= 0 else (max(scores), min(scores))
    if best == worst:
        return [HALF] * len(scores)
    return [Fraction(worst - score, worst - best) for score in scores]
