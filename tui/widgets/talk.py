"""Table talk: the chat line players type into, and chat lines and notices in plain words.

Everything here that came from another player goes through `tui.base.names.plain` and is drawn as
plain text (a `Log` line or a rich `Text`), never as markup: a name such as "[red]Ann" or a
chat line with an escape sequence shows literally and styles nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

from net.protocol import MAX_CHAT  # what the host accepts (net/PROTOCOL.md)
from tui.base.i18n import N_, t, words, words_n
from tui.base.names import plain
from tui.base.seats import name_list
from tui.widgets.text_input import TextInput


def talk_line(message: dict[str, Any]) -> str:
    """A chat line ('Ann: hello', 'Bo (watching): hi') or a notice ('· Ann dropped'), a
    notice in the reader's language when the host sent it as data (net/PROTOCOL.md), in
    reading order (the screen lays it out where it is drawn; the plain mode says it as it is)."""
    if message["type"] == "notice":
        return f"· {notice_words(message)}"
    watching = words(" (watching)") if message.get("seat") is None else ""
    return f"{plain(message['name'])}{watching}: {plain(message['text'])}"


def notice_words(message: dict[str, Any]) -> str:
    """A notice worded here from its code and parameters, else its English text (a code
    this program does not know, or a host that sends none)."""
    code, params = message.get("code"), message.get("params")
    try:
        if code in NOTICES and isinstance(params, dict):
            return words(NOTICES[str(code)], name=plain(params["name"]))
        if code == "arrivals" and isinstance(params, dict):
            return "; ".join(_arrival(part) for part in params["parts"])
    except (KeyError, TypeError, ValueError):  # malformed data: the English says it
        pass
    return plain(message["text"])


NOTICES = {
    "removed": N_("{name} was removed by the host"),
    "stand_in": N_("a bot plays for {name} until they are back"),
    "left_club": N_("{name} left the club; a bot plays their seat"),
}


def _arrival(part: dict[str, Any]) -> str:
    """One part of an arrivals notice: 'Ann and Bo joined', '12 spectators left'."""
    event, names = part["event"], [plain(name) for name in part["names"]]
    who, count = name_list(names), int(part.get("count", len(names)))
    if event == "joined":
        return words_n("{who} joined", "{who} joined", len(names), who=who)
    if event == "back":
        return words_n("{who} is back", "{who} are back", len(names), who=who)
    if event == "dropped":
        return words_n("{who} dropped", "{who} dropped", len(names), who=who)
    if event == "spectators_watching":
        if names:
            return words("{who} is watching", who=who)
        return words_n("{count} spectator joined", "{count} spectators joined", count)
    if event == "spectators_left":
        if names:
            return words("{who} left", who=who)
        return words_n("{count} spectator left", "{count} spectators left", count)
    raise ValueError(event)


class ChatInput(TextInput):
    """The chat line: hidden until opened (key c); Enter sends it, Escape leaves it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", t("Leave chat"), key_display="esc"),
    ]

    class Send(Message):
        """The player sent a chat line (already trimmed, not empty)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            placeholder=t("say something to the table; Enter sends, Escape leaves"),
            max_length=MAX_CHAT,
            compact=True,
            id=id,
        )

    def on_mount(self) -> None:
        self.display = False
        self.can_focus = False  # hidden, it must not take the screen's keys

    def open(self) -> None:
        self.display = True
        self.can_focus = True
        self.focus()

    def action_close(self) -> None:
        """Hide the line (keeping what was typed) and give the keys back to the screen."""
        self.display = False
        self.can_focus = False
        self.screen.set_focus(None)

    @on(Input.Submitted)
    def _send(self, event: Input.Submitted) -> None:
        event.stop()
        text = self.value.strip()
        self.value = ""
        if text:
            self.post_message(self.Send(text))
        self.action_close()
