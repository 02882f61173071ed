"""The first screen of a door's client: a name, then a seat at the one table behind the door.

Unlike the join screen, there is no address to type and no list of tables: a door leads to its
own table only (127.0.0.1 at the host's port). A table already playing, or full, is watched.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from net.door_access import PLAIN_PAGE
from tui.base.i18n import t, words
from tui.base.names import MAX_NAME_LENGTH, plain
from tui.screens.join import refusal
from tui.table.doors import DOOR_HOST
from tui.table.plans import JoinPlan
from tui.widgets.text_input import TextInput


class DoorJoinScreen(Screen[None]):
    """Type your name, Enter sits you at the table (or lets you watch); Esc leaves."""

    HELP = t(
        "Type the name the others will see and press Enter (or the Take a seat button) to sit "
        "down; when the game is already under way (or every seat is taken) you watch it. The "
        "Watch button watches without a seat. Esc leaves."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.quit", t("Leave"), key_display="esc"),
        Binding(
            "f2",
            "plain",
            t("Plain lines"),
            priority=True,  # from the name's field too
            tooltip=t("The table in plain lines, for a screen reader or a braille display"),
        ),
    ]
    DEFAULT_CSS = """
    DoorJoinScreen { align: center middle; }
    DoorJoinScreen #door-box { width: 64; height: auto; border: round $accent; padding: 1 2; }
    DoorJoinScreen Input { margin: 1 0; }
    DoorJoinScreen #door-buttons { height: auto; }
    DoorJoinScreen #door-buttons Button { margin-right: 2; }
    """

    def __init__(
        self,
        port: int,
        player: str,
        table: str = "",
        again: str = "",
        way_back: str | None = None,
    ) -> None:
        """`again`: the command that brings this person back to their seat after a drop (an
        SSH door's handle), shown under the name; `way_back`: that way in words (the leave
        question says it)."""
        super().__init__()
        self.port = port
        self.player = player
        self.table = table
        self.again = again
        self.way_back = way_back

    def compose(self) -> ComposeResult:
        with Vertical(id="door-box"):
            where = plain(self.table) if self.table else words("the Gamenight table")
            yield Static(t("Welcome to {where}", where=where), classes="screen-title", markup=False)
            yield Static(t("Your name at the table, then Enter:"), markup=False)
            yield TextInput(self.player, max_length=MAX_NAME_LENGTH, id="name")
            with Horizontal(id="door-buttons"):  # for a mouse or a touch screen
                yield Button(t("Take a seat"), id="sit", variant="primary", compact=True)
                yield Button(t("Watch"), id="watch", compact=True)
            yield Static(id="status", markup=False)
            if self.again:
                dropped = t("Dropped? Come back to your seat with:")
                yield Static(f"{dropped}\n{self.again}", id="again", markup=False)
        yield Footer()

    def action_plain(self) -> None:
        """F2: this person would rather have the plain line mode (tui/plain/): the door's
        program goes on in lines, in the same terminal, from the name on. In a browser the
        page cannot be read as lines by the same terminal: it opens the door's plain page
        instead (net/web_door.py), whose terminal a screen reader reads."""
        if self.app.is_web:
            self.app.open_url(PLAIN_PAGE, new_tab=False)
            return
        self.app.exit("plain")

    def on_mount(self) -> None:
        """Focus the name; with a seat token saved for it (a reload, a dropped connection),
        sit down again at once."""
        from net.client import load_token

        self.query_one("#name", Input).focus()
        if load_token(DOOR_HOST, self.port, self.player):
            self._join()

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    @on(Input.Submitted, "#name")
    @on(Button.Pressed, "#sit")
    def _join(self) -> None:
        self.run_worker(self._sit, exclusive=True, group="join")

    @on(Button.Pressed, "#watch")
    def _watch(self) -> None:
        self.run_worker(partial(self._sit, spectate=True), exclusive=True, group="join")

    async def _sit(self, spectate: bool = False) -> None:
        from tui.table.joining import open_join
        from tui.table.link import TableLink, TakeSeat

        name = self.query_one("#name", Input).value
        where = words("the table (port {port})", port=self.port)
        self.say(t("Joining…"))
        try:
            plan = JoinPlan(player=name)
            table = await open_join(self.app, DOOR_HOST, self.port, plan, spectate=spectate)
        except Exception as err:  # any failure to connect is said, never a crash
            self.say(refusal(err, where))
            return
        if table.session.seat is None and not spectate:
            self.notify(t("You are watching: the game is under way or no seat is free."))
        if isinstance(table, TableLink):
            table.way_back = self.way_back
        self.post_message(TakeSeat(table, name))
