"""How Rummikub looks: tiles (number and colour letter, never colour alone), the table laid out
in rows of sets with validity marks, the rack, log lines and the final scores.

The table and rack are laid out here rather than by Textual, row by row, so a key press repaints
only the rows it changed (fast on a 60-tile table) and a click maps back to the exact tile
(`TilePanel.places`).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from core.rummikub.sets import JOKER, TILE_OF, read_set
from tui.base.messages import StateMessage
from tui.base.seats import PLAYER_WIDTH, plural, seat_label
from tui.games.rummikub.draft import Place, set_problem

# 16-colour safe: the letter says the colour, the colour only helps. Jokers are reversed.
TILE_STYLES = {"K": "bold", "R": "bold red", "B": "bold bright_blue", "O": "bold yellow"}
JOKER_STYLE = "bold reverse magenta"
CURSOR = "reverse"
GAP = "   "  # between sets on a row
SLOT = "·"  # where tiles in hand may go: the end of a set, a new set

Cell = tuple[str, str, Place | None]  # text, Rich style, the place it shows (for clicks)


def tile_style(tile: str) -> str:
    return JOKER_STYLE if tile == JOKER else TILE_STYLES[tile[0]]


def colour_first(tile: str) -> tuple[int, int]:
    """Colour, then number, jokers last."""
    return (4, 0) if tile == JOKER else TILE_OF[tile]


def number_first(tile: str) -> tuple[int, int]:
    """Number, then colour, jokers last."""
    return (99, 0) if tile == JOKER else (TILE_OF[tile][1], TILE_OF[tile][0])


class Picked(Message):
    """A click on a place of a tile panel: the screen picks or drops there; with shift held
    (`extend`), it selects the range of a set up to there."""

    def __init__(self, place: Place, extend: bool = False) -> None:
        super().__init__()
        self.place = place
        self.extend = extend


class TilePanel(Widget):
    """Tiles laid out in rows, drawn line by line (Textual's line API); remembers which cell
    shows which place, for clicks.

    Why not a Static: a key press while editing a 60-tile table would render the whole panel
    again through Textual's content pipeline (most of a key press's time, issue 12's bench).
    Here each row is a Strip built straight from its cells, and only the rows whose cells
    changed are refreshed: a cursor step repaints one or two rows.
    """

    DEFAULT_CSS = "TilePanel { height: auto; }"

    class Resized(Message):
        """The panel's width changed: the screen lays its rows again (a first draw can come
        before the layout, e.g. resuming a game, and the terminal can be resized)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.places: dict[tuple[int, int], Place] = {}
        self.rows: list[tuple[Cell, ...]] = []
        self.strips: list[Strip] = []
        self.width_seen = 0

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self.width_seen:
            self.width_seen = event.size.width
            self.post_message(self.Resized())

    def lay(self, chunks: list[list[Cell]], width: int) -> int:
        """Draw `chunks` (runs of (text, style, place) kept on one row) wrapped at `width`;
        returns the row of the first cell styled as the cursor (0 if none)."""
        rows: list[list[Cell]] = [[]]
        self.places = {}
        x = 0
        cursor_row = None
        for chunk in chunks:
            size = sum(len(t) for t, _, _ in chunk)
            if x and x + len(GAP) + size > width:
                rows.append([])
                x = 0
            elif x:
                rows[-1].append((GAP, "", None))
                x += len(GAP)
            for cell in chunk:
                part, style, place = cell
                rows[-1].append(cell)
                if place is not None:
                    for dx in range(len(part)):
                        self.places[(x + dx, len(rows) - 1)] = place
                if cursor_row is None and CURSOR in style.split():
                    cursor_row = len(rows) - 1
                x += len(part)
        self._show([tuple(row) for row in rows])
        return cursor_row or 0

    def _show(self, rows: list[tuple[Cell, ...]]) -> None:
        """Keep the strips of unchanged rows; refresh only the rows that changed (a new
        layout only when the number of rows changes)."""
        if len(rows) != len(self.rows):
            self.rows, self.strips = rows, [row_strip(row) for row in rows]
            self.refresh(layout=True)
            return
        for y, row in enumerate(rows):
            if row != self.rows[y]:
                self.rows[y], self.strips[y] = row, row_strip(row)
                self.refresh(Region(0, y, self.size.width, 1))  # content coordinates

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.rows))

    def render_line(self, y: int) -> Strip:
        if y < len(self.strips):
            return self.strips[y].apply_style(self.rich_style)
        return Strip.blank(self.size.width, self.rich_style)

    def on_click(self, event: events.Click) -> None:
        at = event.get_content_offset(self)  # inside the border and padding
        place = None if at is None else self.places.get((at.x, at.y))
        if place is not None:
            self.post_message(Picked(place, event.shift))


@lru_cache(maxsize=256)
def rich_style(style: str) -> Style:
    return Style.parse(style)


def row_strip(row: tuple[Cell, ...]) -> Strip:
    return Strip([Segment(part, rich_style(style)) for part, style, _ in row])


Marks = list[tuple[Counter[str], str]]  # (tiles still to mark, the suffix that marks them)


def tile_cells(tiles: list[str], places: list[Place], lit: list[Place], marks: Marks) -> list[Cell]:
    """Each tile as ' R7' cells, the `lit` ones (cursor, selected range) reversed. A tile
    counted in one of `marks` is underlined and gets that mark's suffix (* new from the
    others, + laid by you this turn), so the mark is never colour alone; the counts are used
    up as tiles are marked."""
    cells: list[Cell] = []
    for tile, place in zip(tiles, places, strict=True):
        style = tile_style(tile)
        face = tile
        for left, suffix in marks:
            if left[tile]:
                left[tile] -= 1
                style += " underline"
                face += suffix
                break
        if place in lit:
            style += f" {CURSOR}"
        cells.append((" ", "", None))
        cells.append((face, style, place))
    return cells


def table_chunks(
    table: list[list[str]], lit: list[Place], holding: bool, marks: Marks
) -> list[list[Cell]]:
    """One chunk per set: ✓ or ✗ (a click there takes the whole set), its tiles with the `lit`
    places reversed, and while tiles are in hand a slot at its end; then the new-set slot."""
    marks = [(Counter(left), suffix) for left, suffix in marks]
    chunks = []
    for index, tiles in enumerate(table):
        problem = set_problem(tiles)
        mark = ("✓", "green") if problem is None else ("✗", "bold red")
        cells: list[Cell] = [(mark[0], mark[1], ("set", index))]
        places: list[Place] = [("table", index, i) for i in range(len(tiles))]
        cells += tile_cells(tiles, places, lit, marks)
        if holding:
            end = ("table", index, len(tiles))
            cells += [(" ", "", None), (SLOT, CURSOR if end in lit else "dim", end)]
        chunks.append(cells)
    new = ("new",)
    label = "[new set]" if holding else "[ ]"
    chunks.append([(label, CURSOR if new in lit else "dim", new)])
    return chunks


def table_places(table: list[list[str]], holding: bool) -> list[Place]:
    """The table's places in reading order, as ←/→ walk them."""
    places: list[Place] = []
    for index, tiles in enumerate(table):
        places += [("table", index, i) for i in range(len(tiles) + (1 if holding else 0))]
    return [*places, ("new",)]


def rack_chunks(rack: list[str], cursor: Place | None) -> list[list[Cell]]:
    """The rack, one chunk per tile so it wraps between tiles."""
    lit = [cursor] if cursor else []
    return [tile_cells([tile], [("rack", i)], lit, [])[1:] for i, tile in enumerate(rack)]


def set_reason(tiles: list[str]) -> str:
    """A set's verdict in words: why it is invalid, or what it is worth."""
    problem = set_problem(tiles)
    if problem is not None:
        return f"Invalid: {problem}."
    return f"Valid: {' '.join(tiles)} is worth {read_set(tiles).best_value}."


def log_line(entry: dict[str, Any], names: list[str]) -> str | None:
    """One log entry in plain words: who played what, who drew, who ran out of time."""
    kind = entry["type"]
    if kind == "game_start":
        return f"Game {entry['game_no']} starts; first to play: {names[entry['first']]}."
    if kind == "game_end":
        scores = ", ".join(f"{names[s]} {v:+d}" for s, v in enumerate(entry["scores"]))
        return f"{game_end_line(entry, names)} Scores: {scores}."
    who = names[entry["seat"]]
    if kind == "play":
        meld = " (initial meld)" if entry["initial"] else ""
        return f"{who} played {' '.join(entry['tiles'])}{meld}."
    if kind == "draw":
        return f"{who} drew {entry['tile']}." if "tile" in entry else f"{who} drew a tile."
    if kind == "timeout":
        took = " ".join(entry["tiles"]) if "tiles" in entry else plural(entry["count"], "tile")
        return f"{who} ran out of time and took {took}."
    return f"{who} passed: the pool is empty."


def game_end_line(entry: dict[str, Any], names: list[str]) -> str:
    """'Game 2 is over: Ana went out.' (RK-15, RK-17)."""
    how = "went out" if entry["how"] == "out" else "had the lowest rack (blocked)"
    who = ", ".join(names[s] for s in entry["winners"])
    return f"Game {entry['game_no']} is over: {who} {how}."


def new_on_table(state: StateMessage) -> Counter[str]:
    """Tiles the other players put on the table since the shown seat last played or drew."""
    seat = state["seat"]
    tiles: Counter[str] = Counter()
    for entry in reversed(state["view"]["log"]):
        if entry["type"] == "game_start" or entry.get("seat") == seat:
            break
        if entry["type"] == "play":
            tiles.update(entry["tiles"])
    return tiles


def score_table(state: StateMessage) -> Table:
    """The final table: seats from the best match total down (RK-16 to RK-18), winners ★."""
    view = state["view"]
    return match_table(state, view["game_no"], view["result"]["winners"])


def match_table(state: StateMessage, upto: int, winners: list[int] | None = None) -> Table:
    """Each game's scores up to game `upto` (a column per game in a match of several), the
    total, best total first. `winners` (the match's) are marked ★, by default game `upto`'s.
    Tiles left only when game `upto` is the one whose racks the view shows (the last)."""
    view = state["view"]
    ends = [e for e in view["log"] if e["type"] == "game_end" and e["game_no"] <= upto]
    totals = [sum(e["scores"][s] for e in ends) for s in range(view["players"])]
    if winners is None:
        winners = ends[-1]["winners"] if ends else []
    table = Table(box=None, expand=True, padding=(0, 1), show_edge=False)
    table.add_column("", width=1, no_wrap=True)
    table.add_column("Player", no_wrap=True, max_width=PLAYER_WIDTH)
    last = upto == view["game_no"]
    if last:
        table.add_column("Tiles left", justify="right", no_wrap=True)
    games = view["games"] > 1
    for entry in ends if games else []:
        table.add_column(f"Game {entry['game_no']}", justify="right", no_wrap=True)
    table.add_column("Total" if games else "Score", justify="right", no_wrap=True)
    for seat in sorted(range(view["players"]), key=lambda s: (-totals[s], s)):
        won = seat in winners
        table.add_row(
            "★" if won else "",
            seat_label(state, seat),
            *([str(view["rack_sizes"][seat])] if last else []),
            *(f"{e['scores'][seat]:+d}" for e in (ends if games else [])),
            str(totals[seat]),
            style="bold reverse" if won else "",
        )
    return table
