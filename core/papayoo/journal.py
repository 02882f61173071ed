"""A Papayoo state's log: appended in place while play goes one way, forked when it branches.

Every view carries the whole log (design.md), and the host builds a view for every seat after
every card, so building the log entry by entry made a view cost as much as the rest of the
engine together, and more with every trick (issue 38). Here each entry is rendered once, when it
is first shown, and a view takes its log as one slice of the rendered list.

States that follow one another share one `Journal`: a state knows how many of its entries are
its own (`length`); a later state appends in place when it is the furthest along that journal,
and copies the prefix into a new journal otherwise (a search, or two branches of one state):
`PapayooState.log` does both.
So no state ever sees its log change: the entries before its `length` are never touched.

The rendered entries are the view's own maps, shared by every view of every state that has
them, and are read, never changed, by the bots and the screens. A pass entry (PY-19/21) is the
one entry that differs by seat: it is rendered here as the spectator sees it, and each seat's
view puts its own copy in its place (`pass_at` keeps where they are).
"""

from __future__ import annotations

from typing import Any

from core.papayoo.cards import pass_count

Entry = tuple[Any, ...]


class Journal:
    """The raw entries (tuples, for the rules and the tests), the rendered ones (for views),
    and the positions of the pass entries."""

    __slots__ = ("entries", "pass_at", "shown")

    def __init__(
        self, entries: list[Entry], shown: list[dict[str, Any]], pass_at: list[int]
    ) -> None:
        self.entries = entries
        self.shown = shown
        self.pass_at = pass_at

    def fork(self, length: int) -> Journal:
        """A journal of this one's first `length` entries, free to grow another way."""
        pass_at = [i for i in self.pass_at if i < length]
        return Journal(self.entries[:length], self.shown[:length], pass_at)


def empty() -> Journal:
    return Journal([], [], [])


def shown(journal: Journal, length: int, players: int) -> list[dict[str, Any]]:
    """The first `length` entries rendered (a new list of the shared maps). Entries are
    rendered the first time a view asks for them, so a search that never looks pays nothing."""
    rendered = journal.shown
    entries = journal.entries
    for index in range(len(rendered), length):
        rendered.append(render(entries[index], players))
    return rendered[:length]


def render(entry: Entry, players: int) -> dict[str, Any]:
    """One entry as a view's map; a pass as the spectator sees it (no cards)."""
    kind = entry[0]
    if kind == "play":
        return {"type": "play", "seat": entry[1], "card": entry[2]}
    if kind == "trick":
        _, winner, cards, value = entry
        return {
            "type": "trick",
            "winner": winner,
            "cards": [list(c) for c in cards],
            "points": value,
        }
    if kind == "deal":
        return {"type": "deal", "deal": entry[1] + 1, "dealer": entry[2]}
    if kind == "die":
        return {"type": "die", "face": entry[1], "papayoo": entry[2]}
    if kind == "deal_end":
        _, deal, points, totals = entry
        return {
            "type": "deal_end",
            "deal": deal + 1,
            "points": list(points),
            "totals": list(totals),
        }
    return {"type": "pass", "deal": entry[1] + 1, "count": pass_count(players)}  # "pass"
