"""Seats in words, for every game's screens: names, labels and counted nouns.

Everything reads a "state" message (`tui.base.messages.StateMessage`), never a table. Names
came from other players, so labels are plain `Text` made with `tui.base.names.plain`, never
markup.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from tui.base.i18n import NC_, Counted, listing, words, words_in
from tui.base.layout import cell
from tui.base.messages import StateMessage
from tui.base.names import plain

PLAYER_WIDTH = 20  # cells of the tables' Player column
MIN_NAME_WIDTH = 6  # cells a shortened name keeps, however long what follows it


LEVELS = {
    "easy": NC_("bot level", "easy"),
    "normal": NC_("bot level", "normal"),
    "hard": NC_("bot level", "hard"),
}


def level_name(level: str) -> str:
    """A bot level as the player's language names it (reading order); an unknown level, from
    a newer host, as it came."""
    return words_in("bot level", level) if level in LEVELS else level


POINTS = Counted("{count} point", "{count} points")
"""The usual unit of a score (a game's `GameScreen.SCORE_UNIT`)."""


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
    return words("{names} and {last}", names=listing(names[:-1]), last=names[-1])


def seat_label(message: StateMessage, index: int, width: int = PLAYER_WIDTH) -> Text:
    """A seat as the tables show it, as plain text: 'Ana (easy)', 'Player (you)', 'Bo (away)',
    'Bo (away, easy bot)' once a bot stands in for a dropped player. A long name is shortened
    ('Maximilianus Ju… (you)') so that what follows it still fits `width` cells."""
    seat = message["seats"][index]
    if index == message["seat"]:
        suffix = words(" (you)")
    elif seat["kind"] == "bot":
        level = plain(seat["level"])
        away = words(" (away, {level} bot)", level=level_name(level))
        suffix = away if seat["away"] else f" ({level_name(level)})"
    else:
        suffix = words(" (away)") if seat["away"] else ""
    name = Text(plain(seat["name"]))
    name.truncate(max(width - cell_len(suffix), MIN_NAME_WIDTH), overflow="ellipsis")
    return Text(cell(name.plain + suffix))  # one cell: the suffix reads with the name
