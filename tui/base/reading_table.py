"""A Rich table that reads the way its language does: in Persian its columns run from the right
(the first column added stands at the right edge, each column's alignment and padding mirrored)
and a cell that is a plain number or a score is written with Persian digits, as the sentences
around it are. Codes in cells (`R7`, `♠S7`) keep theirs: only a cell that is a number alone is
rewritten. Every table of players, scores and keys is one of these (the help's key table too),
so no screen mirrors a table by hand.

The layout (tui/base/layout.py) lays each cell out by itself and leaves it where its row puts
it: the order of the columns is this table's to choose.
"""

from __future__ import annotations

import re
from typing import Any

from rich.table import Table
from rich.text import Text

from tui.base.i18n import numeral, right_to_left

NUMBER = re.compile(r"[+\-−]?\d+")
"""A cell that is a whole number, signed or not (a score, a count): written as the language
writes numbers."""
MIRRORED = {"left": "right", "right": "left", "default": "right", None: "right"}


class ReadingTable(Table):
    """`rich.table.Table`, mirrored for a right-to-left language (see the module)."""

    def __init__(self, *headers: Any, **kwargs: Any) -> None:
        self.mirrored = right_to_left()
        padding = kwargs.get("padding")
        if self.mirrored and isinstance(padding, tuple) and len(padding) == 4:
            top, right, bottom, left = padding
            kwargs["padding"] = (top, left, bottom, right)
        super().__init__(*headers, **kwargs)

    def add_column(self, header: Any = "", *args: Any, **kwargs: Any) -> None:
        if not self.mirrored:
            super().add_column(header, *args, **kwargs)
            return
        kwargs["justify"] = MIRRORED.get(kwargs.get("justify"), kwargs.get("justify"))
        super().add_column(header, *args, **kwargs)
        self.columns.insert(0, self.columns.pop())
        for index, column in enumerate(self.columns):
            column._index = index

    def add_row(self, *renderables: Any, **kwargs: Any) -> None:
        if not self.mirrored:
            super().add_row(*renderables, **kwargs)
            return
        cells = [digits(cell) for cell in renderables]
        cells += [None] * (len(self.columns) - len(cells))
        super().add_row(*reversed(cells), **kwargs)

    def _get_padding_width(self, column_index: int) -> int:
        """The padding Rich draws around a column's cells (`Table._get_cells`), where the
        table is mirrored. Rich counts a collapsed table's first column without its left
        padding, which it still draws, so a fixed-width column lost a cell to it once the
        mirror put it first: Pásovec's decision column cut 'فکر می‌کند…' to 'فکر می‌کن…'.
        A left-to-right table keeps Rich's measure, which its screens are laid out against
        (Papayoo's marker column, fixed and first, is drawn whole as its table expands)."""
        if not (self.mirrored and self.collapse_padding):
            return super()._get_padding_width(column_index)
        _, right, _, left = self.padding
        if column_index:
            left = max(0, left - right)
        if not self.pad_edge:
            left = 0 if column_index == 0 else left
            right = 0 if column_index == len(self.columns) - 1 else right
        return left + right


def digits(cell: Any) -> Any:
    """A cell that is a number alone, with the language's digits; any other as it is."""
    if isinstance(cell, Text) and NUMBER.fullmatch(cell.plain):
        return Text(digits(cell.plain), style=cell.style, justify=cell.justify)
    if isinstance(cell, str) and NUMBER.fullmatch(cell):
        number = cell.lstrip("+-−")
        return cell[: len(cell) - len(number)] + numeral(int(number))
    return cell
