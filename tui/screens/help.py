"""The help overlay: every key of the screen behind it, read from its live bindings.

Listing the bindings themselves (not a hand-kept table) means the help can never disagree with
what the keys do. Every binding that acts now is listed — the screen's, those of the focused
widget (a list's arrows, Enter on a field) and the app's — whether the footer draws it or not
(a footer only holds what fits its width), each with its longer description (`tooltip`) where
it has one. A play key that does nothing at this moment (Pásovec's Enter while deciding) is
listed too, marked "not now", so a player learns every key of the game. A screen may add a
`HELP` sentence for what bindings cannot say (the mouse, symbols); screens at a LAN table add
their `LAN_HELP` (chat, rejoin).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.base.i18n import N_, listing, right_to_left, t
from tui.base.reading_table import ReadingTable
from tui.base.textual_words import textual_words
from tui.widgets.footer import importance

NOT_NOW = N_("(not now)")  # after a play key's description (before it, right to left)
TEXTUAL_ACTIONS = frozenset({"app.focus_next", "app.focus_previous", "screen.copy_text"})
FOCUS_ACTIONS = frozenset({"app.focus_next", "app.focus_previous"})
Row = tuple[str, DOMNode, Binding, bool]  # key, node, binding, a play key for later
# The help's sections, in order: the focused widget's keys, the screen's shown in its footer
# (in the footer's order) and hidden there, its play keys for later, Textual's, the app's.
FOCUSED, SHOWN, HIDDEN, LATER, TEXTUAL, APP = range(6)


def key_table(screen: Screen[object]) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding acting on `screen` now, one row per action and
    widget: the focused widget's, the screen's (as its footer orders them, then the rest),
    its play keys that wait for another moment, then Textual's and the app's."""
    rows: dict[tuple[int, str], tuple[list[str], str, tuple[int, int]]] = {}
    for key, node, binding, later in _bindings(screen):
        description = textual_words(binding.tooltip or binding.description)
        if later:
            mark = t(NOT_NOW)
            description = f"{mark} {description}" if right_to_left() else f"{description} {mark}"
        place = _place(screen, node, binding, later)
        keys, _, _ = rows.setdefault((id(node), binding.action), ([], description, place))
        display = screen.app.get_key_display(Binding(key, binding.action))
        if display not in keys:
            keys.append(display)
    ordered = sorted(rows.values(), key=lambda row: row[2])  # stable: binding order within
    return [(listing(keys), description) for keys, description, _ in ordered]


def _place(screen: Screen[object], node: DOMNode, binding: Binding, later: bool) -> tuple[int, int]:
    """A row's place in the help: its section, then its rank within it."""
    if node is screen.app:
        return APP, 0
    if binding.action in TEXTUAL_ACTIONS:
        return TEXTUAL, 0
    if node is not screen:
        return FOCUSED, 0
    if later:
        return LATER, 0
    return (SHOWN, importance(screen, binding.action)) if binding.show else (HIDDEN, 0)


def _bindings(screen: Screen[object]) -> Iterator[Row]:
    """Every binding to list: those acting now, then play keys the screen hides now."""
    active = screen.active_bindings
    can_focus = bool(screen.focus_chain)
    for key, (node, binding, _enabled, _tooltip) in active.items():
        said = binding.tooltip or binding.description
        focusable = can_focus or binding.action not in FOCUS_ACTIONS
        if said and not binding.system and focusable and not _idle_scroll(node, binding.action):
            yield key, node, binding, False
    yield from ((key, screen, binding, True) for key, binding in _later(screen, active))


HORIZONTAL_SCROLLS = frozenset({"scroll_left", "scroll_right", "page_left", "page_right"})
VERTICAL_SCROLLS = frozenset({"scroll_up", "scroll_down", "page_up", "page_down"})


def _idle_scroll(node: DOMNode, action: str) -> bool:
    """A container's scroll key that does nothing for the reader: it cannot scroll that way
    (a menu never scrolls sideways), so the help does not list it."""
    if not isinstance(node, ScrollableContainer):
        return False
    if action in HORIZONTAL_SCROLLS:
        return not node.allow_horizontal_scroll
    if action in VERTICAL_SCROLLS | {"scroll_home", "scroll_end"}:
        return not node.allow_vertical_scroll
    return False


def _later(screen: Screen[object], active: dict[str, object]) -> Iterator[tuple[str, Binding]]:
    """The screen's play keys (its `PLAY_ACTIONS`) that it hides now, for a seated player."""
    plays = getattr(screen, "PLAY_ACTIONS", frozenset())
    if not plays or getattr(screen, "watching", True):
        return
    for key, bindings in screen._bindings.key_to_bindings.items():
        for binding in bindings:
            _namespace, action, parameters = parse(binding.action)
            if key in active or action not in plays:
                continue
            if screen.check_action(action, parameters) is False:
                yield key, binding


class HelpScreen(ModalScreen[None]):
    """Keys of the screen behind; any of Escape, q, ? or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", t("Close"), key_display="esc"),
    ]

    def __init__(self, behind: Screen[object]) -> None:
        super().__init__()
        self.rows = key_table(behind)
        notes = [getattr(behind, "HELP", ""), getattr(behind, "LOG_HELP", "")]
        table = getattr(behind, "table", None)
        if getattr(table, "lan", False):  # a screen at a LAN table: talk, rejoin
            notes.append(getattr(behind, "LAN_HELP", ""))
        notes = [note for note in notes if note]
        # One paragraph; in a right-to-left language, each note is one (a Persian note is laid
        # out by itself: strung after another, the two would read in the wrong order).
        self.notes = notes if right_to_left() or not notes else [" ".join(notes)]

    def compose(self) -> ComposeResult:
        # Read from the right in Persian: the key at the right edge, then what it does.
        table = ReadingTable(box=None, show_header=False, padding=(0, 2, 0, 0))
        table.expand = right_to_left()
        table.add_column(style="bold", no_wrap=True, justify="left")
        table.add_column(ratio=1 if right_to_left() else None)
        for keys, description in self.rows:
            table.add_row(keys, description)
        with Vertical(id="help-box"):
            yield Static(t("Keys"), classes="dialog-title")
            with VerticalScroll(id="help-keys"):
                yield Static(table)
                for note in self.notes:
                    yield Static(note, classes="help-note")
            yield Static(
                t("Escape, q, ? or F1 closes this; Ctrl+Q quits Gamenight."), classes="hint"
            )

    def on_mount(self) -> None:
        self.query_one("#help-keys").focus()
