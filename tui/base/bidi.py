"""Persian in a terminal: terminals lay cells left to right, and most (the tmux, xterm and VTE
family) neither reorder right-to-left text nor join Arabic-script letters. So a Persian line is
shaped (each letter in the form its neighbours call for, arabic-reshaper) and then put in
visual order (the Unicode bidirectional algorithm, python-bidi's `bidi.algorithm`, which also
mirrors brackets; its faster `bidi.get_display` does not) before it reaches the screen:
the terminal then shows, left to right, what a reader of Persian reads right to left. Numbers,
names and tile or card codes written in Latin letters stay left to right inside the line, as
the algorithm keeps them.

A terminal that does its own bidi (mlterm, Konsole with bidi on) would reorder these lines a
second time; the README names the terminals that show Persian properly.
"""

from __future__ import annotations

import re
import unicodedata

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

RTL = ("R", "AL")  # the bidi classes of Hebrew and Arabic-script letters
LRM = "\u200e"
LEADING_SIGNS = re.compile(r"(?<![\w-])([-$+#]+)(?=[A-Za-z0-9])")
"""Signs that open a Latin word ("--port", "$HOME", "-3"): neutral for the algorithm, which
would put them after the word in a right-to-left line ("port--"); a left-to-right mark before
them makes them part of the word, and is taken out again once the line is laid out."""


def has_right_to_left(text: str) -> bool:
    """Whether `text` has a letter written right to left (a name or an untranslated English
    text has none, and is drawn as it is)."""
    return any(unicodedata.bidirectional(ch) in RTL for ch in text)


def visual(text: str, right_to_left: bool) -> str:
    """`text` as a left-to-right terminal must draw it, each line laid out by itself: read
    right to left as its base direction when `right_to_left` (a Persian screen), else left to
    right with its right-to-left words (a Persian name in an English line) reordered and shaped
    where they stand. Text with no right-to-left letter is drawn as it is."""
    if not has_right_to_left(text):
        return text
    import arabic_reshaper
    from bidi.algorithm import get_display  # the implementation that mirrors brackets

    return "\n".join(
        get_display(
            arabic_reshaper.reshape(LEADING_SIGNS.sub(LRM + r"\1", line)),
            base_dir="R" if right_to_left else "L",
        ).replace(LRM, "")
        for line in text.split("\n")
    )


def cut(text: str, width: int, lead: str = "") -> list[str]:
    """`text` (one paragraph, in reading order) cut at spaces into lines of at most `width`
    cells, a word longer than that on a line of its own; `lead` ("• ") opens the first line and
    the others hang under it. Cells, not characters: a zero-width joiner takes none."""
    hang = " " * cell_len(lead)
    lines: list[str] = []
    line, fresh = lead, True
    for word in text.split(" "):
        if not fresh and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = hang + word
        else:
            line = line + word if fresh else f"{line} {word}"
        fresh = False
    lines.append(line)
    return lines


def flush_right(line: str, width: int) -> str:
    """A line in reading order laid out right to left and set against the right edge of
    `width` cells, where a reader of it starts."""
    drawn = visual(line, right_to_left=True)
    return " " * max(width - cell_len(drawn), 0) + drawn


class LaidOut(str):
    """A right-to-left text laid out as one line (the `str` itself, for whatever takes a
    string) that also remembers its reading order, so a widget that wraps it wraps the words
    first and lays out each line after (`visualize`, the Textual protocol a `Static` asks for
    before it reads a string): a Persian paragraph laid out whole and then cut by the widget
    would show its last words on its first line."""

    logical: str

    def __new__(cls, logical: str) -> LaidOut:
        laid = super().__new__(cls, visual(logical, right_to_left=True))
        laid.logical = logical
        return laid

    def visualize(self) -> RightToLeftLines:
        return RightToLeftLines(self.logical)


class RightToLeftLines:
    """A Rich renderable: a text in reading order, cut at spaces to the width it is drawn at,
    each line laid out by itself and set against the right edge (where a reader starts)."""

    def __init__(self, logical: str) -> None:
        self.logical = logical.replace("\\[", "[")  # a key shown on a button: "\\[t]"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for paragraph in self.logical.split("\n"):
            for line in cut(paragraph, width):
                yield Text(flush_right(line, width), end="\n")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = self.logical.split()
        longest = max((cell_len(word) for word in words), default=0)
        widest = max((cell_len(line) for line in self.logical.split("\n")), default=0)
        return Measurement(min(longest, options.max_width), min(widest, options.max_width))
