"""A Rummikub play in the log's words: the sets it laid, what it added to which set, what it
split, joined or moved (issue 25: 'Bruno split K10 R10 B10 O10, laid R8 R9 R10 and O10 O11
O12'), read from the sets the play took away and made (the log entry's `gone` and `made`,
core.rummikub.changes). A long run is written by its ends ('R3–R9') so a line stays short.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from core.rummikub.changes import Change, changes
from core.rummikub.sets import JOKER, TILE_OF
from tui.base.i18n import N_, NC_, listing, words, words_in
from tui.base.seats import is_you, name_list

# A play's steps in the past tense, worded where said (`said`): 'Bruno laid …, added …'; with
# "you" as their subject the same English words are another sentence in many languages ("ai
# etalat", "leraktad"), so they are marked again in the context "you".
DONE = {
    "laid": N_("laid {new}"),
    "added": N_("added {tiles} to {old}"),
    "split": N_("split {old} into {new}"),
    "joined": N_("joined {old} into {new}"),
    "broken": N_("split {old}"),
    "took": N_("took {tiles} from {old}"),
    "moved": N_("moved {tiles} from {old} to {to}"),
}
DONE_BY_YOU = {
    "laid": NC_("you", "laid {new}"),
    "added": NC_("you", "added {tiles} to {old}"),
    "split": NC_("you", "split {old} into {new}"),
    "joined": NC_("you", "joined {old} into {new}"),
    "broken": NC_("you", "split {old}"),
    "took": NC_("you", "took {tiles} from {old}"),
    "moved": NC_("you", "moved {tiles} from {old} to {to}"),
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
    """'Ana added R7 to R4 R5 R6, laid K9 B9 O9.' — with '(initial meld)' for the first;
    'You added …' for the reader, in the second person. A record kept before plays told their
    sets (no `gone`) says only the tiles played. In reading order (the log lays it out)."""
    meld = words(" (initial meld)") if entry["initial"] else ""
    you = is_you(who)
    if "gone" not in entry:
        tiles = " ".join(entry.get("tiles", []))
        if you:
            return words("You played {tiles}{meld}.", tiles=tiles, meld=meld)
        return words("{who} played {tiles}{meld}.", who=who, tiles=tiles, meld=meld)
    gone = [tuple(s) for s in entry["gone"]]
    made = [tuple(s) for s in entry["made"]]
    steps = listing(said(step, you) for step in merged(changes(gone, made)))
    if you:  # a language may start the sentence with the step's verb: it takes the capital
        line = words("You {steps}{meld}.", steps=steps, meld=meld)
        return line[:1].upper() + line[1:]
    return words("{who} {steps}{meld}.", who=who, steps=steps, meld=meld)


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


def said(step: Change, you: bool = False) -> str:
    """One step in the past tense (its subject the reader when `you`); rack tiles its words
    do not show are said after it.

    Worded as core.rummikub.changes.say fills its templates, with the sets listed in the
    reader's language ('A, B and C': say's own list is English)."""
    text = (partial(words_in, "you") if you else words)(
        (DONE_BY_YOU if you else DONE)[step.kind],
        tiles=set_name(step.tiles),
        old=name_list([set_name(s) for s in step.old]),
        new=name_list([set_name(s) for s in step.new]),
        to=set_name(step.to),
    )
    if not step.unnamed:
        return text
    return words("{step} ({tiles} from the rack)", step=text, tiles=" ".join(step.unnamed))
