"""The host's lobby: where players can join, who sits where, the settings, and the start.

Every change goes through the `net.host.Host` methods, which check it and send the new lobby to
everyone; this screen then redraws from that same `lobby` message, so the host sees exactly
what the players see. Bots are put in (and taken out of) seats by cycling a seat through
open → easy → normal → hard; a remote player is removed with k.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core import BOT_LEVELS
from net.protocol import ProtocolError
from tui.base.game_names import game_name
from tui.base.i18n import listing, t, words
from tui.base.messages import StateMessage
from tui.base.names import MAX_NAME_LENGTH, plain
from tui.base.seats import level_name
from tui.screens.lobby import LobbyScreen
from tui.screens.table_talk import TALK_BINDINGS
from tui.widgets.cycler import Cycler
from tui.widgets.door_switch import DoorSwitch
from tui.widgets.options import chosen_options, option_rows
from tui.widgets.seats import AWAY_CHOICES, away_label, open_seats_text, seat_line
from tui.widgets.ssh_door import SshDoorLine, SshDoorSwitch
from tui.widgets.text_input import TextInput
from tui.widgets.web_door import WebDoorPanel, WebDoorSwitch

if TYPE_CHECKING:
    from core import Game
    from tui.table.link import TableLink

SEAT_CHOICES = ("open", *BOT_LEVELS)


class SeatList(OptionList):
    """The seats, one line each; ←/→ step the highlighted seat through open and bot levels."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "screen.cycle_seat(-1)", t("Previous seat choice"), show=False),
        Binding("right", "screen.cycle_seat(1)", t("Next seat choice"), show=False),
    ]


class HostLobbyScreen(LobbyScreen):
    """Set the table up and start it; the game screen replaces this one once started."""

    HELP = t(
        "↑/↓ pick a seat; b (or ←/→) cycles it through open and the bot levels; k removes the "
        "player sitting there. Tab moves to your name, the table's name (Enter applies them) "
        "and the choices (←/→ change them); SSH door on lets friends with only an ssh client "
        "join, Web door on lets them join from a web browser (the lines under the address give "
        "the command and the address, with its QR code). s starts once no seat is open."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start", t("Start")),
        Binding("b", "cycle_seat(1)", t("Bot level")),
        Binding("k", "kick", t("Kick")),
        Binding("q,escape", "leave", t("Close table"), key_display="q"),
        *TALK_BINDINGS,
    ]

    def __init__(self, table: TableLink, games: list[Game]) -> None:
        """`games`: the games the table may switch to (the registry's, through the app)."""
        super().__init__(table)
        assert table.host is not None
        self.host = table.host
        self.games = games

    def compose(self) -> ComposeResult:
        lobby = self.host.lobby
        game = lobby.game
        yield Static(id="lobby-title", classes="screen-title", markup=False)
        where = listing(self.table.addresses)
        found = "" if self.table.advertiser else words(" (discovery is off: they type it)")
        yield Static(
            t("Players join at {where}{found}", where=where, found=found),
            id="join-at",
            markup=False,
        )
        yield SshDoorLine(self.table.hosts)
        yield WebDoorPanel()
        with Grid(id="host-form"):
            yield Label(t("Your name"))
            name = self.host.lobby.seats[self.host.local_seat or 0].name or ""
            yield TextInput(name, max_length=MAX_NAME_LENGTH, compact=True, id="player")
            yield Label(t("Players"))
            players = [(str(n), n) for n in range(game.min_players, game.max_players + 1)]
            yield Cycler(players, len(lobby.seats), id="players")
            yield Label(t("Table"))
            yield TextInput(self.table.table_name, max_length=40, compact=True, id="table-name")
            yield Label(t("Away bot"))
            away = [(away_label(seconds), seconds) for seconds in AWAY_CHOICES]
            yield Cycler(away, lobby.settings.away_bot_seconds, id="away")
            yield Label(t("Game"))
            yield Cycler([(game_name(g), g) for g in self.games], game, id="game")
            yield Label(t("Hints"))
            yield Cycler([(t("on"), True), (t("off"), False)], lobby.settings.hints, id="hints")
            yield from SshDoorSwitch(self.table.ssh_door is not None).rows()
            yield from WebDoorSwitch(self.table.web_door is not None).rows()
            for label, cycler in option_rows(game.id, game.option_specs, lobby.options):
                yield label
                yield cycler
        yield SeatList(id="seat-list")
        yield from self.compose_talk()

    def on_mount(self) -> None:
        """(Textual runs LobbyScreen.on_mount next: it draws the lobby and starts listening.)"""
        self.query_one("#seat-list").border_title = t("Seats — b: bot level, k: kick")
        self.query_one(SeatList).focus()
        self.show_doors()
        self.say(words("Players join at the address above; s starts once every seat is filled."))

    def show_doors(self) -> None:
        """Draw the lines about the table's doors as they are now."""
        self.query_one(SshDoorLine).show_door(self.table.ssh_door)
        self.query_one(WebDoorPanel).show_door(self.table.web_door)

    # ---- drawing ---------------------------------------------------------------------------
    def show_seats(self, lobby: StateMessage) -> None:
        title = t("Hosting {table} — {game}", table=self.table.table_name, game=self.game_title)
        self.query_one("#lobby-title", Static).update(title)
        seats = self.query_one(SeatList)
        highlighted = seats.highlighted or 0
        seats.clear_options()
        mine = self.host.local_seat
        seats.add_options(Option(seat_line(s, i, mine)) for i, s in enumerate(lobby["seats"]))
        seats.highlighted = min(highlighted, len(lobby["seats"]) - 1)
        waiting = open_seats_text(lobby)
        seats.border_subtitle = (
            t("cannot start: {why}", why=waiting) if waiting else t("ready: s starts")
        )

    # ---- the host's changes ---------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start is shown disabled while the table is not ready (the status line says why)."""
        if action == "start":
            ready = self.host.referee is None and self.host.lobby.not_ready() is None
            return True if ready else None
        return super().check_action(action, parameters)

    def action_start(self) -> None:
        try:
            self.host.start()
        except (ValueError, ProtocolError) as err:  # not ready: the status line says why
            self.say(words("Cannot start: {err}", err=err))
        except OSError as err:  # the journal could not be written (disk full, no permission)
            self.say(words("Cannot start: the game could not be saved ({err}).", err=err))

    def _seat(self) -> int:
        return self.query_one(SeatList).highlighted or 0

    def action_cycle_seat(self, step: int) -> None:
        """Open ↔ easy ↔ normal ↔ hard for the highlighted seat; people are not cycled away."""
        index = self._seat()
        seat = self.host.lobby.seats[index]
        if seat.kind == "human" and index == self.host.local_seat:
            self.say(
                words("b puts a bot in an open or bot seat; this one is yours, so it stays you.")
            )
            return
        if seat.kind == "human":
            self.say(
                words(
                    "b puts a bot in an open or bot seat; seat {seat} is {name}'s: k removes "
                    "them first.",
                    seat=index + 1,
                    name=plain(seat.name),
                )
            )
            return
        current = SEAT_CHOICES.index(seat.level if seat.kind == "bot" else "open")
        choice = SEAT_CHOICES[(current + step) % len(SEAT_CHOICES)]
        try:
            if choice == "open":
                self.host.kick(index)
            else:
                self.host.set_bot(index, choice)
        except (ValueError, ProtocolError) as err:
            self.say(str(err))
            return
        after = SEAT_CHOICES[(current + step + 1) % len(SEAT_CHOICES)]  # what b does next
        again = (
            words("opens it")
            if after == "open"
            else words("makes it {level}", level=level_name(after))
        )
        if choice == "open":
            self.say(words("Seat {seat} is open again; b {again}.", seat=index + 1, again=again))
        else:
            name = plain(self.host.lobby.seats[index].name)
            self.say(
                words(
                    "Seat {seat}: {name}, a bot playing {choice}; b again {again}.",
                    seat=index + 1,
                    name=name,
                    choice=level_name(choice),
                    again=again,
                )
            )

    def action_kick(self) -> None:
        index = self._seat()
        seat = self.host.lobby.seats[index]
        if index == self.host.local_seat:
            self.say(words("That is your own seat: q closes the table instead."))
        elif seat.kind == "open":
            self.say(words("Seat {seat} is already open.", seat=index + 1))
        else:
            try:
                self.host.kick(index)
            except (ValueError, ProtocolError) as err:
                self.say(words("Not removed: {err}", err=err))
                return
            self.say(
                words(
                    "{name} left seat {seat}; it is open again.",
                    name=plain(seat.name),
                    seat=index + 1,
                )
            )

    @on(Cycler.Changed, "#players")
    def _players(self, event: Cycler.Changed) -> None:
        players: int = event.cycler.value
        seats = self.host.lobby.seats
        taken = [i + 1 for i, seat in enumerate(seats[players:], players) if seat.kind != "open"]
        if taken:
            self.say(
                words(
                    "Seat {seat} is taken: open it (b) or remove its player (k) first.",
                    seat=taken[-1],
                )
            )
            event.cycler.index = [value for _, value in event.cycler.choices].index(len(seats))
        elif players != len(seats):
            self.host.set_players(players)

    @on(Cycler.Changed, "DoorSwitch")
    def _door_switched(self, event: Cycler.Changed) -> None:
        switch = event.cycler
        assert isinstance(switch, DoorSwitch)
        if switch.value != (getattr(self.table, switch.kind.slot) is not None):
            self.run_worker(partial(self._switch_door, switch))

    async def _switch_door(self, switch: DoorSwitch) -> None:
        """Ask the table to open or close the door; one that cannot open is said, and the
        switch goes back to off."""
        try:
            await self.table.switch_door(switch.kind.slot, switch.value)
        except (OSError, ValueError) as err:
            said = t("Cannot open {door}: {err}", door=words(switch.kind.what), err=plain(err))
            self.notify(said, severity="error", markup=False)
            switch.index = 0
        self.show_doors()

    @on(Cycler.Changed, "#away")
    def _away(self, event: Cycler.Changed) -> None:
        settings = self.host.lobby.settings
        if event.cycler.value != settings.away_bot_seconds:
            self.host.set_settings(replace(settings, away_bot_seconds=event.cycler.value))

    @on(Cycler.Changed, "#hints")
    def _hints(self, event: Cycler.Changed) -> None:
        settings = self.host.lobby.settings
        if event.cycler.value != settings.hints:
            self.host.set_settings(replace(settings, hints=event.cycler.value))

    @on(Cycler.Changed, "#game")
    async def _game(self, event: Cycler.Changed) -> None:
        """Another game: the lobby keeps who sits where as far as the game allows, and the
        form is drawn again for the new game's player range and options."""
        game = event.cycler.value
        if game.id == self.host.lobby.game_id:
            return
        try:
            self.host.set_game(game.id)
        except ValueError as err:
            self.say(words("Not changed: {err}", err=err))
            return
        await self.recompose()
        self.show_doors()
        self.query_one("#game", Cycler).focus()

    @on(Cycler.Changed, ".game-option")
    def _options(self) -> None:
        game = self.host.lobby.game
        options = chosen_options(self, game.id, game.option_specs)
        if options != self.host.lobby.options:
            try:
                self.host.set_options(options)
            except ValueError as err:
                self.say(words("Not allowed: {err}", err=err))

    @on(Input.Submitted, "#player, #table-name")
    @on(Input.Blurred, "#player, #table-name")
    def _rename(self, event: Input.Submitted | Input.Blurred) -> None:
        """Apply a changed name (Enter or leaving the field); an unprintable one is refused."""
        if self.host.referee is not None:  # the game started meanwhile: the lobby is closed
            return
        player = self.query_one("#player", Input).value.strip()
        table = self.query_one("#table-name", Input).value.strip()
        lobby = self.host.lobby
        own = lobby.seats[self.host.local_seat or 0].name
        shown = self.table.table_name  # a name the host made up reads in this language
        if (player, table) == (own, shown):
            return
        try:  # an unchanged made-up name stays made up (and follows a renamed host)
            renamed = table if table and table != shown else None
            self.host.rename(table_name=renamed, player=player or None)
        except (ProtocolError, ValueError) as err:
            self.say(words("Not changed: {err}", err=err))
        if isinstance(event, Input.Submitted):
            self.query_one(SeatList).focus()
