"""The draft of one Rummikub turn: the rack and table as the player rearranges them before
committing, with the tiles in hand (one, or a range of a set), undo and reset.

Pure data, no Textual: the screen draws it and sends `draft.table` as the play; the rules
(core.rummikub) stay the judge, the draft only marks sets valid or not as the player goes.
Tiles are codes ("R7", "J"); equal codes are interchangeable, so "this tile came from the
rack" is counted per code: a code may go back to the rack while the rack holds fewer of it
than at the start of the turn (issue 12: only tiles from the rack may return to it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from core import IllegalMove
from core.rummikub.sets import read_set

# A place the cursor can be: ("rack", index), ("table", set, index) — index may be the set's
# length, the slot after its last tile — or ("new",), the slot for a new set. A click may also
# land on ("set", set): a set's ✓/✗ mark, standing for the whole set.
Place = tuple


@dataclass
class Draft:
    """The turn in progress; `start_*` is the position the turn began from (reset)."""

    start_rack: list[str]
    start_table: list[list[str]]
    rack: list[str] = field(default_factory=list)
    table: list[list[str]] = field(default_factory=list)
    held: list[str] = field(default_factory=list)  # in hand: one tile, or a range of one set
    history: list[tuple[list[str], list[list[str]], list[str]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Back to the table and rack as the turn began."""
        self.rack = list(self.start_rack)
        self.table = [list(s) for s in self.start_table]
        self.held = []
        self.history = []

    def _save(self) -> None:
        self.history.append((list(self.rack), [list(s) for s in self.table], list(self.held)))

    def undo(self) -> bool:
        """Take back the last pick or drop; False when there is nothing to undo."""
        if not self.history:
            return False
        self.rack, self.table, self.held = self.history.pop()
        return True

    @property
    def changed(self) -> bool:
        return bool(self.held) or self.table != self.start_table

    def pick(self, place: Place, count: int = 1) -> list[str]:
        """Lift the tile at `place` into the hand — with `count`, that many tiles of its set
        from there on, as one range (issue 12) — or IllegalMove (a sentence) when it cannot."""
        if self.held:
            raise IllegalMove(f"you already hold {' '.join(self.held)}: put it down first")
        if place[0] == "rack" and place[1] < len(self.rack) and count == 1:
            self._save()
            self.held = [self.rack.pop(place[1])]
            return self.held
        if place[0] == "table" and count > 0 and place[2] + count <= len(self.table[place[1]]):
            self._save()
            tiles = self.table[place[1]]
            self.held = tiles[place[2] : place[2] + count]
            del tiles[place[2] : place[2] + count]
            if not tiles:
                del self.table[place[1]]
            return self.held
        raise IllegalMove("there is no tile here to pick up")

    def may_return(self, tiles: list[str]) -> bool:
        """RK-6, issue 12: tiles go back to the rack only if they came from the rack."""
        return not Counter(tiles) - (Counter(self.start_rack) - Counter(self.rack))

    def drop(self, place: Place) -> None:
        """Put the tiles in hand at `place`: into a set before the tile there (or at its end),
        as a new set, or back on the rack."""
        tiles = self.held
        if not tiles:
            raise IllegalMove("you hold no tile: pick one up first")
        shown = " ".join(tiles)
        if place[0] == "rack":
            if not self.may_return(tiles):
                raise IllegalMove(f"{shown} came from the table: tiles on the table stay there")
            self._save()
            self.rack += tiles
        elif place[0] == "table":
            self._save()
            self.table[place[1]][place[2] : place[2]] = tiles
        else:
            self._save()
            self.table.append(list(tiles))
        self.held = []

    def adopt(self, table: list[list[str]]) -> None:
        """Make `table` (a hint's play, from this turn's table and rack) the draft, undoably."""
        self._save()
        laid = tiles_of(table) - tiles_of(self.start_table)
        self.rack = list((Counter(self.start_rack) - laid).elements())
        self.table = [list(s) for s in table]
        self.held = []

    def split(self, place: Place) -> None:
        """Cut a set in two before the tile at `place` (a run split to take a tile between)."""
        if place[0] != "table" or not 0 < place[2] < len(self.table[place[1]]):
            raise IllegalMove("split a set on one of its tiles after the first")
        self._save()
        tiles = self.table[place[1]]
        self.table[place[1] : place[1] + 1] = [tiles[: place[2]], tiles[place[2] :]]

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
        return str(err)
    return None
