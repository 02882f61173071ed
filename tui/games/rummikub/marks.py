"""Which tiles on the table are marked, tile by tile: `*` new from the other players since the
seat last played or drew, `+` put down by the player this turn (issue 25).

A mark belongs to a tile where it lies, never to its code: the table may hold two O1s, and the
one laid in O1 O2 O3 O4 is the new one, not the one in an untouched K1 R1 O1. The marks are a
list per set, beside the table's lists of codes; a play's marks follow its tiles through the
play's flows (core.rummikub.changes), and a set the play left alone keeps its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from core.rummikub.changes import RACK, TileSet, flows, set_key, table_diff
from tui.base.messages import StateMessage

NEW = "*"  # new from the others since the seat last played or drew
MINE = "+"  # put down from the player's rack this turn
PLAIN = ""

Marks = list[list[str]]  # one mark per tile of each set of a table
Pairs = list[tuple[str, str]]  # (tile, mark) of one set, in any order


def unmarked(table: Sequence[Sequence[str]]) -> Marks:
    return [[PLAIN] * len(tiles) for tiles in table]


def carry(
    before: Sequence[Sequence[str]],
    marks: Marks,
    after: Sequence[Sequence[str]],
    rack_mark: str,
) -> Marks:
    """The marks of `after`, a table made from `before` (with `marks`) and rack tiles (marked
    `rack_mark`): a set left alone keeps its marks, the others get their tiles' marks. Which
    of two equal sets counts as the one left alone is table_diff's choice (the later ones)."""
    old: dict[TileSet, list[Pairs]] = {}
    for tiles, mark in zip(before, marks, strict=True):
        old.setdefault(set_key(tiles), []).append(list(zip(tiles, mark, strict=True)))
    gone, made = table_diff(before, after)
    gone_marks = [[m for _, m in old[set_key(s)].pop(0)] for s in gone]
    fresh = iter(follow(gone, gone_marks, made, rack_mark))
    to_make = Counter(set_key(s) for s in made)
    out: Marks = []
    for tiles in after:
        if to_make[set_key(tiles)]:
            to_make[set_key(tiles)] -= 1
            out.append(align(tiles, next(fresh)))
        else:
            out.append(align(tiles, old[set_key(tiles)].pop(0)))
    return out


def follow(
    gone: Sequence[TileSet], gone_marks: Marks, made: Sequence[TileSet], rack_mark: str
) -> list[Pairs]:
    """The (tile, mark) pairs of a play's made sets: each tile's mark from where it came (its
    gone set's tile, or `rack_mark` from the rack)."""
    left = [
        list(zip(tiles, mark, strict=True)) for tiles, mark in zip(gone, gone_marks, strict=True)
    ]
    into: list[Pairs] = [[] for _ in made]
    for flow in flows(gone, made):
        if flow.source is RACK:
            into[flow.target].append((flow.tile, rack_mark))
        else:
            pairs = left[flow.source]
            at = next(k for k, (tile, _) in enumerate(pairs) if tile == flow.tile)
            into[flow.target].append(pairs.pop(at))
    return into


def align(tiles: Sequence[str], pairs: Pairs) -> list[str]:
    """The marks of `pairs` in the order of `tiles` (the same tiles; a tile without a pair,
    which a well-formed play never leaves, is unmarked)."""
    pairs = list(pairs)
    marks = []
    for tile in tiles:
        at = next((k for k, (code, _) in enumerate(pairs) if code == tile), None)
        marks.append(PLAIN if at is None else pairs.pop(at)[1])
    return marks


def new_marks(state: StateMessage) -> Marks:
    """The `*` marks of the table shown: the tiles the others put down since the shown seat
    last played or drew, where they lie now (RK-20: every play is public). The sets their
    plays made are followed play by play; a set a later play took apart passes its marks on."""
    view = state["view"]
    fresh: dict[TileSet, list[Pairs]] = {}  # sets those plays made, with their marks
    for entry in since_last_turn(view["log"], state["seat"]):
        if entry["type"] != "play" or "gone" not in entry:  # a record older than the sets
            continue
        gone = [tuple(s) for s in entry["gone"]]
        made = [tuple(s) for s in entry["made"]]
        gone_marks = [align(s, _take(fresh, s)) for s in gone]
        for tiles, pairs in zip(made, follow(gone, gone_marks, made, NEW), strict=True):
            fresh.setdefault(set_key(tiles), []).append(pairs)
    return [align(tiles, _take(fresh, tiles)) for tiles in view["table"]]


def since_last_turn(log: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The log entries after the seat's last entry (or the game's start), oldest first."""
    start = len(log)
    while start and not _turn_mark(log[start - 1], seat):
        start -= 1
    return log[start:]


def _turn_mark(entry: dict[str, Any], seat: int | None) -> bool:
    return entry["type"] == "game_start" or entry.get("seat") == seat


def _take(fresh: dict[TileSet, list[Pairs]], tiles: Sequence[str]) -> Pairs:
    """The pairs of a fresh set with these tiles, no longer fresh once taken; [] if none."""
    stack = fresh.get(set_key(tiles))
    return stack.pop(0) if stack else []
