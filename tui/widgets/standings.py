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

from tui.base.i18n import tn
from tui.base.layout import cell
from tui.base.names import plain

EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"
NAME_WIDTH = 16
STATUS_WIDTH = 9


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
    fixed = 4 + NAME_WIDTH + 1 + STATUS_WIDTH + 1 + 7 + 9
    room = max(4, width - fixed)
    for row in rows:
        name = str(row["player"])
        rank = f"{row['rank']}=" if row.get("tied") else str(row["rank"])
        mark = "»" if name == me else " "
        drawn = fit(plain(name), NAME_WIDTH)
        line = f"{mark}{rank:>3} {drawn} {fit(status.get(name, ''), STATUS_WIDTH)} "
        points = float(row["points"])
        games = int(row["games"])
        out.append(line, style="bold" if name == me else "")
        out.append(fit(bar(points, top, room), room), style="green")
        played = tn("{count} game", "{count} games", games)
        out.append(f"{points:7.2f}  {cell(played)}\n")
    out.rstrip()
    return out
