"""Seats in words, for every game's screens: names, labels and counted nouns.

Everything reads a "state" message (`tui.base.messages.StateMessage`), never a table. Names
came from other players, so labels are plain `Text` made with `tui.base.names.plain`, never
markup.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from tui.base.grammar import Name
from tui.base.i18n import NC_, Counted, listing, words, words_in
from tui.base.layout import cell
from tui.base.messages import StateMessage
from tui.base.names import BOT_GENDERS, plain

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


YOU_IN_LINE = NC_("a name inside a line", "you")
"""The reader's name inside a line ("Last trick: you"): no capital, in the languages that have
one."""
POINTS = Counted("{count} point", "{count} points")
"""The usual unit of a score (a game's `GameScreen.SCORE_UNIT`)."""


def seat_names(message: StateMessage) -> list[str]:
    """Each seat's name as the log and status use it: 'You' for the seat being played. Each is a
    `Name` that knows a bot's gender (a sentence's verb may agree with it) and the reader's."""
    return [
        seat_name(seat, index == message["seat"]) for index, seat in enumerate(message["seats"])
    ]


def is_you(name: str) -> bool:
    """Whether `name` (from `seat_names`) is the reader: their sentences have their own words,
    in the second person ("You took 28", not "You took" in the third)."""
    return bool(getattr(name, "you", False)) or name == words("You")


def among_them(names: list[str]) -> bool:
    """Whether the reader is one of several `names` ("Ana and you share the win"): the verb of
    their sentence is in the second person plural in many languages ("Ana és te nyertetek",
    "Ana a ty se dělíte"), so it has its own words, in the context "you among them"."""
    return len(names) > 1 and any(is_you(name) for name in names)


def in_line(name: str) -> str:
    """`name` where it stands inside a line, after a colon ("Last trick: you"): the reader
    without the capital their name has at a sentence's start."""
    return words_in("a name inside a line", YOU_IN_LINE) if is_you(name) else name


def seat_name(seat: dict[str, object], you: bool) -> Name:
    """One seat's `Name`: "You" for the reader; a bot's with its name's gender (not a bot
    standing in for an away person: the seat keeps that person's name)."""
    if you:
        return Name(words("You"), you=True)
    name = plain(seat["name"])
    bot = seat["kind"] == "bot" and not seat.get("away")
    return Name(name, BOT_GENDERS.get(name) if bot else None)


def name_list(names: list[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy': the reader after the first name as `in_line`
    words them ('Ana and you', never 'Ana and You', Romanian 'Ana și tu')."""
    if len(names) <= 1:
        return "".join(names)
    rest = [in_line(name) for name in names[1:]]
    return words("{names} and {last}", names=listing([names[0], *rest[:-1]]), last=rest[-1])


def seat_label(message: StateMessage, index: int, width: int = PLAYER_WIDTH) -> Text:
    """A seat as the tables show it, as plain text: 'Ana (easy)', 'Player (you)', 'Bo (away)',
    'Bo (away, easy bot)' once a bot stands in for a dropped player. Where the column is
    narrow the suffix is shortened, never the name ('Bot member 3 (away, bot)', then
    'Bot member 3 (bot)'): names are what tell the rows apart (issue 35). Only a name too long
    even for the shortest suffix is shortened ('Maximilianus Ju… (you)')."""
    name = plain(message["seats"][index]["name"])
    suffixes = seat_suffixes(message, index)
    for suffix in suffixes:
        if cell_len(name) + cell_len(suffix) <= width:
            return Text(cell(name + suffix))  # one cell: the suffix reads with the name
    suffix = suffixes[-1]
    shortened = Text(name)
    shortened.truncate(max(width - cell_len(suffix), MIN_NAME_WIDTH), overflow="ellipsis")
    return Text(cell(shortened.plain + suffix))


def seat_suffixes(message: StateMessage, index: int) -> list[str]:
    """What follows a seat's name, longest first, down to the least a reader must be told
    (you; a bot's seat; away)."""
    seat = message["seats"][index]
    if index == message["seat"]:
        return [words(" (you)")]
    if seat["kind"] == "bot":
        level = level_name(plain(seat["level"]))
        if seat["away"]:
            return [words(" (away, {level} bot)", level=level), words(" (away, bot)"),
                    words(" (bot)")]  # fmt: skip
        return [f" ({level})"]
    return [words(" (away)")] if seat["away"] else [""]
