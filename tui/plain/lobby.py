"""A table's lobby as lines: its seats read out when they change, what it waits for, the
options; for the host person the commands that set it up (`bot 3 hard`, `open 3`, `players 4`,
`start`), with the same refusals the host's lobby screen says."""

from __future__ import annotations

from typing import Any

from core import BOT_LEVELS
from net.protocol import ProtocolError
from tui.base.game_names import game_name
from tui.base.i18n import N_, words
from tui.base.names import plain
from tui.base.seats import level_name
from tui.plain.commands import Command
from tui.table.link import TableLink
from tui.widgets.seats import open_seats_text, settings_text


def seat_words(seat: dict[str, Any], index: int, mine: int | None) -> str:
    """'1. Zoe (you)', '2. open', '3. Ana — bot, normal', '4. Bo (away)'."""
    name = plain(seat["name"] or "?")
    if seat["kind"] == "open":
        said = words("open")
    elif seat["kind"] == "bot":
        said = words("{name} — bot, {level}", name=name, level=level_name(seat["level"]))
    elif index == mine:
        said = words("{name} (you)", name=name)
    elif not seat["connected"]:
        said = words("{name} (away)", name=name)
    else:
        said = name
    return words("{place}. {line}", place=index + 1, line=said)


class LobbyLines:
    """Says a lobby once per change of what it shows; the host's set-up commands."""

    def __init__(self, link: TableLink) -> None:
        self.link = link
        self.said: tuple[str, ...] = ()

    def lines(self, lobby: dict[str, Any]) -> list[str]:
        mine = self.link.session.seat
        game = game_name(str(lobby["game"]))
        table = plain(self.link.table_name)
        if mine is None:
            head = words("{table} — {game} (you are watching)", table=table, game=game)
        else:
            head = words("{table} — {game}", table=table, game=game)
        seats = [seat_words(seat, i, mine) for i, seat in enumerate(lobby["seats"])]
        waiting = open_seats_text(lobby)
        state = words("waiting: {why}", why=waiting) if waiting else words("waiting for the host")
        return [head, *seats, settings_text(lobby), state]

    def changed(self, lobby: dict[str, Any]) -> list[str]:
        """The lobby's lines if they differ from those said last; else none."""
        lines = tuple(self.lines(lobby))
        if lines == self.said:
            return []
        self.said = lines
        return list(lines)

    def commands(self, say: Any) -> list[Command]:
        """The host person's: seat bots, open seats, the number of seats, start."""
        if self.link.host is None:
            return []
        return [
            Command("start", N_("start the game"), lambda _: self.start(say), keys=("s",)),
            Command(
                "bot",
                N_("seat a bot (easy, normal or hard) in a seat"),
                lambda rest: self.bot(rest, say),
                keys=("b",),
                usage="3 hard",  # not words
            ),
            Command(
                "open",
                N_("open a seat again (a bot or a person leaves it)"),
                lambda rest: self.open(rest, say),
                usage="3",
            ),
            Command(
                "players",
                N_("the number of seats at the table"),
                lambda rest: self.players(rest, say),
                usage="4",
            ),
        ]

    def start(self, say: Any) -> None:
        assert self.link.host is not None
        try:
            self.link.host.start()
        except (ValueError, ProtocolError) as err:
            say(words("Cannot start: {err}", err=err))
        except OSError as err:
            say(words("Cannot start: the game could not be saved ({err}).", err=err))

    def seat_of(self, text: str, say: Any) -> int | None:
        assert self.link.host is not None
        count = len(self.link.host.lobby.seats)
        if not text.isdigit() or not 1 <= int(text) <= count:
            say(words("Choose a number from 1 to {last}.", last=count))
            return None
        index = int(text) - 1
        if index == self.link.host.local_seat:
            say(words("That is your own seat: q closes the table instead."))
            return None
        return index

    def bot(self, rest: str, say: Any) -> None:
        number, _, level = rest.partition(" ")
        index = self.seat_of(number, say)
        level = level.strip() or "normal"
        if index is None:
            return
        if level not in BOT_LEVELS:
            say(words("Not one of the choices: {answer}.", answer=level))
            return
        self.change(lambda host: host.set_bot(index, level), say)

    def open(self, rest: str, say: Any) -> None:
        index = self.seat_of(rest, say)
        if index is not None:
            self.change(lambda host: host.kick(index), say)

    def players(self, rest: str, say: Any) -> None:
        if not rest.isdigit():
            say(words("Not one of the choices: {answer}.", answer=rest))
            return
        self.change(lambda host: host.set_players(int(rest)), say)

    def change(self, step: Any, say: Any) -> None:
        try:
            step(self.link.host)
        except (ValueError, ProtocolError) as err:
            say(plain(err))
