"""Ratings with uncertainty for arena entrants, fitted with openskill (Plackett-Luce).

Outside `core` because openskill stamps every rating with a random id (`uuid4`); the figures
themselves are deterministic. Imported only by the arena, so the menu never loads openskill.

Ratings are updated game by game in index order, so a series gives the same ratings however
many processes played it.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from core.arena import GameRecord


def placings(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Each seat's place (0 = best, equal places for a tie) from a game's result.

    The result says who won but not whether a low score is good (No Thanks!, Papayoo) or a
    high one (Rummikub): the winners' score tells. Winners come first even when a tie-break
    beyond the score chose them (Pásovec's tokens, PA-14).
    """
    best = {scores[seat] for seat in winners}
    if min(scores) in best:
        sign = 1
    elif max(scores) in best:
        sign = -1
    else:
        sign = 0
    keys = [(seat not in winners, sign * score) for seat, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def fit_ratings(entrants: Sequence[str], records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """Per entrant: `mu`, `sigma` and `ordinal` (mu - 3 sigma, a cautious estimate).

    Every seat plays as its own team. An entrant seated twice in one game (a round-robin mix
    such as hard, hard, easy) moves by the mean of its seats' updates, so its games against
    itself cancel out, and its sigma shrinks once, as for one game.
    """
    model = PlackettLuce()
    ratings = [model.rating() for _ in entrants]
    for record in sorted(records, key=lambda r: r.plan.index):
        seating = record.plan.seating
        teams = [[model.rating(ratings[e].mu, ratings[e].sigma)] for e in seating]
        rated = model.rate(teams, ranks=placings(record.scores, record.winners))
        for entrant in set(seating):
            seats = [seat for seat, e in enumerate(seating) if e == entrant]
            old = ratings[entrant]
            mu = old.mu + statistics.fmean(rated[seat][0].mu - old.mu for seat in seats)
            sigma = min(rated[seat][0].sigma for seat in seats)
            ratings[entrant] = model.rating(mu, sigma)
    return [
        {"level": label, "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
        for label, r in zip(entrants, ratings, strict=True)
    ]
