"""The Papayoo state value, and the one rule that every reader of it needs (PY-13).

It lives apart from the rules (core/papayoo/rules.py) so that the modules the rules build on,
views (core/papayoo/views.py) and sampling (core/papayoo/knowledge.py), can name the state
without importing the rules that import them: the rules own how a state changes, this module
only what a state is.

The state is a small immutable value with `__slots__`, built field by field by `apply`: a
benchmark plays hundreds of whole games a second and the hard bot's search is built on views of
it. Its log is a `core.papayoo.journal.Journal` shared with the states before and after it,
of which the state owns the first `logged` entries: adding an entry costs the same on the last
trick as on the first, and a view takes the log whole, already rendered.
"""

from __future__ import annotations

from typing import Any

from core.papayoo.cards import SAME_SUIT
from core.papayoo.journal import Entry, Journal
from core.value import SlotValue


class PapayooState(SlotValue):
    """One moment of a game. Treat as immutable: `apply` returns a new one.

    `deal` counts from 0 here and from 1 in views; `totals` hold the finished deals only and
    `points` the current one.
    """

    __slots__ = (
        "chosen",
        "deal",
        "dealer",
        "deals",
        "first",
        "hands",
        "journal",
        "last_trick",
        "logged",
        "papayoo",
        "passes",
        "phase",
        "players",
        "points",
        "seed",
        "totals",
        "trick",
        "turn",
    )

    players: int
    seed: int
    deals: int
    first: int
    deal: int
    dealer: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    chosen: tuple[tuple[str, ...] | None, ...]
    passes: tuple[tuple[tuple[str, ...], ...], ...]
    papayoo: str | None
    trick: tuple[tuple[int, str], ...]
    turn: int | None
    points: tuple[int, ...]
    totals: tuple[int, ...]
    last_trick: tuple[tuple[tuple[int, str], ...], int, int] | None
    journal: Journal
    logged: int

    def copy(self) -> PapayooState:
        """A shallow copy for `apply` to change: every field is itself immutable."""
        s = PapayooState()
        s.players = self.players
        s.seed = self.seed
        s.deals = self.deals
        s.first = self.first
        s.deal = self.deal
        s.dealer = self.dealer
        s.phase = self.phase
        s.hands = self.hands
        s.chosen = self.chosen
        s.passes = self.passes
        s.papayoo = self.papayoo
        s.trick = self.trick
        s.turn = self.turn
        s.points = self.points
        s.totals = self.totals
        s.last_trick = self.last_trick
        s.journal = self.journal
        s.logged = self.logged
        return s

    def log(self, entry: Entry) -> None:
        """Add `entry` to this (new, not yet shared) state's log: in place when this state is
        the furthest along its journal, else in a fork of the journal's first `logged`
        entries (core/papayoo/journal.py)."""
        journal = self.journal
        logged = self.logged
        if len(journal.entries) != logged:
            journal = self.journal = journal.fork(logged)
        if entry[0] == "pass":
            journal.pass_at.append(logged)
        journal.entries.append(entry)
        self.logged = logged + 1

    def entries(self) -> list[Entry]:
        """The log, oldest entry first."""
        return self.journal.entries[: self.logged]

    def _key(self) -> tuple[Any, ...]:
        """Equal states have equal fields and equal log entries, whatever journal holds them."""
        return tuple(
            tuple(self.entries()) if name == "journal" else getattr(self, name)
            for name in self.__slots__
        )

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled with its own entries only, not those later states appended after them."""
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields["journal"] = self.journal.fork(self.logged)
        return (None, fields)

    def __repr__(self) -> str:
        return (
            f"PapayooState(deal={self.deal}, phase={self.phase!r}, turn={self.turn}, "
            f"papayoo={self.papayoo}, trick={self.trick}, hands={self.hands})"
        )


def legal_cards(hand: tuple[str, ...], trick: tuple[tuple[int, str], ...]) -> tuple[str, ...]:
    """PY-13: follow the suit led when you can; otherwise (or when leading) any card."""
    if not trick:
        return hand
    return tuple(filter(SAME_SUIT[trick[0][1]].__contains__, hand)) or hand
