"""The club's standings as a table with a bar chart, in plain cells: each line a rank, a name,
what the person is doing now, a bar as long as their points and the points themselves.

Bars are drawn with block characters (eighths of a cell) and their length alone carries the
meaning, so they read the same in 16 colours, in monochrome and over SSH.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from tui.base.i18n import numeral, tn
from tui.base.layout import cell
from tui.base.names import plain

EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"
NAME_WIDTH = 16  # cells the names take at least; more for longer ones while the bar keeps
MIN_BAR = 10  # cells, so no name is cut where the line has room for it (issue 35)
STATUS_WIDTH = 9  # at least; as wide as the longest status ('12. asztal')


def bar(value: float, top: float, width: int) -> str:
    """A bar of `width` cells at most, as long as `value` is of `top`."""
    if top <= 0 or value <= 0 or width <= 0:
        return ""
    eighths = round(min(value / top, 1.0) * width * 8)
    whole, part = divmod(eighths, 8)
    return FULL * whole + (EIGHTHS[part] if part else "")


def fit(text: str, width: int) -> str:
    """`text` padded or cut (with …) to `width` cells, as a cell of its own."""
    if cell_len(text) > width:
        cut = Text(text)
        cut.truncate(width, overflow="ellipsis")
        text = cut.plain
    return cell(text) + " " * (width - cell_len(text))  # a cell of its own, padded outside it


def standings_text(
    rows: Sequence[Mapping[str, Any]],
    width: int,
    status: Mapping[str, str] | None = None,
    me: str | None = None,
) -> Text:
    """The standings in `width` cells: "  1  Ana        table 2  ███████▌   2.50  3 games".
    `status` says what each person is doing ("table 2", "away", "left"); `me` is marked »."""
    status = status or {}
    top = max((float(row["points"]) for row in rows), default=0.0)
    out = Text()
    doing = max([STATUS_WIDTH, *(cell_len(text) for text in status.values())])
    names = [cell_len(plain(row["player"])) for row in rows]
    played = [tn("{count} game", "{count} games", int(row["games"])) for row in rows]
    # mark and rank, name, status, bar, points and games, with the spaces between
    others = 4 + 1 + 1 + doing + 1 + 7 + 2 + max([cell_len(text) for text in played] or [0])
    named = max(NAME_WIDTH, min(max(names, default=0), width - others - MIN_BAR))
    room = max(4, width - others - named)
    for row, games in zip(rows, played, strict=True):
        name = str(row["player"])
        rank = f"{row['rank']}=" if row.get("tied") else str(row["rank"])
        mark = "»" if name == me else " "
        drawn = fit(plain(name), named)  # fit lays it out as a cell
        line = f"{mark}{rank:>3} {drawn} {fit(status.get(name, ''), doing)} "
        points = float(row["points"])
        out.append(line, style="bold" if name == me else "")
        out.append(fit(bar(points, top, room), room), style="green")
        out.append(f"{numeral(points, '7.2f')}  {cell(games)}\n")  # a decimal comma in cs
    out.rstrip()
    return out
