"""Hints for the player at the table: what the hard bot would do with the seat's rack, why, and
what it changes on the table, in words a player reads ("add R7 to R4 R5 R6; new set K9 B9 O9").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.api import Action, View
from core.rummikub.best import DRAW, best_action
from core.rummikub.bots import HardBot
from core.rummikub.changes import TO_DO, Change, changes, say, table_diff
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import describe
from core.rummikub.solver import DECISION_NODES, Budget


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
    """What the hard bot would do for the seat whose view this is, and why (core.rummikub.bots:
    the smallest initial meld, then hold the rack until it goes out in one turn, and the most
    tiles once the pool is empty). `rng` is accepted for the TUI frame's hint signature and
    unused: hard is deterministic. Within one decision's budget; a cut search is said."""
    budget = Budget(DECISION_NODES)
    action = HardBot().decide(view, budget)
    cut = " (the best found in the time a hint has)" if budget.cut else ""
    if action == DRAW:
        return action, _why_draw(view, budget)
    changed = describe_play(view["table"], action["table"])
    placed = _placed(view, action)
    if not view["melded"][view["seat"]]:
        return action, (
            f"initial meld with as few tiles as reach {MELD_POINTS} points, the rest kept for "
            f"later{cut}: {changed}"
        )
    if placed == len(view["rack"]):
        return action, f"go out: all {placed} of your tiles{cut}: {changed}"
    tiles = "tile" if placed == 1 else "tiles"
    return action, (
        f"the pool is empty: lay the most you can ({placed} {tiles}), a blocked game goes to "
        f"the lowest rack{cut}: {changed}"
    )


def _why_draw(view: View, budget: Budget) -> str:
    """Why hard draws: no meld or no play at all, else it holds its tiles for going out.
    Within what is left of the decision's `budget`: the hint thinks no longer than the bot."""
    best, measure = best_action(view, budget)
    if measure is None:
        if budget.cut:
            return "no play found in the time a hint has: draw a tile"
        if not view["melded"][view["seat"]]:
            return f"no initial meld worth {MELD_POINTS} yet: draw a tile"
        return "no tile of yours fits on the table: draw a tile"
    others = [n for s, n in enumerate(view["rack_sizes"]) if s != view["seat"]]
    fewest = min(others)
    tiles = "tile" if measure[0] == 1 else "tiles"
    return (
        f"draw, holding your tiles to go out in one turn: laying {measure[0]} {tiles} now "
        f"({describe_play(view['table'], best['table'])}) would give the others places "
        f"(shortest rack: {fewest})"
    )


def _placed(view: View, action: Action) -> int:
    """The rack tiles a play places: the table grows by them."""
    return sum(map(len, action["table"])) - sum(map(len, view["table"]))
