"""What every screen at a table shares: table talk and, for LAN seats, the connection.

`TableTalk` is the base of the lobby and game screens. At a LAN table it writes chat lines and
notices into the screen's log, opens the chat line on `c`, says when the connection dropped and
rejoins on `j` (the saved reconnect token gives the seat back) — unless the table is gone for
good (the host closed it, removed the player, or the seat was taken from another connection):
then it says so, `j` is hidden and leaving goes straight back to the menu. At a solo table those
keys are hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Log

from tui.base.i18n import t, words
from tui.base.messages import GoToMenu, SeatMessage, StateMessage
from tui.base.names import error_words, plain, refused_move
from tui.screens.confirm import ConfirmScreen
from tui.widgets.talk import ChatInput, talk_line

if TYPE_CHECKING:
    from tui.table.link import TableLink

TALK_BINDINGS = [
    Binding("c", "chat", t("Chat")),
    Binding("j", "rejoin", t("Rejoin")),
]


class TableTalk(Screen[None]):
    """A screen at a table (`table`, solo or LAN). Subclasses add TALK_BINDINGS, a
    `ChatInput`, a `Log` with the id in TALK_LOG, and `say()` for their status line."""

    TALK_LOG = "#log"
    LAN_HELP = t(
        "c opens the chat line: Enter sends it to everyone at the table (it shows in the log "
        "with your name), Escape leaves it. If your connection drops, j rejoins your seat."
    )

    def __init__(self, table: TableLink) -> None:
        super().__init__()
        self.table = table
        self._keys_shown: tuple[bool | None, ...] = ()
        self._chat_sent = False  # the key just before this one sent a chat line

    def say(self, text: str) -> None:
        raise NotImplementedError

    def show_talk(self) -> None:
        """Write the talk so far into the log, and say if the connection is down."""
        log = self.query_one(self.TALK_LOG, Log)
        log.write_lines(talk_line(message) for message in self.table.talk)
        if self.table.dropped is not None:
            self.hear({"type": "closed", "reason": self.table.dropped})

    @property
    def table_gone(self) -> bool:
        """The table is gone for good: nothing to rejoin, nothing to confirm on leaving."""
        return self.table.gone is not None

    def listen(self) -> None:
        """Show the talk so far, then hear every message of the table; once mounted."""
        self.show_talk()
        self.table.listen(self._post)

    def stop_listening(self) -> None:
        self.table.unlisten(self._post)

    def _post(self, message: StateMessage) -> None:
        self.post_message(SeatMessage(message))

    def hear(self, message: StateMessage) -> None:
        """Write chat lines and notices; say when the connection dropped, came back, or the
        table refused something."""
        kind = message["type"]
        if kind in ("chat", "notice"):
            self.query_one(self.TALK_LOG, Log).write_line(talk_line(message))
        elif kind == "closed":
            if self.table.gone is not None:
                self.say(f"{self.table.gone} {self.where_q_goes}")
            elif self.table.host is not None:
                self.say(
                    words(
                        "The table closed: {reason}. q leaves.", reason=plain(message.get("reason"))
                    )
                )
            else:
                reason = plain(message.get("reason"))
                self.say(words("Disconnected: {reason}. j rejoins, q leaves.", reason=reason))
            self.refresh_keys()
        elif kind == "welcome":
            self.say(words("Back at the table."))
            self.refresh_keys()
        elif kind == "error":
            said = error_words(message.get("code"), message.get("params"), message.get("message"))
            if message.get("fatal"):
                self.say(words("The table ended the connection: {reason}", reason=said))
            else:
                self.say(refused_move(said))

    # ---- keys ------------------------------------------------------------------------------
    def refresh_keys(self) -> None:
        """Redraw the footer only when a key came or went: Textual rebuilds the whole footer on
        every refresh, which cost more than drawing the state itself when done at each move."""
        shown = tuple(
            self.check_action(name, parameters)
            for bindings in self._bindings.key_to_bindings.values()
            for _namespace, name, parameters in (parse(b.action) for b in bindings)
        )
        if shown != self._keys_shown:
            self._keys_shown = shown
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Chat only at a LAN table; rejoin only for a player whose connection dropped."""
        if action == "chat":
            return self.table.lan
        if action == "rejoin":
            return self.table.may_rejoin
        return True

    def action_chat(self) -> None:
        self.query_one(ChatInput).open()

    @property
    def where_q_goes(self) -> str:
        """What q does once the table is gone: back to the menu, or (a door's app, which has
        no menu) out of Gamenight; in reading order."""
        if getattr(self.app, "HAS_MENU", True):
            return words("q goes back to the menu.")
        return words("q leaves.")

    def on_key(self, event: events.Key) -> None:
        """Escape straight after Enter sent a chat line means "leave the chat" (it closed with
        the sending), never "leave the table" (issue 23): that one Escape does nothing."""
        if self._chat_sent and event.key == "escape":
            event.prevent_default()
            event.stop()
        self._chat_sent = False

    def on_chat_input_send(self, event: ChatInput.Send) -> None:
        self._chat_sent = True
        if self.table.lan and self.table.dropped is None:
            self.table.chat(event.text)
        else:
            self.say(words("Not connected: the chat line was not sent."))

    def action_rejoin(self) -> None:
        if self.table.may_rejoin:
            self.run_worker(self._rejoin, exclusive=True, group="rejoin")

    async def _rejoin(self) -> None:
        from net.client import HandshakeError

        self.say(words("Reconnecting…"))
        try:
            await self.table.rejoin()
        except HandshakeError as err:
            if self.table.gone is not None:
                self.say(f"{self.table.gone} {self.where_q_goes}")
            else:
                said = error_words(err.code, err.params, err)
                self.say(words("The table refused you: {err}", err=said))
        except Exception as err:  # unreachable, timed out, garbled: said, never a crash
            self.say(
                words(
                    "Could not reach the table: {err}. j tries again.",
                    err=plain(err) or words("no answer"),
                )
            )
        self.refresh_keys()

    def leave_table(self, question: str) -> None:
        """Back to the menu, once `question` is answered yes; at once if the table is gone."""
        if self.table_gone:
            self.post_message(GoToMenu())
            return

        def leave(yes: bool | None) -> None:
            if yes:
                self.post_message(GoToMenu())

        self.app.push_screen(ConfirmScreen(question, t("Leave"), t("Stay")), leave)
