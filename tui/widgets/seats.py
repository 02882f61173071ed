"""A lobby's seats and settings in words, shared by the host's and the players' lobbies.

Reads the protocol's `lobby` message (net/PROTOCOL.md). Names came from other players, so
every line is a plain `Text` made with `tui.base.names.plain`, never markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from core import get_game
from tui.base.i18n import listing, numeral, t, words
from tui.base.layout import cell
from tui.base.names import not_ready_words, plain
from tui.base.seats import level_name
from tui.widgets.options import options_text, seconds_text

AWAY_CHOICES = (None, 30.0, 60.0, 120.0)  # seconds before a bot plays for an away player


def away_label(seconds: float | None) -> str:
    """An away-bot choice, laid out: 'off', '30 s'."""
    return t("off") if seconds is None else seconds_text(seconds)


def seat_line(seat: dict[str, Any], index: int, mine: int | None) -> Text:
    """'1  Zoe (you)', '2  open', '3  Bo (away)', '4  Ana — bot, normal' (the seat's number
    first, on the left like the other columns; the rest a cell of its own, laid out once where
    it is drawn), the number with the language's digits (Persian '۳', as the lobby's sentences
    say 'صندلی ۳')."""
    number = f"{numeral(index + 1)}  "
    if seat["kind"] == "open":
        return Text(number) + Text(cell(t("open")), style="italic")
    name = plain(seat["name"] or "?")
    if seat["kind"] == "bot":
        said = t("{name} — bot, {level}", name=name, level=level_name(seat["level"]))
        return Text(number + cell(said))
    if index == mine:
        return Text(number + cell(t("{name} (you)", name=name)), style="bold")
    if not seat["connected"]:
        return Text(number + cell(t("{name} (away)", name=name)))
    return Text(number + cell(name))


def open_seats_text(lobby: dict[str, Any]) -> str | None:
    """Why the table cannot start, with seats numbered from 1 as the screens show them, in
    reading order."""
    open_seats = [str(i + 1) for i, seat in enumerate(lobby["seats"]) if seat["kind"] == "open"]
    if len(open_seats) == 1:
        return words("seat {seat} is open", seat=open_seats[0])
    if open_seats:
        return words(
            "seats {seats} and {last} are open",
            seats=listing(open_seats[:-1]),
            last=open_seats[-1],
        )
    return not_ready_words(lobby)


def settings_text(lobby: dict[str, Any]) -> str:
    """The game's options and the away-bot setting, in one line, in reading order."""
    values = {**lobby["game_options"], **lobby["options"]}
    options = options_text(get_game(lobby["game"]).option_specs, values) or words("no options")
    if not lobby["settings"].get("hints", True):
        options = words("{options}, hints off", options=options)
    settings = lobby["settings"]
    away = settings["away_bot_seconds"]
    level = settings["away_bot_level"]
    seconds = f"{away or 0:g}"
    if not away:
        bot = words("none (the game waits)")
    elif str(level)[:1] in "aeiou":
        bot = words(
            "an {level} bot plays for them after {seconds} s",
            level=level_name(level),
            seconds=seconds,
        )
    else:
        bot = words(
            "a {level} bot plays for them after {seconds} s",
            level=level_name(level),
            seconds=seconds,
        )
    return words("Options: {options} · Away players: {bot}", options=options, bot=bot)
