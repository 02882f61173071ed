"""The exact solver's play for a seat, as an action: what the normal bot plays, what the hard
bot plays once the pool is empty, and what a hint measures a held-back play by.
"""

from __future__ import annotations

from core.api import Action, View
from core.rummikub.solver import DECISION_NODES, Budget, solve

DRAW: Action = {"kind": "draw"}


def best_action(view: View, budget: Budget | None = None) -> tuple[Action, tuple[int, int] | None]:
    """The solver's play for the viewing seat (RK-8 before its initial meld), or draw;
    with the play's (tiles placed, points). Within `budget`, by default one decision's
    (`DECISION_NODES`): no bot and no hint thinks for more than a second."""
    seat = view["seat"]
    initial = not view["melded"][seat]
    first_meld_jokers = view.get("jokers_in_first_meld", False)
    budget = budget or Budget(DECISION_NODES)
    found = solve(view["table"], view["rack"], initial, first_meld_jokers, budget)
    if found is None:
        return DRAW, None
    tiles, points, table = found
    return {"kind": "play", "table": table}, (tiles, points)
