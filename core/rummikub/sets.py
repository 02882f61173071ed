"""Rummikub tiles and sets (../shared/rules/rummikub.md, RK-1 to RK-4).

A tile is its wire code: a colour letter and a number (`R7`) or `J` for a joker. A set on the
table is an ordered list of codes. `read_set` checks one set and says exactly why a bad one is
bad; it also returns every way the set's jokers can be read (RK-4), because the joker rule
(RK-12) and the initial meld's value (RK-8) both need "for some choice of what each joker stands
for". Sets are normalised rather than misread: a jokerless run given out of order is sorted, a
group is written in colour order with its jokers last; a run with jokers must already be
written ascending, since there the order says what each joker is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from core.api import MAX_ECHO, IllegalMove, brief

COLOURS = "KRBO"  # RK-1: black, red, blue, orange
COLOUR_NAMES = {"K": "black", "R": "red", "B": "blue", "O": "orange"}
JOKER = "J"
LOW, HIGH = 1, 13
JOKER_PENALTY = 30  # RK-16
TILES = 106  # RK-1
MIN_SET = 3  # RK-2, RK-3
MAX_SETS = TILES // MIN_SET  # more sets than this cannot be laid from every tile there is

Tile = tuple[int, int]  # (colour index, number) of a real tile or of what a joker stands for


def code(colour: int, number: int) -> str:
    return f"{COLOURS[colour]}{number}"


ALL_CODES = tuple(code(c, n) for c in range(4) for n in range(LOW, HIGH + 1))
TILE_OF = {code(c, n): (c, n) for c in range(4) for n in range(LOW, HIGH + 1)}


def full_deck() -> list[str]:
    """RK-1: every tile twice, and two jokers: 106 codes."""
    return [*ALL_CODES, *ALL_CODES, JOKER, JOKER]


def check_code(value: object) -> str:
    """The code if it names a tile, else IllegalMove."""
    if value == JOKER or (isinstance(value, str) and value in TILE_OF):
        return value  # type: ignore[return-value]
    raise IllegalMove("not_a_tile", value=brief(value))


def rack_value(tiles: Iterable[str]) -> int:
    """RK-16: the sum of the numbers, a joker counting 30."""
    return sum(JOKER_PENALTY if t == JOKER else TILE_OF[t][1] for t in tiles)


def sort_key(tile: str) -> tuple[int, int]:
    """Racks and groups are kept in colour order, then number, jokers last."""
    return (4, 0) if tile == JOKER else TILE_OF[tile]


@dataclass(frozen=True)
class ReadSet:
    """A valid set: its normalised tiles and every reading of its jokers.

    `readings` lists, per way to read the set, the tiles its jokers stand for (empty tuples
    for a set without jokers) and the set's value under that reading (RK-8).
    """

    tiles: tuple[str, ...]
    readings: tuple[tuple[tuple[Tile, ...], int], ...]

    @property
    def best_value(self) -> int:
        return max(value for _, value in self.readings)


def _run_reading(tiles: Sequence[str]) -> tuple[tuple[Tile, ...], int] | IllegalMove:
    """The joker reading of `tiles` as a run (RK-3), or why it is not one (not raised: whether
    it is the reason depends on the group reading)."""
    shown = quoted(tiles)
    real = [(i, TILE_OF[t]) for i, t in enumerate(tiles) if t != JOKER]
    colours = {c for _, (c, _) in real}
    if len(colours) > 1:
        return IllegalMove("run_mixes_colours", tiles=shown)
    colour = real[0][1][0]
    first = real[0][1][1] - real[0][0]
    for i, (_, number) in real:
        if number != first + i:
            return IllegalMove("run_out_of_order", tiles=shown)
    last = first + len(tiles) - 1
    if first < LOW:
        return IllegalMove("run_below_one", tiles=shown)
    if last > HIGH:
        return IllegalMove("run_past_thirteen", tiles=shown)
    jokers = tuple((colour, first + i) for i, t in enumerate(tiles) if t == JOKER)
    return jokers, sum(range(first, last + 1))


def _group_readings(
    tiles: Sequence[str],
) -> tuple[tuple[tuple[Tile, ...], int], ...] | IllegalMove:
    """Every joker reading of `tiles` as a group (RK-2, RK-4), or why it is not one."""
    shown = quoted(tiles)
    real = [TILE_OF[t] for t in tiles if t != JOKER]
    numbers = {n for _, n in real}
    if len(numbers) > 1:
        return IllegalMove("neither_run_nor_group", tiles=shown)
    if len(tiles) > 4:
        return IllegalMove("group_too_big", tiles=shown)
    colours = [c for c, _ in real]
    repeated = [COLOURS[c] for c, k in Counter(colours).items() if k > 1]
    if repeated:
        return IllegalMove("group_repeats_colour", tiles=shown, colour=COLOUR_NAMES[repeated[0]])
    number = real[0][1]
    missing = [c for c in range(4) if c not in colours]
    jokers = len(tiles) - len(real)
    return tuple(
        (tuple((c, number) for c in chosen), number * len(tiles))
        for chosen in combinations(missing, jokers)
    )


def read_set(tiles: object) -> ReadSet:
    """The set checked and normalised (RK-2 to RK-4), or IllegalMove saying why it is not one."""
    if not isinstance(tiles, list | tuple):
        raise IllegalMove("set_not_a_list", value=brief(tiles))
    if len(tiles) > HIGH:  # before reading a tile: a set may be any size a frame can carry
        raise IllegalMove("set_too_long", size=len(tiles))
    codes = [check_code(t) for t in tiles]
    shown = quoted(codes)
    if not codes:
        raise IllegalMove("empty_set")
    if len(codes) < MIN_SET:
        raise IllegalMove("set_too_short", tiles=shown)
    real = [TILE_OF[t] for t in codes if t != JOKER]
    if not real:
        raise IllegalMove("only_jokers", tiles=shown)
    same_colour = len({c for c, _ in real}) == 1
    if same_colour and JOKER not in codes and len({n for _, n in real}) == len(real):
        codes = sorted(codes, key=sort_key)  # a jokerless run is normalised, never misread
    readings: list[tuple[tuple[Tile, ...], int]] = []
    run = _run_reading(codes) if same_colour else None
    if isinstance(run, tuple):
        readings.append(run)
    group = _group_readings(codes)
    if isinstance(group, tuple):
        readings.extend(group)
        if not isinstance(run, tuple):
            codes = sorted(codes, key=sort_key)
    if not readings:
        reason = run if isinstance(run, IllegalMove) and len({n for _, n in real}) > 1 else group
        assert isinstance(reason, IllegalMove)  # no readings at all, so the group has none
        raise reason
    return ReadSet(tuple(codes), tuple(readings))


def describe(tiles: Iterable[str]) -> str:
    """Tiles as a player reads them: codes separated by spaces."""
    return " ".join(tiles)


def quoted(tiles: Iterable[str]) -> str:
    """Tiles a client sent, as a refusal quotes them: at most MAX_ECHO characters
    (net/PROTOCOL.md), cut with '…'."""
    text = describe(tiles)
    return text if len(text) <= MAX_ECHO else text[: MAX_ECHO - 1] + "…"
