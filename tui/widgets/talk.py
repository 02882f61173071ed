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
from tui.base.names import plain
from tui.widgets.text_input import TextInput


def talk_line(message: dict[str, Any]) -> str:
    """A chat line ('Ann: hello', 'Bo (watching): hi') or a notice ('· Ann dropped')."""
    if message["type"] == "notice":
        return f"· {plain(message['text'])}"
    who = plain(message["name"]) + (" (watching)" if message.get("seat") is None else "")
    return f"{who}: {plain(message['text'])}"


class ChatInput(TextInput):
    """The chat line: hidden until opened (key c); Enter sends it, Escape leaves it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Leave chat", key_display="esc"),
    ]

    class Send(Message):
        """The player sent a chat line (already trimmed, not empty)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(
            placeholder="say something to the table; Enter sends, Escape leaves",
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
