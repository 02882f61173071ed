"""The end of a game, for every game: the verdict, the game's own summary of every seat, and the
log of the game to look back at.

The verdict comes from the view's `result` alone (ties share the win); the summary is the
game screen's `final_summary`. At a LAN table playing again is the host's decision: the host's
"again" reopens the lobby (everyone stays seated) and the other players are taken there when it
opens; the host going back to the menu closes the table for everyone, so it asks first. A player
whose connection ends here (the host closed the table, removed them, or it dropped) is told so.

Keys pressed ahead are not taken (issue 34): the table opens with its scores in focus, not a
button, so the Enter that played the last card, pressed again, presses nothing; and in its
first moment (the round summary's KEY_GRACE) no key is taken at all. Playing again, or leaving,
is a deliberate key: "a", "m".
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Log, Static

from tui.base.i18n import Counted, key_label, t, words, words_in
from tui.base.messages import GoToMenu, PlayAgain, SeatMessage, ShowRules, StateMessage
from tui.base.names import plain
from tui.base.seats import POINTS, among_them, in_line, is_you, name_list, seat_names
from tui.screens.confirm import ConfirmScreen
from tui.screens.round_summary import KEY_GRACE
from tui.widgets.following_log import WrappingLog

if TYPE_CHECKING:
    from tui.screens.game import GameScreen
    from tui.table.link import TableLink


def verdict(state: StateMessage, unit: Counted = POINTS) -> str:
    """'Ana wins with 41 points', 'you and Ana share the win with 41 points', after the
    title's 'Game over — ' (in reading order: the title lays it out)."""
    result = state["view"]["result"]
    names = seat_names(state)
    winners = [names[seat] for seat in result["winners"]]
    points = unit.of(result["scores"][result["winners"][0]])
    if len(winners) == 1:
        if is_you(winners[0]):
            return words("you win with {points}", points=points)
        return words("{who} wins with {points}", who=winners[0], points=points)
    who = name_list([in_line(w) for w in winners])  # after the title's dash: 'you and Ana'
    if among_them(winners):
        return words_in("you among them", "{who} share the win with {points}", who=who,
                        points=points)  # fmt: skip
    return words("{who} share the win with {points}", who=who, points=points)


class FinalScreen(Screen[None]):
    """Shown when a game ends; play again with the same table or go back to the menu."""

    GUEST_HINT = t("The host decides whether to play again: when they do, you go to the lobby.")
    CLUB_HINT = t("m goes back to the club: the standings, and the next round once it starts.")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "again", t("Play again")),
        Binding("l", "toggle_log", t("Log")),
        Binding("m,q,escape", "menu", t("Menu"), key_display="m"),
        Binding("r", "rules", t("Rules")),
    ]

    def __init__(self, state: StateMessage, table: TableLink, game: type[GameScreen]) -> None:
        super().__init__()
        self.state = state
        self.table = table
        self.game = game
        self.log_lines = game.log_lines_of(state)
        self.guest = table.host is None  # a LAN player who does not host
        self.HELP = game.FINAL_HELP
        self.back_to = t("Club") if table.club_table else t("Menu")
        self.opened = time.monotonic()

    @property
    def takes_keys(self) -> bool:
        """Past the first moment, when a key is one pressed ahead for the game's last move."""
        return time.monotonic() - self.opened >= KEY_GRACE

    def compose(self) -> ComposeResult:
        title = t("Game over — {verdict}", verdict=verdict(self.state, self.game.SCORE_UNIT))
        yield Static(title, classes="screen-title", id="verdict", markup=False)
        with VerticalScroll(id="scores"):
            yield Static(self.game.final_summary(self.state))
        yield WrappingLog(id="final-log", highlight=False)
        with Horizontal(classes="buttons"):
            if not self.guest:
                yield Button(
                    key_label(t("Play again"), "a"),
                    id="again",
                    action="screen.again",
                    variant="primary",
                )
            yield Button(key_label(t("Log"), "l"), id="show-log", action="screen.toggle_log")
            yield Button(key_label(self.back_to, "m"), id="menu", action="screen.menu")
        hint = self.GUEST_HINT if self.guest else self.game.FINAL_HELP
        hint = self.CLUB_HINT if self.table.club_table else hint
        yield Static(hint, classes="hint", id="hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scores").border_title = t("Final scores")
        log = self.query_one("#final-log", Log)
        log.border_title = t("What happened — l hides it")
        log.display = False
        log.write_lines(self.log_lines)
        self.query_one("#scores").focus()  # Enter pressed ahead presses no button
        self.opened = time.monotonic()
        if self.guest:
            if self.table.dropped is not None:
                self._ended(self.table.dropped)
            self.table.listen(self._post)

    def on_unmount(self) -> None:
        self.table.unlisten(self._post)

    def _post(self, message: StateMessage) -> None:
        self.post_message(SeatMessage(message))

    def on_seat_message(self, event: SeatMessage) -> None:
        if event.message["type"] == "closed":
            self._ended(str(event.message.get("reason")))

    def _ended(self, reason: str) -> None:
        """The connection ended: there is no next game to be taken to, so say why."""
        if self.table.club_table:
            return  # a club closes a finished table once nobody needs it: m goes back to it
        if self.table.gone is not None:
            gone = self.table.gone  # in words, put before what follows it
            if getattr(self.app, "HAS_MENU", True):
                text = t("{gone} m goes back to the menu.", gone=gone)
            else:
                text = t("{gone} m leaves.", gone=gone)
        else:
            text = t(
                "Disconnected: {reason}. m goes back to the menu; join again from there.",
                reason=plain(reason),
            )
        self.query_one("#hint", Static).update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "again" and self.guest)

    def action_again(self) -> None:
        if self.takes_keys:
            self.post_message(PlayAgain())

    def action_toggle_log(self) -> None:
        """Show the game's log in place of the scores, and back (the last moves first in view)."""
        log = self.query_one("#final-log", Log)
        log.display = not log.display
        self.query_one("#scores").display = not log.display
        if log.display:
            log.scroll_end(animate=False)

    def action_rules(self) -> None:
        self.post_message(ShowRules(self.game.GAME_ID))

    def action_menu(self) -> None:
        """Back to the menu; a host of a LAN table asks first, since that closes it for all."""
        if not self.takes_keys:
            return
        if self.table.host is None or self.table.solo or self.table.gone is not None:
            self.post_message(GoToMenu())
            return

        def close(yes: bool | None) -> None:
            if yes:
                self.post_message(GoToMenu())

        question = t("Close the table? Everyone at it is disconnected.")
        self.app.push_screen(ConfirmScreen(question, t("Close"), t("Stay")), close)


class ClubFinalScreen(FinalScreen):
    """The final table of a club night's table: m goes back to the club."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m,q,escape", "menu", t("Club"), key_display="m"),
    ]
