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
from core.club.places import placings


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
