"""Checking a play (RK-6, RK-8, RK-9, RK-11, RK-12): the new table a player proposes, against
the table before the turn and the player's rack.

Kept apart from the game object because it is the one check with real logic in it, and the
solver's tests call it directly to prove every solver answer is acceptable.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from core.api import IllegalMove, brief
from core.rummikub.sets import (
    HIGH,
    JOKER,
    MAX_SETS,
    TILE_OF,
    TILES,
    ReadSet,
    Tile,
    code,
    describe,
    quoted,
    read_set,
)

MELD_POINTS = 30  # RK-8

Table = tuple[tuple[str, ...], ...]


def read_table(sets: object) -> list[ReadSet]:
    """Every set of a proposed table read and checked (RK-6: all sets valid).

    A table that cannot be is refused first, in time bounded by MAX_SETS whatever the client
    sent: more sets than the tiles allow, a set longer than a run can be, or more tiles than
    the game has. Only then is a tile read, so a huge frame costs no more than a small one."""
    if not isinstance(sets, list | tuple):
        raise IllegalMove("table_not_a_list", value=brief(sets))
    if len(sets) > MAX_SETS:
        raise IllegalMove("too_many_sets", count=len(sets), tiles=TILES, most=MAX_SETS)
    sizes = [len(s) if isinstance(s, list | tuple) else 0 for s in sets]
    if max(sizes, default=0) > HIGH:
        raise IllegalMove("set_too_long", size=max(sizes))
    if sum(sizes) > TILES:
        raise IllegalMove("too_many_tiles", count=sum(sizes), tiles=TILES)
    return [read_set(s) for s in sets]


def check_play(
    before: Table,
    rack: Sequence[str],
    proposed: object,
    melded: bool,
    jokers_in_first_meld: bool,
) -> tuple[Table, tuple[str, ...]]:
    """The new table (normalised) and the rack tiles it places, or IllegalMove saying why."""
    sets = read_table(proposed)
    after = tuple(s.tiles for s in sets)
    old, new = Counter(t for s in before for t in s), Counter(t for s in after for t in s)
    gone = old - new
    if gone:
        raise IllegalMove("table_tile_missing", tiles=quoted(sorted(gone.elements())))
    placed = new - old
    missing = placed - Counter(rack)
    if missing:
        raise IllegalMove("not_on_rack", tiles=quoted(sorted(missing.elements())))
    if not placed:
        raise IllegalMove("nothing_placed")
    if not melded:
        _check_initial_meld(before, sets, jokers_in_first_meld)
    elif old[JOKER]:
        check_jokers([read_set(s) for s in before], sets)
    return after, tuple(sorted(placed.elements(), key=_placed_order))


def _placed_order(tile: str) -> tuple[int, int]:
    return (4, 0) if tile == JOKER else TILE_OF[tile]


def _check_initial_meld(before: Table, sets: list[ReadSet], jokers_allowed: bool) -> None:
    """RK-8, RK-9: the old sets untouched, new sets from the rack worth at least 30."""
    remaining = Counter(s.tiles for s in sets)
    kept = Counter(before)
    if kept - remaining:
        raise IllegalMove("meld_touches_table")  # RK-8
    new_sets = [s for s in sets if _take(remaining, kept, s.tiles)]
    if not jokers_allowed and any(JOKER in s.tiles for s in new_sets):
        raise IllegalMove("meld_jokers")  # RK-9
    value = sum(s.best_value for s in new_sets)
    if value < MELD_POINTS:
        raise IllegalMove("meld_too_low", value=value, needed=MELD_POINTS)  # RK-8


def _take(remaining: Counter[tuple[str, ...]], kept: Counter[tuple[str, ...]], tiles) -> bool:
    """True when `tiles` is a new set, False when it is one of the old sets (used up once)."""
    if kept[tiles]:
        kept[tiles] -= 1
        return False
    return True


def check_jokers(before: list[ReadSet], after: list[ReadSet]) -> None:
    """RK-12 in its checkable form: for some reading of every joker, each tile the old table
    showed (itself or through a joker) is still shown by the new table."""
    old_real = Counter(t for s in before for t in s.tiles if t != JOKER)
    new_real = Counter(t for s in after for t in s.tiles if t != JOKER)
    spare = new_real - old_real
    olds = [[r[0] for r in s.readings] for s in before if JOKER in s.tiles]
    news = [[r[0] for r in s.readings] for s in after if JOKER in s.tiles]
    supplies = [_named(choice) for choice in product(*news)]
    for choice in product(*olds):
        demand = _named(choice)
        if any(not (demand - (spare + supply)) for supply in supplies):
            return
    stands = " or ".join(sorted({describe(sorted(_named(c).elements())) for c in product(*olds)}))
    raise IllegalMove("joker_not_freed", tiles=stands)  # RK-12


def _named(choice: Sequence[Sequence[Tile]]) -> Counter[str]:
    return Counter(code(c, n) for jokers in choice for c, n in jokers)
