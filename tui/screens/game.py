"""The game-screen frame: everything a game's screen shares, written once.

A game's screen (`tui/games/<id>/screen.py`) subclasses `GameScreen` and writes only what is its
own: the table's widgets (`compose_table`), its play buttons (`compose_actions`), its play keys
(`BINDINGS`, with their actions named in `PLAY_ACTIONS`), how a state is drawn (`draw`), what the
player may do now (`my_prompt`), a log entry in words (`log_line`) and the final table's summary
(`final_summary`). The frame does the rest: the state messages, the log that follows, table
talk, the turn clock, hurrying bots, leaving, refused and stale intents, the hint key, the
"terminal too small" notice, and the hand-over to the final table.

"Is it my move" is `seat in view["to_act"]`, right for simultaneous decisions too (a Papayoo
pass, a Pásovec decision): every seat still to decide is in `to_act`.
"""

from __future__ import annotations

import importlib
import random
from functools import partial
from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from core import IllegalMove, get_game
from tui.base.game_names import game_name
from tui.base.i18n import Counted, t, worded, words, words_n
from tui.base.messages import SeatMessage, ShowRules, StateMessage
from tui.base.names import refused_move
from tui.base.seats import POINTS, name_list, seat_names
from tui.screens.round_summary import KEY_GRACE, RoundSummary
from tui.screens.table_talk import TALK_BINDINGS, TableTalk
from tui.table.link import ShowTable, TableLink
from tui.widgets.clock import Countdown
from tui.widgets.following_log import FollowingLog
from tui.widgets.footer import FittingFooter
from tui.widgets.talk import ChatInput

MIN_SIZE = (80, 24)  # columns, rows every screen is designed for
LOG_PAGE = 5  # lines PgUp/PgDn move the log


class GameScreen(TableTalk):
    """One seat's view of a game, drawn from the table's state messages."""

    AUTO_FOCUS = ""  # keys, not focus, drive a game: a focused button ate Enter (and its key)
    GAME_ID: ClassVar[str]
    PLAY_ACTIONS: ClassVar[frozenset[str]] = frozenset()  # hidden from spectators
    HINT: ClassVar[str | None] = None  # "module:function" giving (action, reason) for a view
    SCORE_UNIT: ClassVar[Counted] = POINTS  # what a score counts, for the final verdict
    FINAL_HELP: ClassVar[str] = ""  # the final table's one-line reminder of the scoring
    LOG_HELP = t(
        "The log follows the game: ↑/↓, PgUp/PgDn and Home read back, End (or a click on the "
        "log) follows again."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "h", "hint", t("Hint"), tooltip=t("Hint: what the hard bot would play here, and why")
        ),
        Binding(
            "f,full_stop", "hurry", t("Hurry"), tooltip=t("Skip the bots' pause before a move")
        ),
        Binding("b", "stand_in", t("Stand-in"), tooltip=t("Seat a bot for an away player")),
        Binding("r", "rules", t("Rules"), tooltip=t("The rules of this game")),
        Binding("q,escape", "leave", t("Leave"), key_display="q", tooltip=t("Leave the table")),
        Binding("up", "log_back(1)", t("Log: a line back"), show=False),
        Binding("down", "log_on(1)", t("Log: a line on"), show=False),
        Binding("pageup", "log_back(5)", t("Log: a page back"), show=False),
        Binding("pagedown", "log_on(5)", t("Log: a page on"), show=False),
        Binding("home", "log_start", t("Log: from the start"), show=False),
        Binding("end", "log_follow", t("Log: follow the game again"), show=False),
        *TALK_BINDINGS,
    ]
    # The footer's order of importance (tui/widgets/footer.py): the game's keys, its hint and
    # the table's chat, then the frame's; what does not fit the width is left to ? (the help
    # lists every key).
    FOOTER_ORDER: ClassVar[tuple[str, ...]] = (
        "*",
        *("rejoin", "hint", "chat", "leave", "rules", "stand_in", "hurry"),
    )
    # While the "terminal too small" notice hides the table, only these keys act (issue 25).
    BLIND_ACTIONS: ClassVar[frozenset[str]] = frozenset({"leave", "rules"})

    def __init__(self, table: TableLink) -> None:
        super().__init__(table)
        self.game = get_game(self.GAME_ID)
        self.state: StateMessage | None = None
        self.logged = 0
        self.finished = False
        self.hinting = False
        self.hint_action: dict[str, Any] | None = None  # the last hint's action, for its state
        self.too_small = False  # the "terminal too small" notice hides the table
        self.round_panel: RoundSummary | None = None  # the summary the table pauses for
        self.calm = True  # False for a moment after a round's summary closed: no play keys

    # ---- what a game writes -------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        """The game's own widgets, above the log."""
        raise NotImplementedError

    def compose_actions(self) -> ComposeResult:
        """The game's play buttons, left of the status line; none by default."""
        yield from ()

    def draw(self, state: StateMessage) -> None:
        """Draw the game's widgets (and enable its buttons) for a new state."""
        raise NotImplementedError

    def my_prompt(self, state: StateMessage) -> str:
        """What the player may do now, in words, when it is their move."""
        raise NotImplementedError

    @classmethod
    def log_line(cls, entry: dict[str, Any], names: list[str]) -> str | None:
        """One log entry in plain words, or None for an entry the log does not show."""
        raise NotImplementedError

    @classmethod
    def final_summary(cls, state: StateMessage) -> RenderableType:
        """The final table's body: every seat's result, best first."""
        raise NotImplementedError

    @classmethod
    def round_summary(cls, state: StateMessage) -> tuple[str, RenderableType]:
        """The title and body of the panel the table pauses for when a round ends
        (tui/screens/round_summary.py); a game of several rounds tells its points. Both
        in reading order (`t`): the panel shows them."""
        return t("The round is over."), ""

    # ---- the frame ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(game_name(self.game), id="game-title", classes="screen-title", markup=False)
        with Vertical(id="game-body"):
            yield from self.compose_table()
            yield FollowingLog(id="log")
            yield ChatInput()
            with Horizontal(id="actions"):
                yield from self.compose_actions()
                yield Static(id="status", markup=False)
                yield Countdown(id="clock")
        yield Static(
            t(
                "Make the terminal at least {width}x{height} to see the whole table.",
                width=MIN_SIZE[0],
                height=MIN_SIZE[1],
            ),
            id="too-small",
            markup=False,
        )
        yield FittingFooter()

    def on_mount(self) -> None:
        # Keys, not focus, drive a game: a focused button would swallow Space or Enter.
        for widget in self.query("Button, FollowingLog"):
            widget.can_focus = False
        self.query_one("#log").border_title = t("What happened")
        self._fit(self.app.size.width, self.app.size.height)
        self.listen()
        if self.table.state is not None:
            self.show(self.table.state)

    def on_unmount(self) -> None:
        self.stop_listening()

    def on_resize(self) -> None:
        self._fit(self.size.width, self.size.height)

    def _fit(self, width: int, height: int) -> None:
        """Below the size the screens are made for, say so rather than lose a column; while the
        table is hidden its keys do nothing (no blind 'You took a token')."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.query_one("#too-small").display = small
        self.query_one("#game-body").display = not small
        if small != self.too_small:
            self.too_small = small
            self.refresh_bindings()

    def blind(self, action: str) -> bool:
        """The table is hidden (too small a terminal) and `action` needs to see it."""
        return self.too_small and action not in self.BLIND_ACTIONS

    def on_seat_message(self, event: SeatMessage) -> None:
        """Show a new state; the table's talk, drops and refusals are heard."""
        if event.message["type"] == "state":
            self.show(event.message)
        else:
            self.hear(event.message)
            self.refresh_keys()

    def show(self, state: StateMessage) -> None:
        self.state = state
        view = state["view"]
        self.draw(state)
        lines = self.log_lines_of(state, self.logged)
        self.query_one(FollowingLog).write_lines(lines)
        self.logged = len(view["log"])
        for button in self.query("#actions Button"):
            button.display = not self.watching
        title = words("{game} — {turn}", game=game_name(self.game), turn=self.turn_text())
        self.query_one("#game-title", Static).update(title)
        self.query_one(Countdown).show(state.get("clock"), state["seat"])
        self.say(self.prompt())
        self.refresh_keys()
        self.show_pause(state)
        if view["over"]:
            self.finished = True
            self._show_final()

    def show_pause(self, state: StateMessage) -> None:
        """Open the round's summary when the table pauses for it, say whom it waits for, and
        close it when the table goes on (a spectator is not waited for: no panel)."""
        pause, panel = state.get("pause"), self.round_panel
        if pause is None or self.watching:
            if panel is not None:
                self.round_panel = None
                panel.close()
                self.calm = False
                self.set_timer(KEY_GRACE, self._calmed)
            return
        names = seat_names(state)
        if panel is None:
            summary = self.round_summary(state)
            self.round_panel = RoundSummary(summary, self.table.ready, pause, state["seat"], names)
            # once this screen has drawn the state (its log included): a screen covered by the
            # panel is not redrawn, so what shows under the panel would be the state before
            self.call_after_refresh(self._open_panel, self.round_panel)
        else:
            panel.show_waiting(pause, state["seat"], names)

    def _open_panel(self, panel: RoundSummary) -> None:
        if panel is self.round_panel:  # not closed before it opened
            self.app.push_screen(panel)

    def _calmed(self) -> None:
        """Play keys are taken again, and shown again in the footer."""
        self.calm = True
        self.refresh_bindings()

    @property
    def watching(self) -> bool:
        """A spectator: no seat, so nothing to play."""
        return self.state is None or self.state["seat"] is None

    @property
    def my_move(self) -> bool:
        """The seat shown is one whose decision the table awaits now."""
        return self.state is not None and self.state["seat"] in self.state["view"]["to_act"]

    def awaited(self) -> list[int]:
        """The seats the table awaits, other than the one shown."""
        assert self.state is not None
        return [s for s in self.state["view"]["to_act"] if s != self.state["seat"]]

    def turn_text(self) -> str:
        """The title's second half: 'your turn', 'Ana's turn', 'everyone decides'."""
        assert self.state is not None
        view = self.state["view"]
        if view["over"]:
            return words("game over")
        to_act = view["to_act"]
        if len(to_act) > 1:
            return words("your decision") if self.my_move else words("deciding together")
        if self.my_move:
            return words("your turn")
        name = seat_names(self.state)[to_act[0]] if to_act else ""
        return words("{name}'s turn", name=name) if to_act else ""

    def prompt(self) -> str:
        """The status line: what the player may do, or whom the table waits for and why."""
        assert self.state is not None
        view, seats = self.state["view"], self.state["seats"]
        if view["over"]:
            return words("The game is over.")
        if self.my_move:
            return self.my_prompt(self.state)
        names = seat_names(self.state)
        waiting = self.awaited()
        away = [s for s in waiting if seats[s]["kind"] == "human" and seats[s]["away"]]
        if away:
            who = name_list([names[s] for s in away])
            fix = words(" b seats a bot for them.") if self._may_stand_in() else ""
            gone = words_n(
                "{who} is away — waiting for them to rejoin.",
                "{who} are away — waiting for them to rejoin.",
                len(away),
                who=who,
            )
            return gone + fix
        text = self.waiting_text(waiting)
        if self.watching:
            return words("You are watching; {text}", text=text)
        if any(seats[s]["kind"] == "bot" for s in waiting) and self._may_hurry():
            text += words(" (f skips the pause)")
        return text

    def waiting_text(self, waiting: list[int]) -> str:
        """Whom the table waits for, when it is not the player's move: 'Ana is deciding…'.
        A game whose phases wait for different things says which (Pásovec: rolling)."""
        names = seat_names(self.state)  # type: ignore[arg-type]
        who = name_list([names[s] for s in waiting])
        return words_n("{who} is deciding…", "{who} are deciding…", len(waiting), who=who)

    def say(self, text: str) -> None:
        """Set the status line; the same text again is not redrawn (a status update costs a
        layout pass, most of a key press on a big table when the prompt stays the same)."""
        status = self.query_one("#status", Static)
        if status.content != text:  # in reading order: laid out where it is drawn
            status.update(text)

    def _show_final(self) -> None:
        """Hand over to the final table, once nothing (help, a question) covers this screen."""
        if self.is_current and self.state is not None:
            self.post_message(ShowTable(self.table, "final", self.state))

    def on_screen_resume(self) -> None:
        if self.finished:
            self._show_final()

    @classmethod
    def log_lines_of(cls, state: StateMessage, start: int = 0) -> list[str]:
        """The log of `state` in words from entry `start` on (the final table shows it all)."""
        names = seat_names(state)
        lines = (cls.log_line(entry, names) for entry in state["view"]["log"][start:])
        return [line for line in lines if line is not None]

    # ---- the player's actions -----------------------------------------------------------
    async def send(self, action: dict[str, Any]) -> None:
        """Send an intent if it is our move; say why not otherwise. Never raises."""
        state = self.state
        if state is None or self.finished:
            return
        if state["seat"] is None:
            self.say(words("You are watching this table: spectators cannot play."))
            return
        if not self.my_move:
            names = seat_names(state)
            waiting = name_list([names[s] for s in state["view"]["to_act"]])
            self.say(
                words("Wait: it is not your move — the table waits for {waiting}.", waiting=waiting)
            )
            return
        try:
            await self.table.act(action, state["version"])
        except IllegalMove as err:
            self.say(refused_move(err))

    def action_hurry(self) -> None:
        self.table.hurry()

    def action_rules(self) -> None:
        self.post_message(ShowRules(self.GAME_ID))

    def action_stand_in(self) -> None:
        """The host seats a bot in the seat of an away player the table waits for."""
        assert self.table.host is not None and self.state is not None
        seats = self.state["seats"]
        away = [s for s in self.awaited() if seats[s]["kind"] == "human" and seats[s]["away"]]
        if not away:
            self.say(words("Nobody the table waits for is away: b seats a bot only for them."))
            return
        for seat in away:
            try:
                self.table.host.stand_in(seat)
            except ValueError as err:
                self.say(words("Not now: {err}", err=err))

    def action_leave(self) -> None:
        """Back to the menu; the game in progress is only abandoned once confirmed."""
        self.leave_table(self.table.leave_question)

    def action_log_back(self, lines: int) -> None:
        self.query_one(FollowingLog).read_back(lines)

    def action_log_on(self, lines: int) -> None:
        self.query_one(FollowingLog).read_on(lines)

    def action_log_start(self) -> None:
        self.query_one(FollowingLog).read_from_start()

    def action_log_follow(self) -> None:
        self.query_one(FollowingLog).follow()

    def action_hint(self) -> None:
        """Ask the hard bot what it would do here, off the UI thread, and say it."""
        if self.state is None or not self.my_move or self.hinting or self.HINT is None:
            self.say(words("A hint is for your own move: wait until the table waits for you."))
            return
        self.hinting = True
        self.say(words("Thinking about a hint…"))
        self.run_worker(
            partial(self._hint, self.state), thread=True, group="hint", exit_on_error=False
        )

    def _hint(self, state: StateMessage) -> None:
        assert self.HINT is not None
        module, name = self.HINT.split(":")
        hint = getattr(importlib.import_module(module), name)
        try:
            action, reason = hint(state["view"], random.Random(state["version"]))
            text = words("Hint: {reason}", reason=worded(reason))
        except Exception as err:  # a hint must never cost the game: say it and go on
            action, text = None, words("No hint this time ({error}).", error=err)
        self.app.call_from_thread(self._hinted, state, text, action)

    def _hinted(self, state: StateMessage, text: str, action: dict[str, Any] | None) -> None:
        self.hinting = False
        if self.state is state:  # still the position the hint is about
            self.hint_action = action  # a screen may offer to apply it (Rummikub's draft)
            self.say(text)

    def _may_hurry(self) -> bool:
        """Only the table's host can skip a bot's pause; a LAN player's key would do nothing."""
        return self.table.host is not None

    def _may_stand_in(self) -> bool:
        return self.table.host is not None and not self.table.solo

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.blind(action):
            return False
        if action in self.PLAY_ACTIONS or action == "hint":
            if self.watching or self.finished or not self.calm:
                return False
            if action == "hint":
                return self.HINT is not None and self.table.hints
        if action == "hurry":
            return self._may_hurry()
        if action == "stand_in":
            return self._may_stand_in() and not self.finished
        return super().check_action(action, parameters)
