"""Joining a LAN table: the tables found on the network, live, or an address typed by hand.

The list comes from `net.discovery.Browser`, which lists a table only once it answered a direct
`info` probe and drops it when it stops answering, so what is shown can be joined. Where
multicast is blocked, the address field is the way in. A refusal (another protocol version,
being removed, nobody there) is said in the status line in plain words.
"""

from __future__ import annotations

import socket
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core import GAMES
from tui.base.game_names import game_name
from tui.base.i18n import N_, t, words, words_n
from tui.base.names import DEFAULT_PLAYER_NAME, MAX_NAME_LENGTH, clean_name, error_words, plain
from tui.base.table_names import table_title
from tui.table.plans import JoinPlan, parse_address
from tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from textual.widget import Widget

    from net.discovery import Browser, FoundTable


class TableEvent(Message):
    """The browser found a table, saw it change, or lost it ("add", "update", "remove")."""

    def __init__(self, kind: str, table: FoundTable) -> None:
        super().__init__()
        self.kind = kind
        self.table = table


PHASES = {"lobby": N_("in the lobby"), "playing": N_("playing (watch)"), "over": N_("game over")}
CLUB_PHASES = {
    "lobby": N_("gathering"),
    "playing": N_("rounds under way (join)"),
    "over": N_("evening over"),
}


def info_of(table: FoundTable) -> dict[str, Any]:
    """The table's `info` answer, or nothing if what came from the network is not a map."""
    return table.info if isinstance(table.info, dict) else {}


def table_line(table: FoundTable) -> Text:
    """'Zoe's table · No Thanks! · 2/4 seats · lobby · 10.0.0.5:47474', as plain text (laid
    out for the terminal)."""
    return Text(table_words(table))


def table_words(table: FoundTable) -> str:
    """`table_line` in reading order (the plain line mode reads the list out as it is).

    The info came from the network: only text is looked up (a list or map as a game or phase
    would not even hash), and whatever else is there is shown as plain text."""
    info = info_of(table)
    game_id, phase_id = info.get("game"), info.get("phase")
    game = game_name(game_id) if isinstance(game_id, str) and game_id in GAMES else None
    phase = PHASES.get(phase_id) if isinstance(phase_id, str) else None
    game = game or plain(game_id)
    phase = words(phase) if phase else plain(phase_id)
    taken = plain(info.get("taken"))
    seats = words("{taken}/{seats} seats", taken=taken, seats=plain(info.get("seats")))
    where = plain(f"{table.address}:{table.port}")
    if is_club(table):  # members join whenever they come: they play from the next round
        club_phase = CLUB_PHASES.get(str(phase_id))
        phase = words(club_phase) if club_phase else phase
        count = info.get("taken")
        if isinstance(count, int) and not isinstance(count, bool):
            seats = words_n("{count} member", "{count} members", count)
        else:
            seats = words("{taken} members", taken=taken)
        game = (
            words("club night ({game} next)", game=game)
            if phase_id != "over"
            else words("club night")
        )
    name = table_title(info.get("table"), info.get("table_words"))
    return " · ".join((name, game, seats, phase, where))


def is_club(table: FoundTable) -> bool:
    return info_of(table).get("kind") == "club"


def refusal(err: BaseException, where: str) -> str:
    """Why joining failed, in words a person can act on, in reading order (the screen lays
    it out where it is drawn; the plain line mode says it as it is)."""
    from net.client import HandshakeError

    if isinstance(err, HandshakeError):
        return words("The table refused you: {err}", err=error_words(err.code, err.params, err))
    if isinstance(err, ConnectionRefusedError):
        return words("Nobody is hosting at {where} (connection refused).", where=where)
    if isinstance(err, socket.gaierror):
        return words("Unknown host in {where}: check the address.", where=where)
    if isinstance(err, TimeoutError):
        return words("No answer from {where}: check the address and the firewall.", where=where)
    return words("Could not reach {where}: {err}", where=where, err=plain(err))


class JoinScreen(Screen[None]):
    """Pick a table (↑/↓, Enter) or type host:port; your name goes with you."""

    HELP = t(
        "↑/↓ pick a found table, Enter joins it (a table already playing is watched); w watches "
        "instead of taking a seat. Where tables are not found (multicast blocked), type the "
        "host's address as host:port and press Enter. Tab moves between the fields."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", t("Join"), priority=True),  # from any field or the list
        Binding("w", "join(True)", t("Watch")),
        Binding("escape", "app.pop_screen", t("Back"), key_display="esc"),
    ]

    def __init__(self, plan: JoinPlan) -> None:
        super().__init__()
        self.plan = plan
        self.found: dict[str, FoundTable] = {}
        self.browser: Browser | None = None

    def compose(self) -> ComposeResult:
        yield Static(t("Join a LAN table"), classes="screen-title")
        with Grid(id="join-form"):
            yield Label(t("Your name"))
            yield TextInput(self.plan.player, max_length=MAX_NAME_LENGTH, compact=True, id="name")
            yield Label(t("Address"))
            yield TextInput(
                self.plan.address or "",
                placeholder=t("host:port, if the table is not listed"),
                compact=True,
                id="address",
            )
        yield OptionList(id="found")
        yield Static(id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#found").border_title = t("Tables on the network")
        self._list_tables()
        if self.plan.discovery:
            self.run_worker(self._browse, group="browse")
        self.say(t("Enter joins the table picked in the list, or the address typed; w watches."))
        if self.plan.address:
            self.action_join(self.plan.spectate)
        self._first_focus().focus()

    def _first_focus(self) -> Widget:
        """The name while it is the default one (typing goes there at once: a person new
        here types their name first), else the list of found tables, or the address."""
        name = self.query_one("#name", Input)
        if not name.value.strip() or name.value == words(DEFAULT_PLAYER_NAME):
            return name
        return self.query_one("#found" if self.plan.discovery else "#address")

    async def on_unmount(self) -> None:
        if self.browser is not None:
            await self.browser.close()

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    # ---- the live list --------------------------------------------------------------------
    async def _browse(self) -> None:
        from net.discovery import Browser

        self.browser = Browser(
            lambda kind, table: self.post_message(TableEvent(kind, table)), self.plan.interfaces
        )
        try:
            await self.browser.start()
        except Exception as err:  # no multicast here, or zeroconf refused: the address still works
            self.say(
                t(
                    "Cannot look for tables ({err}); type the host's address instead.",
                    err=plain(err),
                )
            )

    def on_table_event(self, event: TableEvent) -> None:
        if event.kind == "remove":
            self.found.pop(event.table.service, None)
        else:
            self.found[event.table.service] = event.table
        self._list_tables()

    def _list_tables(self) -> None:
        """Redraw the list sorted by name, keeping the highlighted table if it is still there."""
        found = self.query_one("#found", OptionList)
        chosen = self._chosen()
        tables = sorted(
            self.found.values(), key=lambda t: (plain(info_of(t).get("table")), str(t.service))
        )
        found.clear_options()
        if not tables:
            looking = (
                words("Looking for tables…") if self.plan.discovery else words("Discovery is off.")
            )
            found.add_option(
                Option(
                    t(
                        "{looking} Type its address in the field above if yours is not found.",
                        looking=looking,
                    )
                )
            )
            found.disable_option_at_index(0)
            return
        found.add_options(Option(table_line(t), id=t.service) for t in tables)
        services = [t.service for t in tables]  # the highlight follows its table, by service
        kept = chosen is not None and chosen.service in services
        found.highlighted = services.index(chosen.service) if kept else 0

    def _chosen(self) -> FoundTable | None:
        found = self.query_one("#found", OptionList)
        if found.highlighted is None or not self.found:
            return None
        option = found.get_option_at_index(found.highlighted)
        return self.found.get(option.id or "")

    # ---- joining ----------------------------------------------------------------------------
    @on(OptionList.OptionSelected, "#found")
    def _picked(self) -> None:
        """A click on a table (Enter is the screen's own key, from anywhere)."""
        self._join_table(self._chosen(), spectate=False)

    def action_join(self, spectate: bool = False) -> None:
        """Join the typed address if there is one, else the highlighted table."""
        typed = self.query_one("#address", Input).value.strip()
        if not typed:
            self._join_table(self._chosen(), spectate)
            return
        try:
            address, port = parse_address(typed)
        except ValueError as err:
            self.say(t("Not an address: {err}.", err=err))
            return
        self.run_worker(partial(self._join, address, port, spectate), exclusive=True, group="join")

    def _join_table(self, table: FoundTable | None, spectate: bool) -> None:
        """Sit at a found table, or watch it when asked to or when its game is under way
        without a seat of ours: a player back from a drop, with this table's token saved for
        the name, takes their seat again."""
        from net.client import load_token

        if table is None:
            self.say(t("No table chosen: pick one from the list or type its address."))
            return
        name = clean_name(self.query_one("#name", Input).value)
        ours = load_token(table.address, table.port, name) is not None
        under_way = info_of(table).get("phase") != "lobby" and not is_club(table)
        spectate = spectate or (under_way and not ours)
        self.run_worker(partial(self._join, table.address, table.port, spectate), exclusive=True)

    async def _join(self, address: str, port: int, spectate: bool) -> None:
        from tui.table.joining import open_join
        from tui.table.link import TakeSeat

        name = self.query_one("#name", Input).value
        plan = JoinPlan(player=name, interfaces=self.plan.interfaces)
        where = f"{address}:{port}"
        self.say(t("Joining {where}…", where=where))
        try:
            table = await open_join(self.app, address, port, plan, spectate=spectate)
        except Exception as err:  # any failure to connect is said, never a crash
            self.say(refusal(err, where))
            return
        if table.session.seat is None and not spectate:
            self.notify(t("No seat is free at this table: you are watching."), markup=False)
        self.post_message(TakeSeat(table, name))
