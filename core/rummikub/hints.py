"""Hints for the player at the table: what the hard bot would do with the seat's rack, why, and
what it changes on the table, in words a player reads ("add R7 to R4 R5 R6; new set K9 B9 O9"):
a `core.phrases.Phrase`, which the screen words in its player's language.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from core.api import Action, View
from core.phrases import Phrase, counted, listed, phrase, with_semicolons
from core.rummikub.best import DRAW, best_action
from core.rummikub.bots import HardBot
from core.rummikub.changes import Change, changes, table_diff
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import describe
from core.rummikub.solver import DECISION_NODES, Budget


def describe_play(before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]) -> Phrase | str:
    """The changes from `before` to `after` as things to do (core.rummikub.changes): sets left
    as they were are not mentioned, a set that grows says what to add, and so on ('' when
    nothing changes)."""
    gone, made = table_diff(before, after)
    steps = [_to_do(change) for change in changes(gone, made)]
    return with_semicolons(steps) if steps else ""


def _to_do(change: Change) -> Phrase:
    """One change of a play, said as what to do, with the rack tiles its words do not show."""
    said = _step(change)
    if change.unnamed:
        return phrase("{step} (with {tiles})", step=said, tiles=describe(change.unnamed))
    return said


def _step(change: Change) -> Phrase:
    tiles = describe(change.tiles)
    old = listed([describe(s) for s in change.old]) if change.old else ""
    new = listed([describe(s) for s in change.new]) if change.new else ""
    to = describe(change.to)
    if change.kind == "laid":
        return phrase("new set {new}", new=new)
    if change.kind == "added":
        return phrase("add {tiles} to {old}", tiles=tiles, old=old)
    if change.kind == "split":
        return phrase("split {old} into {new}", old=old, new=new)
    if change.kind == "joined":
        return phrase("join {old} into {new}", old=old, new=new)
    if change.kind == "broken":
        return phrase("take {old} apart", old=old)
    if change.kind == "took":
        return phrase("take {tiles} from {old}", tiles=tiles, old=old)
    return phrase("move {tiles} from {old} to {to}", tiles=tiles, old=old, to=to)


def hint(view: View, rng: random.Random | None = None) -> tuple[Action, Phrase]:
    """What the hard bot would do for the seat whose view this is, and why (core.rummikub.bots:
    the smallest initial meld, then hold the rack until it goes out in one turn, and the most
    tiles once the pool is empty). `rng` is accepted for the TUI frame's hint signature and
    unused: hard is deterministic. Within one decision's budget; a cut search is said."""
    budget = Budget(DECISION_NODES)
    action = HardBot().decide(view, budget)
    if action == DRAW:
        return action, _why_draw(view, budget)
    changed = describe_play(view["table"], action["table"])
    placed = _placed(view, action)
    if not view["melded"][view["seat"]]:
        why = phrase(
            "initial meld with as few tiles as reach {points} points, the rest kept for later",
            points=MELD_POINTS,
        )
    elif placed == len(view["rack"]):
        why = phrase("go out: all {count} of your tiles", count=placed)
    else:
        why = counted(
            "the pool is empty: lay the most you can ({count} tile), a blocked game goes to "
            "the lowest rack",
            "the pool is empty: lay the most you can ({count} tiles), a blocked game goes to "
            "the lowest rack",
            placed,
        )
    if budget.cut:
        why = phrase("{why} (the best found in the time a hint has)", why=why)
    return action, phrase("{why}: {changes}", why=why, changes=changed)


def _why_draw(view: View, budget: Budget) -> Phrase:
    """Why hard draws: no meld or no play at all, else it holds its tiles for going out.
    Within what is left of the decision's `budget`: the hint thinks no longer than the bot."""
    best, measure = best_action(view, budget)
    if measure is None:
        if budget.cut:
            return phrase("no play found in the time a hint has: draw a tile")
        if not view["melded"][view["seat"]]:
            return phrase("no initial meld worth {points} yet: draw a tile", points=MELD_POINTS)
        return phrase("no tile of yours fits on the table: draw a tile")
    others = [n for s, n in enumerate(view["rack_sizes"]) if s != view["seat"]]
    return counted(
        "draw, holding your tiles to go out in one turn: laying {count} tile now ({play}) "
        "would give the others places (shortest rack: {fewest})",
        "draw, holding your tiles to go out in one turn: laying {count} tiles now ({play}) "
        "would give the others places (shortest rack: {fewest})",
        measure[0],
        play=describe_play(view["table"], best["table"]),
        fewest=min(others),
    )


def _placed(view: View, action: Action) -> int:
    """The rack tiles a play places: the table grows by them."""
    return sum(map(len, action["table"])) - sum(map(len, view["table"]))
