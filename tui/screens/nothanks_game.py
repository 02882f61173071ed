"""The No Thanks! table, drawn from the "state" messages of one seat.

The screen knows its seat only through a `tui.session.Session`: it shows each message it is
pushed and sends intents tagged with the version they were decided on, so a key pressed twice
before the screen caught up is refused as stale instead of taking a second card.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Footer, Log, Static

from core import IllegalMove
from tui.screens.table_talk import TALK_BINDINGS, TableTalk
from tui.session import SeatMessage, Session, StateMessage
from tui.widgets.clock import Countdown
from tui.widgets.nothanks import OfferPanel, PlayersPanel, log_line, plural, seat_names
from tui.widgets.talk import ChatInput

TAKE = {"kind": "take"}
PASS = {"kind": "pass"}


class NoThanksScreen(TableTalk):
    """Take the card (t) or pay a token to pass (p); bots move in between."""

    HELP = (
        "Mouse: click Take or No thanks!. Your own token count is shown; the others' stay "
        "hidden (?) until the end. Pts counts only the lowest card of each run."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take", "Take"),
        Binding("p,space", "pass", "No thanks!"),
        Binding("f,full_stop", "hurry", "Skip pause"),
        Binding("r", "app.rules('nothanks')", "Rules"),
        Binding("q,escape", "leave", "Leave", key_display="q"),
        *TALK_BINDINGS,
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(session.lan)
        self.session = session
        self.state: StateMessage | None = None
        self.logged = 0
        self.finished = False

    def compose(self) -> ComposeResult:
        yield Static("No Thanks!", id="game-title", classes="screen-title", markup=False)
        with Horizontal(id="table"):
            yield OfferPanel(id="offer")
            yield PlayersPanel(id="players")
        yield Log(id="log", highlight=False)
        yield ChatInput()
        with Horizontal(id="actions"):
            yield Button("Take \\[t]", id="take", action="screen.take", compact=True)
            yield Button("No thanks! \\[p]", id="pass", action="screen.pass", compact=True)
            yield Static(id="status", markup=False)
            yield Countdown(id="clock")
        yield Footer()

    def on_mount(self) -> None:
        # Keys, not focus, drive this screen: a focused button would swallow Space (pass).
        for widget in self.query("Button, Log"):
            widget.can_focus = False
        self.query_one("#offer").border_title = "On offer"
        self.query_one("#players").border_title = "Players"
        self.query_one("#log").border_title = "What happened"
        self.show_talk()
        self.session.connect(lambda message: self.post_message(SeatMessage(message)))

    async def on_unmount(self) -> None:
        await self.session.close()

    # ---- showing the table --------------------------------------------------------------
    def on_seat_message(self, event: SeatMessage) -> None:
        """Show a new state; the LAN table's talk, drops and refusals are heard."""
        if event.message["type"] == "state":
            self.show(event.message)
        else:
            self.hear(event.message)

    def show(self, state: StateMessage) -> None:
        self.state = state
        view = state["view"]
        names = seat_names(state)
        self.query_one(OfferPanel).show(view)
        self.query_one(PlayersPanel).show(state)
        log = self.query_one(Log)
        log.write_lines(log_line(entry, names) for entry in view["log"][self.logged :])
        self.logged = len(view["log"])
        # A spectator has no seat, and a finished game no turn: neither may read a token count.
        mine = state["seat"] is not None and view["turn"] == state["seat"]
        self.query_one("#take", Button).disabled = not mine
        broke = mine and view["tokens"][view["turn"]] == 0
        self.query_one("#pass", Button).disabled = not mine or broke
        self.query_one("#game-title", Static).update(f"No Thanks! — {self._turn_text()}")
        self.query_one(Countdown).show(state.get("clock"), state["seat"])
        self.say(self._prompt())
        if view["over"]:
            self.finished = True
            self._show_final()

    def _turn_text(self) -> str:
        assert self.state is not None
        view = self.state["view"]
        if view["over"]:
            return "game over"
        if view["turn"] == self.state["seat"]:
            return "your turn"
        return f"{seat_names(self.state)[view['turn']]}'s turn"

    def _prompt(self) -> str:
        """What the player can do now, in words."""
        assert self.state is not None
        view = self.state["view"]
        if view["over"]:
            return "The game is over."
        if self.state["seat"] is None:
            return f"You are watching; {seat_names(self.state)[view['turn']]} is deciding…"
        if view["turn"] != self.state["seat"]:
            deciding = f"{seat_names(self.state)[view['turn']]} is deciding…"
            bot = self.state["seats"][view["turn"]]["kind"] == "bot"
            return f"{deciding} (f skips the pause)" if bot and self._may_hurry() else deciding
        take = f"t takes {view['card']} (+{plural(view['pot'], 'token')})"
        if view["tokens"][view["turn"]] == 0:
            return f"No tokens left: {take}."
        return f"Your turn: {take}, p passes."

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def _show_final(self) -> None:
        """Replace this screen by the final table, once nothing (help, a question) covers it."""
        from tui.screens.nothanks_final import NoThanksFinalScreen

        if self.is_current and self.state is not None:
            self.app.switch_screen(NoThanksFinalScreen(self.state, self.lan))

    def on_screen_resume(self) -> None:
        if self.finished:
            self._show_final()

    # ---- the player's actions -----------------------------------------------------------
    async def _send(self, action: dict[str, str]) -> None:
        """Send an intent if it is our turn; say why not otherwise. Never raises."""
        state = self.state
        if state is None or self.finished:
            return
        turn = state["view"]["turn"]
        if state["seat"] is None:
            self.say("You are watching this table: spectators cannot play.")
            return
        if turn != state["seat"]:
            self.say(f"Wait: it is {seat_names(state)[turn]}'s turn, not yours.")
            return
        try:
            await self.session.act(action, state["version"])
        except IllegalMove as err:
            self.say(f"Not allowed: {err}")

    async def action_take(self) -> None:
        await self._send(TAKE)

    async def action_pass(self) -> None:
        await self._send(PASS)

    def action_hurry(self) -> None:
        self.session.hurry()

    def _may_hurry(self) -> bool:
        """Only the table's host can skip a bot's pause; a LAN player's key would do nothing."""
        return self.lan is None or self.lan.host is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hurry" and not self._may_hurry():
            return False
        return super().check_action(action, parameters)

    def action_leave(self) -> None:
        """Back to the menu; the game in progress is only abandoned once confirmed."""
        question = "Leave this game? It cannot be resumed."
        if self.lan is not None:
            question = self.lan.leave_question
        self.leave_table(question)
