"""The app's one-line text field: Textual's Input, with its editing keys kept in typing order
and a right-to-left text drawn as it reads.

Textual inserts a printable key at once, in `Input._on_key`, but runs a bound key (←, →,
backspace, delete, home/ctrl+a, end/ctrl+e…) only when its event has bubbled up to the app,
through the queue of every widget in between. A key that arrives right behind a bound one
therefore overtakes it: "Ann7", ←, "X" gave "Ann7X", not "AnnX7" (Textual issue #6605). Keys
arrive that close together whenever a terminal read holds several of them — a remote player's
keys over SSH or the web door, a busy machine — so the field runs its own bindings as the key
reaches it, before the next key is looked at.

Textual's Input draws its text left to right as it is typed, a cell a letter, and scrolls it
by cells. A name or a chat line typed in Persian (on a Persian screen) is drawn here instead as
every other line is (tui/base/layout.py): shaped, right to left, against the field's right
edge, with the caret where its reader expects it, at the left end while they type on. The
letter after the caret is marked, as Textual marks it; the caret at the end is a marked blank
on the left. A text wider than the field shows its part around the caret, its start (the
right end) while the caret is in it. A click (or a drag) places the caret on the letter drawn
under the mouse, as the reader sees it; left of the text, at its end.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset
from textual.strip import Strip
from textual.widgets import Input

from tui.base.bidi import reorder
from tui.base.layout import reads_right_to_left


class TextInput(Input):
    """An Input whose own (non-priority) bindings act in the order the keys came in."""

    async def _on_key(self, event: events.Key) -> None:
        """Run this field's binding for the key, if it has one, here rather than at the app.

        Priority bindings were already checked by the app before the key was forwarded, and
        the focused widget is the first place the app would look for the others, so the same
        action runs as before, only in order. A handled key goes no further (Input's own
        handler, and the app's second look, would act on it again)."""
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.prevent_default()
                event.stop()
                return

    def _reads_right_to_left(self) -> bool:
        return bool(self.value) and not self.password and reads_right_to_left(self.value)

    def _drawn(self, width: int) -> tuple[list[tuple[str, int]], int]:
        """The cells of a right-to-left text, left to right (each a character and its index
        in the value, -1 for the caret's blank at the end), cut to `width` around the caret;
        and the caret's cell."""
        cells = list(reorder(self.value, True))
        if self.cursor_at_end:
            cells.insert(0, (" ", -1))  # the line's end is on its left
            caret = 0
        else:
            caret = next(x for x, (_, i) in enumerate(cells) if i == self.cursor_position)
        first = max(0, min(len(cells) - width, caret))
        return cells[first : first + width], caret - first

    def render_line(self, y: int) -> Strip:
        if y != 0 or not self._reads_right_to_left():
            return super().render_line(y)
        width = self.scrollable_content_region.width
        cells, caret = self._drawn(width)
        selected = range(*sorted(self.selection)) if self.has_focus else range(0)
        selection = self.get_component_rich_style("input--selection")
        cursor = self.get_component_rich_style("input--cursor")
        segments = [Segment(" " * (width - len(cells)))]
        for x, (ch, index) in enumerate(cells):
            style = selection if index in selected else Style()
            if x == caret and self.has_focus and self._cursor_visible:
                style = style + cursor
            segments.append(Segment(ch, style))
        return Strip(segments).extend_cell_length(width + 1).apply_style(self.rich_style)

    def _cell_offset_to_index(self, offset: int) -> int:
        """The index in the value of the letter drawn at cell `offset` (Textual's Input asks
        on a click or a drag): a right-to-left text is drawn here, not by Textual's cells."""
        if not self._reads_right_to_left():
            return super()._cell_offset_to_index(offset)
        width = self.scrollable_content_region.width
        cells, _ = self._drawn(width)
        at = offset - (width - len(cells))
        if at < 0 or at >= len(cells) or cells[at][1] < 0:
            return len(self.value) if at < len(cells) else 0
        return cells[at][1]

    @property
    def cursor_screen_offset(self) -> Offset:
        """Where the terminal's own cursor goes (an input method draws there): the caret."""
        if not self._reads_right_to_left():
            return super().cursor_screen_offset
        width = self.scrollable_content_region.width
        cells, caret = self._drawn(width)
        x, y, _, _ = self.content_region
        return Offset(x + width - len(cells) + caret, y)
