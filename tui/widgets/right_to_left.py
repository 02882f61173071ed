"""Markdown for a right-to-left language: Textual's `Markdown` sets a paragraph and its list
marks from the left. Here a Persian text is cut into lines in reading order, to the width it
is drawn at, each list item's lines hanging under its mark; each line is then laid out where
it is drawn (tui/base/layout.py), after the blank that sets it against the right edge, where
a Persian reader starts. The blanks that indent a line (a list item's hanging lines, a list
inside an item) are put after its words: the layout keeps the blanks at a line's ends where
they are, so these stay at the right edge, where the line starts for its reader. The rules
texts in Persian keep to the Markdown this reads: headings, paragraphs, bullet and numbered
lists (numbered in the language's digits, as the Persian rule sheets number them), a list or a
paragraph inside an item (indented under it, as in the English rules), and **bold** (shown
plain).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.text import Text

from tui.base.bidi import cut
from tui.base.grammar import number_text
from tui.base.i18n import current

ITEM = re.compile(r"(?:[-*]|\d+\.)\s+")
BOLD = re.compile(r"\*\*(.+?)\*\*")


NESTED = 2
"""The blanks before a list item or a paragraph that put it inside the item above it."""


@dataclass(frozen=True)
class Block:
    """A heading (level 1 or 2), a paragraph (level 0) or a list item (`mark`: '•', '3.'),
    `indent` cells in from the right edge (inside the item above it)."""

    text: str
    level: int = 0
    mark: str = ""
    indent: int = 0


def blocks(markdown: str) -> Iterator[Block]:
    """The text's blocks, each with its lines joined (Markdown's soft line breaks)."""
    lines: list[str] = []
    mark = ""
    indent = 0  # the block's, in cells
    hang = 0  # the cells a top-level item's text stands in from its mark: where one inside it goes
    in_list = False  # a block indented under an item goes inside it

    def flush() -> Iterator[Block]:
        if lines:
            yield Block(BOLD.sub(r"\1", " ".join(lines)), 0, mark, indent)
        lines.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        item = ITEM.match(line)
        nested = in_list and len(raw) - len(raw.lstrip(" ")) >= NESTED
        if not line:
            yield from flush()
            mark = ""
        elif line.startswith("#"):
            yield from flush()
            mark, in_list = "", False
            level = len(line) - len(line.lstrip("#"))
            yield Block(BOLD.sub(r"\1", line.lstrip("#").strip()), min(level, 2))
        elif item:
            yield from flush()
            token = item.group(0).strip()
            mark = "•" if token in "-*" else f"{number_text(int(token[:-1]), '', current())}."
            indent = hang if nested else 0
            if not nested:
                hang, in_list = cell_len(f"{mark} "), True
            lines.append(line[item.end() :])
        else:
            if not lines:  # a paragraph's first line: inside the list above it, or not
                indent = hang if nested else 0
                in_list = nested
            lines.append(line)
    yield from flush()


class RightToLeftMarkdown:
    """A Rich renderable: the text's blocks cut to the width given, each line flush right."""

    def __init__(self, markdown: str) -> None:
        self.blocks = list(blocks(markdown))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(options.max_width, 10)
        for index, block in enumerate(self.blocks):
            if index and (block.level or not block.mark):
                yield Text("")  # a blank line between blocks, not between list items
            style = "bold underline" if block.level == 1 else "bold" if block.level else ""
            lead = f"{block.mark} " if block.mark else ""  # a list item's lines hang under it
            hang = cell_len(lead)
            for number, line in enumerate(cut(block.text, width - block.indent, lead)):
                words, right = (
                    (line, block.indent) if number == 0 else (line[hang:], block.indent + hang)
                )
                left = max(width - right - cell_len(words), 0)
                # the blanks on the right as a segment of their own: Rich would crop a text's last
                # blanks by its characters, and a zero-width non-joiner is one (`می‌شود`)
                yield Text(" " * left + words, style=style, end="" if right else "\n")
                if right:
                    yield Segment(" " * right + "\n")
