"""Seats in words, for every game's screens: names, labels and counted nouns.

Everything reads a "state" message (`tui.base.messages.StateMessage`), never a table. Names
came from other players, so labels are plain `Text` made with `tui.base.names.plain`, never
markup.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from tui.base.i18n import words
from tui.base.messages import StateMessage
from tui.base.names import plain

PLAYER_WIDTH = 20  # cells of the tables' Player column
MIN_NAME_WIDTH = 6  # cells a shortened name keeps, however long what follows it


def plural(count: int, word: str) -> str:
    """'1 token', '3 tokens'."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def seat_names(message: StateMessage) -> list[str]:
    """Each seat's name as the log and status use it: 'You' for the seat being played."""
    return [
        words("You") if index == message["seat"] else plain(seat["name"])
        for index, seat in enumerate(message["seats"])
    ]


def name_list(names: list[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy'."""
    if len(names) <= 1:
        return "".join(names)
    return words("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def seat_label(message: StateMessage, index: int, width: int = PLAYER_WIDTH) -> Text:
    """A seat as the tables show it, as plain text: 'Ana (easy)', 'Player (you)', 'Bo (away)',
    'Bo (away, easy bot)' once a bot stands in for a dropped player. A long name is shortened
    ('Maximilianus Ju… (you)') so that what follows it still fits `width` cells."""
    seat = message["seats"][index]
    if index == message["seat"]:
        suffix = words(" (you)")
    elif seat["kind"] == "bot":
        level = plain(seat["level"])
        away = words(" (away, {level} bot)", level=level)
        suffix = away if seat["away"] else f" ({level})"
    else:
        suffix = words(" (away)") if seat["away"] else ""
    name = Text(plain(seat["name"]))
    name.truncate(max(width - cell_len(suffix), MIN_NAME_WIDTH), overflow="ellipsis")
    return name + suffix
