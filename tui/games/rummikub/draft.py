"""The draft of one Rummikub turn: the rack and table as the player rearranges them before
committing, with the tiles in hand (one, or a range of a set), undo and reset.

Pure data, no Textual: the screen draws it and sends `draft.table` as the play; the rules
(core.rummikub) stay the judge, the draft only marks sets valid or not as the player goes.
Tiles are codes ("R7", "J"), and beside the table's sets the draft keeps each tile's mark
(marks.py): `+` for a tile from the rack, `*` for one new from the others, "" for the rest.
The marks are how the draft knows one tile from another of the same code (issue 25): the `+`
lands on the very O1 the player put down, and only a `+` tile may go back to the rack (RK-6).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from core import IllegalMove
from core.rummikub.sets import read_set
from tui.base.i18n import N_, words
from tui.base.names import refusal_words
from tui.games.rummikub.marks import MINE, Marks, align, carry, unmarked

# A place the cursor can be: ("rack", index), ("table", set, index) — index may be the set's
# length, the slot after its last tile — or ("new",), the slot for a new set. A click may also
# land on ("set", set): a set's ✓/✗ mark, standing for the whole set.
Place = tuple

BEFORE_MELD = N_(
    "before your initial meld the sets on the table stay as they are: lay new sets of your own"
)


@dataclass
class Draft:
    """The turn in progress; `start_*` is the position the turn began from (reset). Before the
    player's initial meld (`melded` False) the sets on the table may not be touched (RK-8):
    the draft refuses at once rather than at the play."""

    start_rack: list[str]
    start_table: list[list[str]]
    melded: bool = True
    start_marks: Marks | None = None  # the table's marks at the start; None: unmarked
    rack: list[str] = field(default_factory=list)
    table: list[list[str]] = field(default_factory=list)
    marks: Marks = field(default_factory=list)  # beside `table`, one mark per tile
    held: list[str] = field(default_factory=list)  # in hand: one tile, or a range of one set
    held_marks: list[str] = field(default_factory=list)
    history: list[tuple[list[str], list[list[str]], Marks, list[str], list[str]]] = field(
        default_factory=list
    )

    def __post_init__(self) -> None:
        if self.start_marks is None:
            self.start_marks = unmarked(self.start_table)
        self.reset()

    def reset(self) -> None:
        """Back to the table and rack as the turn began."""
        assert self.start_marks is not None
        self.rack = list(self.start_rack)
        self.table = [list(s) for s in self.start_table]
        self.marks = [list(m) for m in self.start_marks]
        self.held, self.held_marks = [], []
        self.history = []

    def _save(self) -> None:
        self.history.append(
            (
                list(self.rack),
                [list(s) for s in self.table],
                [list(m) for m in self.marks],
                list(self.held),
                list(self.held_marks),
            )
        )

    def undo(self) -> bool:
        """Take back the last pick or drop; False when there is nothing to undo."""
        if not self.history:
            return False
        self.rack, self.table, self.marks, self.held, self.held_marks = self.history.pop()
        return True

    @property
    def changed(self) -> bool:
        return bool(self.held) or self.table != self.start_table

    def pick(self, place: Place, count: int = 1) -> list[str]:
        """Lift the tile at `place` into the hand — with `count`, that many tiles of its set
        from there on, as one range (issue 12) — or IllegalMove (a sentence in the reader's
        language) when it cannot."""
        if self.held:
            held = " ".join(self.held)
            raise IllegalMove(words("you already hold {tiles}: put it down first", tiles=held))
        if place[0] == "rack" and place[1] < len(self.rack) and count == 1:
            self._save()
            self.held, self.held_marks = [self.rack.pop(place[1])], [MINE]
            return self.held
        if place[0] == "table" and count > 0 and place[2] + count <= len(self.table[place[1]]):
            index, cut = place[1], slice(place[2], place[2] + count)
            if not self.melded and not self.own(self.marks[index][cut]):
                raise IllegalMove(words(BEFORE_MELD))
            self._save()
            self.held, self.held_marks = self.table[index][cut], self.marks[index][cut]
            del self.table[index][cut], self.marks[index][cut]
            if not self.table[index]:
                del self.table[index], self.marks[index]
            return self.held
        raise IllegalMove(words("there is no tile here to pick up"))

    @staticmethod
    def own(marks: list[str]) -> bool:
        """Tiles all put down from the rack this turn."""
        return all(mark == MINE for mark in marks)

    def drop(self, place: Place) -> None:
        """Put the tiles in hand at `place`: into a set before the tile there (or at its end),
        as a new set, or back on the rack. A set the drop makes valid is laid in its order
        (K10 dropped before K8 K9 makes K8 K9 K10), as the table will show it."""
        tiles, marks = self.held, self.held_marks
        if not tiles:
            raise IllegalMove(words("you hold no tile: pick one up first"))
        if place[0] == "rack":
            if not self.own(marks):  # RK-6, issue 12: only tiles from the rack go back
                raise IllegalMove(
                    words(
                        "{tiles} came from the table: tiles on the table stay there",
                        tiles=" ".join(tiles),
                    )
                )
            self._save()
            self.rack += tiles
        elif place[0] == "table":
            index = place[1]
            if not self.melded and not self.own(self.marks[index]):
                raise IllegalMove(words(BEFORE_MELD))
            self._save()
            self.table[index][place[2] : place[2]] = tiles
            self.marks[index][place[2] : place[2]] = marks
            self._in_order(index)
        else:
            self._save()
            self.table.append(list(tiles))
            self.marks.append(list(marks))
        self.held, self.held_marks = [], []

    def _in_order(self, index: int) -> None:
        """Lay set `index` in the order the rules write it (sets.read_set), if it is valid."""
        tiles = self.table[index]
        if set_problem(tiles) is None:
            ordered = list(read_set(tiles).tiles)
            self.marks[index] = align(ordered, list(zip(tiles, self.marks[index], strict=True)))
            self.table[index] = ordered

    def adopt(self, table: list[list[str]]) -> None:
        """Make `table` (a hint's play, from this turn's table and rack) the draft, undoably."""
        assert self.start_marks is not None
        self._save()
        laid = tiles_of(table) - tiles_of(self.start_table)
        self.rack = list((Counter(self.start_rack) - laid).elements())
        self.marks = carry(self.start_table, self.start_marks, table, MINE)
        self.table = [list(s) for s in table]
        self.held, self.held_marks = [], []

    def split(self, place: Place) -> None:
        """Cut a set in two before the tile at `place` (a run split to take a tile between)."""
        if place[0] != "table" or not 0 < place[2] < len(self.table[place[1]]):
            raise IllegalMove(words("split a set on one of its tiles after the first"))
        index, at = place[1], place[2]
        if not self.melded and not self.own(self.marks[index]):
            raise IllegalMove(words(BEFORE_MELD))
        self._save()
        tiles, marks = self.table[index], self.marks[index]
        self.table[index : index + 1] = [tiles[:at], tiles[at:]]
        self.marks[index : index + 1] = [marks[:at], marks[at:]]

    def placed(self) -> Counter[str]:
        """The rack tiles put on the table this turn (the ones in hand not counted)."""
        return Counter(self.start_rack) - Counter(self.rack) - Counter(self.held)

    def new_sets(self) -> list[list[str]]:
        """The sets that were not on the table at the start of the turn (RK-8's meld)."""
        old = Counter(tuple(s) for s in self.start_table)
        fresh = []
        for tiles in self.table:
            if old[tuple(tiles)]:
                old[tuple(tiles)] -= 1
            else:
                fresh.append(tiles)
        return fresh

    def meld_value(self) -> int:
        """RK-8: the value of the valid new sets, what the initial meld counter shows."""
        total = 0
        for tiles in self.new_sets():
            try:
                total += read_set(tiles).best_value
            except IllegalMove:
                continue
        return total


def tiles_of(table: list[list[str]]) -> Counter[str]:
    return Counter(t for tiles in table for t in tiles)


def set_problem(tiles: list[str]) -> str | None:
    """Why a set on the draft table is not valid (RK-2 to RK-4), None when it is."""
    return _problem(tuple(tiles))


@lru_cache(maxsize=1024)
def _problem(tiles: tuple[str, ...]) -> str | None:
    """Cached: every key press marks every set on the table, and most sets do not change."""
    try:
        read_set(list(tiles))
    except IllegalMove as err:
        return refusal_words(err)
    return None
