"""The help overlay: every key of the screen behind it, read from its live bindings.

Listing the bindings themselves (not a hand-kept table) means the help can never disagree with
what the keys do. A screen may add a `HELP` sentence for what bindings cannot say (mouse,
arrows inside a widget); screens at a LAN table add their `LAN_HELP` (chat, rejoin).
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static


def key_table(screen: Screen[object]) -> list[tuple[str, str]]:
    """(keys, what they do) for the shown bindings of the screen and the app, one row per
    action. Widgets' own keys (scrolling, editing) are left to the screen's `HELP` sentence."""
    rows: dict[tuple[int, str], tuple[list[str], str]] = {}
    for key, active in screen.active_bindings.items():
        binding, node = active.binding, active.node
        if not binding.show or (isinstance(node, Widget) and not isinstance(node, Screen)):
            continue
        keys, _ = rows.setdefault((id(node), binding.action), ([], binding.description))
        display = screen.app.get_key_display(Binding(key, binding.action))
        if display not in keys:
            keys.append(display)
    return [(", ".join(keys), description) for keys, description in rows.values()]


class HelpScreen(ModalScreen[None]):
    """Keys of the screen behind; any of Escape, q, ? or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close", key_display="esc"),
    ]

    def __init__(self, behind: Screen[object]) -> None:
        super().__init__()
        self.rows = key_table(behind)
        notes = [getattr(behind, "HELP", ""), getattr(behind, "LOG_HELP", "")]
        table = getattr(behind, "table", None)
        if getattr(table, "lan", False):  # a screen at a LAN table: talk, rejoin
            notes.append(getattr(behind, "LAN_HELP", ""))
        self.note = " ".join(note for note in notes if note)

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, description in self.rows:
            table.add_row(keys, description)
        with Vertical(id="help-box"):
            yield Static("Keys", classes="dialog-title")
            with VerticalScroll(id="help-keys"):
                yield Static(table)
                if self.note:
                    yield Static(self.note, id="help-note")
            yield Static("Escape, q, ? or F1 closes this; Ctrl+Q quits Gamenight.", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#help-keys").focus()
