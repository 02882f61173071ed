"""A lobby's seats and settings in words, shared by the host's and the players' lobbies.

Reads the protocol's `lobby` message (net/PROTOCOL.md). Names came from other players, so
every line is a plain `Text` made with `tui.base.names.plain`, never markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from core import get_game
from tui.base.names import plain
from tui.widgets.options import options_text

AWAY_CHOICES = ((None, "off"), (30.0, "30 s"), (60.0, "60 s"), (120.0, "120 s"))


def seat_line(seat: dict[str, Any], index: int, mine: int | None) -> Text:
    """'1  Zoe (you)', '2  open', '3  Bo (away)', '4  Ana — bot, normal'."""
    number = f"{index + 1}  "
    if seat["kind"] == "open":
        return Text(number) + Text("open", style="italic")
    name = plain(seat["name"] or "?")
    if seat["kind"] == "bot":
        return Text(f"{number}{name} — bot, {seat['level']}")
    if index == mine:
        return Text(f"{number}{name} (you)", style="bold")
    return Text(f"{number}{name}" + ("" if seat["connected"] else " (away)"))


def open_seats_text(lobby: dict[str, Any]) -> str | None:
    """Why the table cannot start, with seats numbered from 1 as the screens show them."""
    open_seats = [str(i + 1) for i, seat in enumerate(lobby["seats"]) if seat["kind"] == "open"]
    if len(open_seats) == 1:
        return f"seat {open_seats[0]} is open"
    if open_seats:
        return f"seats {', '.join(open_seats[:-1])} and {open_seats[-1]} are open"
    return lobby.get("not_ready")


def settings_text(lobby: dict[str, Any]) -> str:
    """The game's options and the away-bot setting, in one line."""
    values = {**lobby["game_options"], **lobby["options"]}
    shown = options_text(get_game(lobby["game"]).option_specs, values) or "no options"
    if not lobby["settings"].get("hints", True):
        shown += ", hints off"
    settings = lobby["settings"]
    away = settings["away_bot_seconds"]
    level = settings["away_bot_level"]
    article = "an" if str(level)[:1] in "aeiou" else "a"
    bot = (
        f"{article} {level} bot plays for them after {away:g} s"
        if away
        else "none (the game waits)"
    )
    return f"Options: {shown} · Away players: {bot}"
