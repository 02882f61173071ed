"""What a play changed on the table, set by set: the log says it (RK-20: what every play added
to the table), hints word it, and the table screen follows where marked tiles went.

A play replaces some sets of the table (`gone`) by others (`made`); the sets it left as they
were are no part of it. Tiles of one code are interchangeable (RK-1), so where a moved tile came
from is a reading, not a record: each tile of a gone set is followed to the new set that kept
most of that set (then to any other with room for its code), and what is left of the new sets
came from the rack. The reading is exact whenever a play touches each code once, which is
nearly always.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

TileSet = tuple[str, ...]
RACK = None  # the source of a tile that came from the player's rack


def table_diff(
    before: Sequence[Sequence[str]], after: Sequence[Sequence[str]]
) -> tuple[list[TileSet], list[TileSet]]:
    """The sets of `before` a play removed and the sets of `after` it made, each in its
    table's order. A set with the same tiles before and after is one left alone (its tiles
    may be written in another order, which changes nothing)."""
    old = Counter(set_key(s) for s in before)
    new = Counter(set_key(s) for s in after)
    return _only(before, old - new), _only(after, new - old)


def set_key(tiles: Sequence[str]) -> TileSet:
    return tuple(sorted(tiles))


def _only(sets: Sequence[Sequence[str]], wanted: Counter[TileSet]) -> list[TileSet]:
    left = Counter(wanted)
    chosen = []
    for tiles in sets:
        if left[set_key(tiles)]:
            left[set_key(tiles)] -= 1
            chosen.append(tuple(tiles))
    return chosen


@dataclass(frozen=True)
class Flow:
    """One tile of a play: from gone set `source` (or the rack, RACK) into made set `target`."""

    source: int | None
    target: int
    tile: str


def flows(gone: Sequence[TileSet], made: Sequence[TileSet]) -> list[Flow]:
    """Where every tile of the made sets came from (the module's reading). A tile of a gone set
    that no made set has room for (not a legal play) is left out."""
    room = [Counter(s) for s in made]
    out: list[Flow] = []
    for source, tiles in enumerate(gone):
        have = Counter(tiles)
        order = sorted(range(len(made)), key=lambda j: (-sum((have & room[j]).values()), j))
        for tile in tiles:
            target = next((j for j in order if room[j][tile]), None)
            if target is not None:
                room[target][tile] -= 1
                out.append(Flow(source, target, tile))
    for target, tiles in enumerate(made):
        for tile in tiles:
            if room[target][tile]:
                room[target][tile] -= 1
                out.append(Flow(RACK, target, tile))
    return out


@dataclass(frozen=True)
class Change:
    """One step of a play, in the words a log or a hint is made of. Sets are named as they
    were before the play (`old`, `to`) or as it made them (`new`).

    `kind` (with what `tiles` are): "laid" a new set (its rack tiles), "added" tiles to a set
    (those tiles), "split" one set into several (the rack tiles among them), "joined" several
    sets into one (the rack tiles), and in a play that reworks several sets at once: "broken"
    (a set taken apart, its tiles gone to several others), "took" tiles from a set for a new
    one, "moved" tiles from a set to another (`to`). `rack`: the rack tiles of the step."""

    kind: str
    old: tuple[TileSet, ...] = ()
    new: tuple[TileSet, ...] = ()
    tiles: tuple[str, ...] = ()
    rack: tuple[str, ...] = ()
    to: TileSet = ()

    @property
    def unnamed(self) -> tuple[str, ...]:
        """Rack tiles the step's words do not show: said beside it ('with B5')."""
        return self.rack if self.kind in ("split", "joined") else ()


def changes(gone: Sequence[TileSet], made: Sequence[TileSet]) -> list[Change]:
    """The play as steps, part by part in the order of the new table's sets."""
    play = Play(gone, made, flows(gone, made))
    steps: list[Change] = []
    for olds, news in _parts(len(gone), len(made), play.moved):
        steps += _part(play, olds, news)
    return steps


@dataclass(frozen=True)
class Play:
    """A play as `changes` reads it: its gone and made sets and the tiles' flows."""

    gone: Sequence[TileSet]
    made: Sequence[TileSet]
    moved: Sequence[Flow]

    def tiles(self, source: int | None, target: int) -> tuple[str, ...]:
        return tuple(f.tile for f in self.moved if (f.source, f.target) == (source, target))


def _parts(gone: int, made: int, moved: Sequence[Flow]) -> list[tuple[list[int], list[int]]]:
    """The play's connected parts: gone and made sets linked by a tile that went between them,
    ordered by their first made set."""
    owner = list(range(made))  # union-find over the made sets; a gone set joins its targets'
    targets: dict[int, list[int]] = {}
    for flow in moved:
        if flow.source is not RACK:
            targets.setdefault(flow.source, []).append(flow.target)
    for linked in targets.values():
        for j in linked[1:]:
            owner[_root(owner, j)] = _root(owner, linked[0])
    parts: dict[int, tuple[list[int], list[int]]] = {}
    for j in range(made):
        parts.setdefault(_root(owner, j), ([], []))[1].append(j)
    for i in range(gone):
        if i in targets:
            parts[_root(owner, targets[i][0])][0].append(i)
    return list(parts.values())


def _root(owner: list[int], j: int) -> int:
    while owner[j] != j:
        owner[j] = owner[owner[j]]
        j = owner[j]
    return j


def _part(play: Play, olds: list[int], news: list[int]) -> list[Change]:
    """One connected part: a new set, an addition, a split or a join, or else the steps of
    a rework of several sets (`_rework`)."""
    old = tuple(play.gone[i] for i in olds)
    new = tuple(play.made[j] for j in news)
    rack = tuple(t for j in news for t in play.tiles(RACK, j))
    if not old:
        return [Change("laid", new=new, tiles=rack, rack=rack)]
    if len(old) == 1 and len(new) == 1:
        return [Change("added", old, new, rack, rack)]
    if len(old) == 1:
        return [Change("split", old, new, rack, rack)]
    if len(new) == 1:
        return [Change("joined", old, new, rack, rack)]
    return _rework(play, olds, news)


def _rework(play: Play, olds: list[int], news: list[int]) -> list[Change]:
    """Several sets reworked into several: each old set lives on in the new set that kept
    most of it, two tiles or more (its heir; a new set is the heir of one old set at most).
    Said as: the old sets with no heir broken up, the tiles taken from the others (moved to
    another's heir, or taken for a new set), what the heirs gained besides, the new sets."""
    flow = Counter((f.source, f.target) for f in play.moved)
    old_of: dict[int, int] = {}
    for i in sorted(olds, key=lambda i: -max(flow[(i, j)] for j in news)):
        best = max(news, key=lambda j: (flow[(i, j)], -j))
        if flow[(i, best)] >= 2 and best not in old_of:
            old_of[best] = i
    heirs = set(old_of.values())
    steps = [Change("broken", (play.gone[i],)) for i in olds if i not in heirs]
    for i in sorted(heirs):
        for j in news:
            tiles = play.tiles(i, j)
            if tiles and old_of.get(j) != i:
                to = play.gone[old_of[j]] if j in old_of else ()
                steps.append(Change("moved" if to else "took", (play.gone[i],), (), tiles, (), to))
    for j in news:
        if j not in old_of:
            continue
        rack = play.tiles(RACK, j)
        tiles = tuple(t for i in olds if i not in heirs for t in play.tiles(i, j)) + rack
        if tiles:
            steps.append(Change("added", (play.gone[old_of[j]],), (play.made[j],), tiles, rack))
    for j in news:
        if j not in old_of:
            rack = play.tiles(RACK, j)
            steps.append(Change("laid", new=(play.made[j],), tiles=rack, rack=rack))
    return steps
