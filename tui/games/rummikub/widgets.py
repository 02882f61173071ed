"""How Rummikub looks: tiles (number and colour letter, never colour alone), the table laid out
in rows of sets with validity marks, the rack, log lines and the final scores.

The table and rack are laid out here rather than by Textual, row by row, so a key press repaints
only the rows it changed (fast on a 60-tile table) and a click maps back to the exact tile
(`TilePanel.places`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from core.rummikub.sets import JOKER, TILE_OF, read_set
from tui.base.i18n import Counted, listing, numeral, t, words, words_in, words_n
from tui.base.messages import StateMessage
from tui.base.reading_table import ReadingTable
from tui.base.seats import PLAYER_WIDTH, among_them, in_line, is_you, name_list, seat_label
from tui.games.rummikub.draft import Place, set_problem
from tui.games.rummikub.marks import PLAIN, Marks
from tui.games.rummikub.plays import play_line

# 16-colour safe: the letter says the colour, the colour only helps. A joker is J with a smile,
# in magenta (no tile colour is magenta): reversed video is the cursor's and a range's alone.
TILE_STYLES = {"K": "bold", "R": "bold red", "B": "bold bright_blue", "O": "bold yellow"}
JOKER_STYLE = "bold magenta"
JOKER_FACE = "J☺"  # not words
NEW_SET = t("[new set]")  # the slot for a new set, while tiles are in hand
TILES = Counted("{count} tile", "{count} tiles")
CURSOR = "reverse"
GAP = "   "  # between sets on a row
SLOT = "·"  # where tiles in hand may go: the end of a set, a new set

Cell = tuple[str, str, Place | None]  # text, Rich style, the place it shows (for clicks)


def tile_style(tile: str) -> str:
    return JOKER_STYLE if tile == JOKER else TILE_STYLES[tile[0]]


def tile_face(tile: str) -> str:
    return JOKER_FACE if tile == JOKER else tile


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


def tile_cells(
    tiles: list[str], places: list[Place], lit: list[Place], marks: list[str]
) -> list[Cell]:
    """Each tile as ' R7' cells, the `lit` ones (cursor, selected range) reversed. A tile with
    a mark (marks.py: * new from the others, + laid by you this turn) is underlined and gets
    the mark as a suffix, so the mark is never colour alone."""
    cells: list[Cell] = []
    for tile, place, mark in zip(tiles, places, marks, strict=True):
        style = tile_style(tile) + (" underline" if mark else "")
        if place in lit:
            style += f" {CURSOR}"
        cells.append((" ", "", None))
        cells.append((tile_face(tile) + mark, style, place))
    return cells


def table_chunks(
    table: list[list[str]], lit: list[Place], holding: bool, marks: Marks
) -> list[list[Cell]]:
    """One chunk per set: ✓ or ✗ (a click there takes the whole set), its tiles with the `lit`
    places reversed and their `marks`, and while tiles are in hand a slot at its end; then
    the new-set slot."""
    chunks = []
    for index, tiles in enumerate(table):
        problem = set_problem(tiles)
        mark = ("✓", "green") if problem is None else ("✗", "bold red")
        cells: list[Cell] = [(mark[0], mark[1], ("set", index))]
        places: list[Place] = [("table", index, i) for i in range(len(tiles))]
        cells += tile_cells(tiles, places, lit, marks[index])
        if holding:
            end = ("table", index, len(tiles))
            cells += [(" ", "", None), (SLOT, CURSOR if end in lit else "dim", end)]
        chunks.append(cells)
    new = ("new",)
    label = NEW_SET if holding else "[ ]"
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
    return [tile_cells([tile], [("rack", i)], lit, [PLAIN])[1:] for i, tile in enumerate(rack)]


def set_reason(tiles: list[str]) -> str:
    """A set's verdict in words (reading order): why it is invalid, or what it is worth."""
    problem = set_problem(tiles)
    if problem is not None:
        return words("Invalid: {reason}.", reason=problem)
    value = read_set(tiles).best_value
    return words("Valid: {tiles} is worth {value}.", tiles=" ".join(tiles), value=value)


def log_line(entry: dict[str, Any], names: list[str]) -> str | None:
    """One log entry in plain words (reading order): who played what, who drew, who ran out
    of time. A sentence about the player has its own words ("You drew R7.")."""
    kind = entry["type"]
    if kind == "game_start":
        first = in_line(names[entry["first"]])
        return words("Game {game} starts; first to play: {who}.", game=entry["game_no"], who=first)
    if kind == "game_end":
        scores = listing(
            f"{in_line(names[s])} {numeral(v, '+d')}" for s, v in enumerate(entry["scores"])
        )
        return words("{end} Scores: {scores}.", end=game_end_line(entry, names), scores=scores)
    who = names[entry["seat"]]
    you = is_you(who)
    if kind == "play":
        return play_line(entry, who)
    if kind == "draw":
        if "tile" in entry:
            if you:
                return words("You drew {tile}.", tile=entry["tile"])
            return words("{who} drew {tile}.", who=who, tile=entry["tile"])
        return words("You drew a tile.") if you else words("{who} drew a tile.", who=who)
    if kind == "timeout":
        took = " ".join(entry["tiles"]) if "tiles" in entry else TILES.of(entry["count"])
        if you:
            return words("You ran out of time and took {tiles}.", tiles=took)
        return words("{who} ran out of time and took {tiles}.", who=who, tiles=took)
    if you:
        return words("You passed: the pool is empty.")
    return words("{who} passed: the pool is empty.", who=who)


def game_end_line(entry: dict[str, Any], names: list[str]) -> str:
    """'Game 2 is over: Ana went out.' (RK-15, RK-17), in reading order."""
    winners = [names[s] for s in entry["winners"]]
    game = entry["game_no"]  # a name after a colon: 'you' without its capital
    who = winners[0] if len(winners) == 1 else name_list([in_line(w) for w in winners])
    you = len(winners) == 1 and is_you(winners[0])
    if entry["how"] == "out":
        if you:
            return words("Game {game} is over: you went out.", game=game)
        return words("Game {game} is over: {who} went out.", game=game, who=who)
    if you:
        return words("Game {game} is over: you had the lowest rack (blocked).", game=game)
    if among_them(winners):
        return words_in(
            "you among them",
            "Game {game} is over: {who} had the lowest rack (blocked).",
            game=game,
            who=who,
        )
    return words_n(
        "Game {game} is over: {who} had the lowest rack (blocked).",
        "Game {game} is over: {who} had the lowest rack (blocked).",
        len(winners),
        game=game,
        who=who,
    )


def score_table(state: StateMessage) -> Table:
    """The final table: seats from the best match total down (RK-16 to RK-18), winners ★."""
    view = state["view"]
    return match_table(state, view["game_no"], view["result"]["winners"])


def match_table(state: StateMessage, upto: int, winners: list[int] | None = None) -> Table:
    """Each game's scores up to game `upto` (a column per game in a match of several), the
    total, best total first, and the tiles each rack was left with at the end of game `upto`
    (RK-16, RK-17: the scores are counted from them). `winners` (the match's) are marked ★,
    by default game `upto`'s."""
    view = state["view"]
    ends = [e for e in view["log"] if e["type"] == "game_end" and e["game_no"] <= upto]
    totals = [sum(e["scores"][s] for e in ends) for s in range(view["players"])]
    if winners is None:
        winners = ends[-1]["winners"] if ends else []
    racks = ends[-1].get("racks") if ends else None  # None: a record from before racks were told
    racks = racks or [[] for _ in range(view["players"])]
    table = ReadingTable(box=None, expand=True, padding=(0, 1), show_edge=False)
    table.add_column("", width=1, no_wrap=True)
    table.add_column(t("Player"), no_wrap=True, max_width=PLAYER_WIDTH)
    table.add_column(t("Tiles left"), ratio=1, min_width=12)
    games = view["games"] > 1
    for entry in ends if games else []:
        table.add_column(t("Game {game}", game=entry["game_no"]), justify="right", no_wrap=True)
    table.add_column(t("Total") if games else t("Score"), justify="right", no_wrap=True)
    for seat in sorted(range(view["players"]), key=lambda s: (-totals[s], s)):
        won = seat in winners
        table.add_row(
            "★" if won else "",
            seat_label(state, seat),
            tiles_text(racks[seat]),
            *(f"{e['scores'][seat]:+d}" for e in (ends if games else [])),
            str(totals[seat]),
            style="bold reverse" if won else "",
        )
    return table


def tiles_text(tiles: list[str]) -> Text:
    """A rack's tiles in their colours (each with its letter), or 'none' for an empty rack."""
    if not tiles:
        return Text(t("none"), style="italic")
    return Text(" ").join(Text(tile_face(t), style=tile_style(t)) for t in tiles)
