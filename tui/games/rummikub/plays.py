"""A Rummikub play in the log's words: the sets it laid, what it added to which set, what it
split, joined or moved (issue 25: 'Bruno split K10 R10 B10 O10, laid R8 R9 R10 and O10 O11
O12'), read from the sets the play took away and made (the log entry's `gone` and `made`,
core.rummikub.changes). A long run is written by its ends ('R3–R9') so a line stays short.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.rummikub.changes import Change, changes, say
from core.rummikub.sets import JOKER, TILE_OF

DONE = {
    "laid": "laid {new}",
    "added": "added {tiles} to {old}",
    "split": "split {old} into {new}",
    "joined": "joined {old} into {new}",
    "broken": "split {old}",
    "took": "took {tiles} from {old}",
    "moved": "moved {tiles} from {old} to {to}",
}
SHORT_RUN = 4  # runs of this many tiles or more are written by their ends


def set_name(tiles: Sequence[str]) -> str:
    """'R3–R9' for a run of 4 or more tiles without a joker, else the tiles ('K7 R7 B7')."""
    if len(tiles) >= SHORT_RUN and JOKER not in tiles:
        faces = [TILE_OF[t] for t in tiles]
        colour, first = faces[0]
        if faces == [(colour, first + i) for i in range(len(faces))]:
            return f"{tiles[0]}–{tiles[-1]}"
    return " ".join(tiles)


def play_line(entry: dict[str, Any], who: str) -> str:
    """'Ana added R7 to R4 R5 R6, laid K9 B9 O9.' — with '(initial meld)' for the first.
    A record kept before plays told their sets (no `gone`) says only the tiles played."""
    meld = " (initial meld)" if entry["initial"] else ""
    if "gone" not in entry:
        return f"{who} played {' '.join(entry.get('tiles', []))}{meld}."
    gone = [tuple(s) for s in entry["gone"]]
    made = [tuple(s) for s in entry["made"]]
    phrases = [said(step) for step in merged(changes(gone, made))]
    return f"{who} {', '.join(phrases)}{meld}."


def merged(steps: list[Change]) -> list[Change]:
    """The new sets of a play said once, where the first is ('laid A, B and C')."""
    laid = [step for step in steps if step.kind == "laid"]
    if len(laid) < 2:
        return steps
    sets = tuple(s for step in laid for s in step.new)
    rack = tuple(t for step in laid for t in step.rack)
    first = steps.index(laid[0])
    rest = [step for step in steps if step.kind != "laid"]
    return [*rest[:first], Change("laid", new=sets, tiles=rack, rack=rack), *rest[first:]]


def said(step: Change) -> str:
    """One step in the past tense; rack tiles its words do not show are said after it."""
    words = say(step, DONE, set_name)
    return f"{words} ({' '.join(step.unnamed)} from the rack)" if step.unnamed else words
