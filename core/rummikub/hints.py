"""Hints for the player at the table: the best play for the seat's rack (the exact solver) and
what it changes on the table, in words a player reads ("add R7 to R4 R5 R6; new set K9 B9 O9").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.api import Action, View
from core.rummikub.changes import TO_DO, Change, changes, say, table_diff
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import describe
from core.rummikub.solver import solve

DRAW: Action = {"kind": "draw"}


def best_action(view: View) -> tuple[Action, tuple[int, int] | None]:
    """The solver's play for the viewing seat (RK-8 before its initial meld), or draw;
    with the play's (tiles placed, points)."""
    seat = view["seat"]
    initial = not view["melded"][seat]
    found = solve(view["table"], view["rack"], initial, view.get("jokers_in_first_meld", False))
    if found is None:
        return DRAW, None
    tiles, points, table = found
    return {"kind": "play", "table": table}, (tiles, points)


def describe_play(before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]) -> str:
    """The changes from `before` to `after` as things to do (core.rummikub.changes): sets left
    as they were are not mentioned, a set that grows says what to add, and so on."""
    gone, made = table_diff(before, after)
    return "; ".join(_to_do(change) for change in changes(gone, made))


def _to_do(change: Change) -> str:
    """One change of a play, said as what to do, with the rack tiles its words do not show."""
    unnamed = f" (with {describe(change.unnamed)})" if change.unnamed else ""
    return say(change, TO_DO, describe) + unnamed


def hint(view: View, rng: random.Random | None = None) -> tuple[Action, str]:
    """The action to suggest and why, for the seat whose view this is. `rng` is accepted for
    the TUI frame's hint signature (view, rng) and unused: the solver is exact."""
    action, measure = best_action(view)
    if measure is None:
        if not view["melded"][view["seat"]]:
            return action, f"no initial meld worth {MELD_POINTS} yet: draw a tile"
        return action, "no tile of yours fits on the table: draw a tile"
    tiles, points = measure
    changes = describe_play(view["table"], action["table"])
    if not view["melded"][view["seat"]]:
        return action, f"initial meld worth {points}: {changes}"
    plural = "tile" if tiles == 1 else "tiles"
    return action, f"play {tiles} {plural}: {changes}"
