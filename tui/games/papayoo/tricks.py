"""Which trick Papayoo's table shows: the one being played, the one just taken, or the last.

A finished trick is public (PY-20: every card played, trick by trick, and who won each), and the
view's log keeps every one of them, so the last trick can be shown at any time, even during the
next deal's pass. While nobody has played to the next trick yet, the trick just taken stays on
the table (`on_table`): a card played by the next leader clears it, which at a table of bots is
the bots' pause.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ShownTrick:
    """The cards the Trick column shows, by seat, and whether the trick is over: then
    `winner` took it, with its `points`."""

    cards: dict[int, str]
    finished: bool = False
    winner: int | None = None
    points: int = 0


def last_trick(view: dict[str, Any]) -> ShownTrick | None:
    """The last trick taken, this deal or an earlier one (the log's last trick); None before
    the first trick of the game is over."""
    for entry in reversed(view["log"]):
        if entry["type"] == "trick":
            return finished(entry)
    return None


def finished(entry: dict[str, Any]) -> ShownTrick:
    """A trick log entry (or the view's `last_trick`, the same fields) as the table shows it."""
    cards = {seat: card for seat, card in entry["cards"]}
    return ShownTrick(cards, True, entry["winner"], entry["points"])


def just_taken(view: dict[str, Any]) -> ShownTrick | None:
    """The trick taken by the last card played, while no card of the next trick is down."""
    last = view["last_trick"]
    if view["phase"] != "play" or view["trick"] or last is None:
        return None
    return finished(last)


def on_table(view: dict[str, Any], want_last: bool) -> ShownTrick:
    """The trick the table shows: the last trick taken when the player asked for it (`t`) or
    when it was just taken, else the trick being played."""
    taken = just_taken(view)
    if taken is not None:
        return taken
    if want_last:
        last = last_trick(view)
        if last is not None:
            return last
    return ShownTrick({seat: card for seat, card in view["trick"]})
