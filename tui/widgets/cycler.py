"""A one-line choice among a few values: ←/→ or a click steps through them.

Used by the solo set-up instead of drop-down selects: each choice stays one line tall (seven
seats fit an 80x24 terminal), needs no overlay, and Enter stays free to start the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.base.i18n import t
from tui.base.layout import cell
from tui.base.reading_table import digits


class Cycler(Widget, can_focus=True):
    """Shows `◀ label ▶`; `value` is the chosen choice's value (labels in reading order, as
    `t` gives them)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", t("Previous choice"), show=False),
        Binding("right", "step(1)", t("Next choice"), show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        """The choice changed (by key or click)."""

        def __init__(self, cycler: Cycler) -> None:
            super().__init__()
            self.cycler = cycler

        @property
        def control(self) -> Cycler:
            return self.cycler

    def __init__(
        self,
        choices: Sequence[tuple[str, Any]],
        value: Any = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """`choices` are (label, value) pairs; `value` picks the first shown (else the first)."""
        super().__init__(id=id, classes=classes)
        self.choices = list(choices)
        values = [v for _, v in self.choices]
        self.set_reactive(Cycler.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> Any:
        return self.choices[self.index][1]

    def set_choices(self, choices: Sequence[tuple[str, Any]], value: Any = None) -> None:
        """Offer other choices (the club set-up's table sizes follow its games), `value`
        chosen (else the first); Changed is posted only when the value changed."""
        before = self.value
        self.choices = list(choices)
        values = [v for _, v in self.choices]
        self.set_reactive(Cycler.index, values.index(value) if value in values else 0)
        self.refresh(layout=True)
        if self.value != before:
            self.post_message(self.Changed(self))

    def render(self) -> Text:
        """The chosen label between the arrows; a number alone ('4' players, '3' rounds)
        with the language's digits, as a table's cells and the sentences write it."""
        label = self.choices[self.index][0]
        padding = " " * (self.widest - cell_len(label))
        return Text(f"◀ {cell(digits(label))}{padding} ▶")  # the arrows stay put: a cell

    @property
    def widest(self) -> int:
        """Cells of the longest label: the cycler is always that wide, so a longer choice is
        never cut (`◀ 120 s` without its ▶) and the ▶ stays put as the choice changes."""
        return max(cell_len(label) for label, _ in self.choices)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.widest + 4

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)

    def watch_index(self) -> None:
        self.post_message(self.Changed(self))

    def on_click(self, event: events.Click) -> None:
        """A click on the left arrow steps back, anywhere else forward."""
        self.action_step(-1 if event.x < 2 else 1)
