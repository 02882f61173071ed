"""Markdown for a right-to-left language: Textual's `Markdown` sets a paragraph and its list
marks from the left. Here a Persian text is cut into lines in reading order, to the width it
is drawn at, each list item's lines hanging under its mark; each line is then laid out where
it is drawn (tui/base/layout.py), after the blank that sets it against the right edge, where
a Persian reader starts. The rules texts in Persian keep to the Markdown this reads: headings,
paragraphs, bullet and numbered lists (one level) and **bold** (shown plain).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from tui.base.bidi import cut

ITEM = re.compile(r"(?:[-*]|\d+\.)\s+")
BOLD = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class Block:
    """A heading (level 1 or 2), a paragraph (level 0) or a list item (`mark`: '•', '3.')."""

    text: str
    level: int = 0
    mark: str = ""


def blocks(markdown: str) -> Iterator[Block]:
    """The text's blocks, each with its lines joined (Markdown's soft line breaks)."""
    lines: list[str] = []
    mark = ""

    def flush() -> Iterator[Block]:
        if lines:
            yield Block(BOLD.sub(r"\1", " ".join(lines)), 0, mark)
        lines.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        item = ITEM.match(line)
        if not line:
            yield from flush()
            mark = ""
        elif line.startswith("#"):
            yield from flush()
            mark = ""
            level = len(line) - len(line.lstrip("#"))
            yield Block(BOLD.sub(r"\1", line.lstrip("#").strip()), min(level, 2))
        elif item:
            yield from flush()
            token = item.group(0).strip()
            mark = "•" if token in "-*" else token
            lines.append(line[item.end() :])
        else:
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
            for line in cut(block.text, width, lead):
                yield Text(" " * max(width - cell_len(line), 0) + line, style=style)
