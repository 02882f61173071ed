"""A log that follows new lines unless its reader scrolled up on purpose.

Textual's `Log` scrolls to a new line only when it already sat at the very end, so anything that
moves the end without the reader asking — a chat line opening below it and shrinking it by a
row, a resize, one key press up — left it frozen on stale moves for the rest of a game. Here
following is a decision of the reader alone: scrolling up (keys or wheel) stops it, reaching the
end again (End, scrolling down to it, or a click on the marker) resumes it, and while it is off
the border says how many new lines wait below.

Textual's `Log` does not wrap either: a line wider than the log was cut at its right edge ("got
♠S5 ♦D4 ♦D6 ♣C7 ♣C9 from Chl"). Lines are cut at spaces to the log's width as they are written,
the rest indented, so every game's log reads whole at 80 columns without each game wrapping;
a resize cuts them again to the new width (issue 25: they kept the old width's cuts). A line
that reads right to left (Persian) is cut the same way, in reading order, and set against the
right edge with its continuations indented from there (each line is laid out where it is drawn:
tui/base/layout.py).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from textual import events
from textual.widgets import Log

from tui.base.i18n import t, tn
from tui.base.layout import reads_right_to_left

MAX_LINES = 2000  # older lines go: a long match or a chatty table never grows without bound
LOG_WIDTH = 74  # cells of a line in an 80-column screen's log, before the log is laid out
MIN_WIDTH = 20  # narrower than this the log is not laid out yet (or hardly visible)


def wrapped(lines: Iterable[str], width: int = LOG_WIDTH) -> list[str]:
    """`lines` (each may hold newlines) cut at spaces to `width` cells, continuations indented
    (from the right, flush right, for a line that reads right to left)."""
    out = []
    for line in lines:
        for part in line.split("\n"):
            cut = textwrap.wrap(part, width, subsequent_indent="  ", break_on_hyphens=False)
            if cut and reads_right_to_left(part):
                cut = [right_aligned(piece, width) for piece in cut]
            out.extend(cut or [""])
    return out


def right_aligned(piece: str, width: int) -> str:
    """A right-to-left line's piece against the right edge of `width` cells, its indent (a
    continuation's) on the right, where its reader starts."""
    core = piece.lstrip(" ")
    indent = " " * (len(piece) - len(core))
    return " " * max(width - cell_len(piece), 0) + core + indent


class WrappingLog(Log):
    """A `Log` whose lines are cut at spaces to its width as they are written, and cut again
    when its width changes (a resize): the lines as written are kept (`source`) for that."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.source: list[str] = []
        self.wrapped_at = 0  # the width `lines` are cut to

    @property
    def line_width(self) -> int:
        """The cells a line may take: the content width, less room for a vertical scrollbar."""
        width = self.content_region.width - self.styles.scrollbar_size_vertical
        return width if width >= MIN_WIDTH else LOG_WIDTH

    def write_lines(self, lines: Iterable[str], scroll_end: bool | None = None) -> WrappingLog:
        lines = list(lines)
        self.source.extend(lines)
        if self.max_lines is not None:
            del self.source[: -self.max_lines]
        self.wrapped_at = self.line_width
        return super().write_lines(wrapped(lines, self.wrapped_at), scroll_end)

    def clear(self) -> WrappingLog:
        self.source.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        self.rewrap()

    def rewrap(self) -> None:
        """Cut the lines again for the log's width; the line read at the top stays there."""
        width = self.line_width
        if width == self.wrapped_at or not self.source:
            return
        below = len(self.lines) - round(self.scroll_y)  # rows from the top of the view down
        last = self._rows_from_end(below, self.wrapped_at)
        source, self.wrapped_at = self.source, width
        super().clear()
        super().write_lines(wrapped(source, width), scroll_end=False)
        self.source = source
        top = len(self.lines) - len(wrapped(source[len(source) - last :], width))
        self.scroll_to(y=top, animate=False, immediate=True)

    def _rows_from_end(self, rows: int, width: int) -> int:
        """How many of the last written lines it takes to make `rows` rows at `width`."""
        made = count = 0
        while made < rows and count < len(self.source):
            count += 1
            made += len(wrapped([self.source[-count]], width))
        return count


class FollowingLog(WrappingLog, can_focus=False):
    """`following` is True unless the reader scrolled away from the end. It never takes the
    focus: the screen's keys scroll it (`read_back`, `read_on`, `follow`), so a focused log
    can never swallow a game's keys."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(highlight=False, auto_scroll=False, max_lines=MAX_LINES, id=id)
        self.following = True
        self.unread = 0

    def write_lines(self, lines: Iterable[str], scroll_end: bool | None = None) -> FollowingLog:
        lines = list(lines)
        super().write_lines(lines, scroll_end=False)
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
            # and again once the new lines are laid out: on a busy machine the layout can
            # come after this call, and the end it scrolled to is no longer the end
            self.call_after_refresh(self._follow_end)
        elif lines:
            self.unread += len(lines)
            self._mark()
        return self

    def on_resize(self, event: events.Resize) -> None:
        if self.following:
            self.call_after_refresh(self._follow_end)

    def _follow_end(self) -> None:
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    # ---- the reader's own scrolling -------------------------------------------------------
    def read_back(self, lines: int) -> None:
        """Scroll up `lines` (a page for a large number): following stops."""
        self.following = False
        self.scroll_relative(y=-lines, animate=False, immediate=True)
        self._mark()

    def read_on(self, lines: int) -> None:
        """Scroll down `lines`; reaching the end resumes following."""
        self.scroll_relative(y=lines, animate=False, immediate=True)
        if self.is_vertical_scroll_end:
            self.follow()

    def read_from_start(self) -> None:
        self.following = False
        self.scroll_home(animate=False, immediate=True)
        self._mark()

    def follow(self) -> None:
        """Back to the end, and follow new lines from now on."""
        self.following = True
        self.unread = 0
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        self._mark()

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.read_back(3)

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.read_on(3)

    def on_click(self) -> None:
        if not self.following:
            self.follow()

    def _mark(self) -> None:
        """Say below the log that it is not following, and how to make it."""
        if self.following:
            self.border_subtitle = ""
        elif self.unread:
            self.border_subtitle = tn(
                "↓ {count} new line below — End follows",
                "↓ {count} new lines below — End follows",
                self.unread,
            )
        else:
            self.border_subtitle = t("reading back — End follows")
