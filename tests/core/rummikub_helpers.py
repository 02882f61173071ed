"""Shared helpers for the Rummikub tests: a state set up at a given table, and a brute-force
best play to hold the solver to."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from core.rummikub.sets import JOKER, TILE_OF, code, read_set


def play(table: list[list[str]]) -> dict:
    return {"kind": "play", "table": table}


# --- brute force ------------------------------------------------------------------------------


def _concrete_sets(have: Counter[str]) -> list[tuple[Counter[str], Counter[str], int]]:
    """Every set makeable from `have`, one per reading: (tiles, what its jokers stand for,
    value)."""
    jokers = have[JOKER]
    numbers = sorted({TILE_OF[t][1] for t in have if t != JOKER})
    out = []
    shapes: list[list[str]] = []
    for colour in range(4):
        for start in range(1, 14):
            for length in range(3, 14 - start + 1):
                shapes.append([code(colour, n) for n in range(start, start + length)])
    for number in numbers:
        for size in (3, 4):
            for colours in combinations(range(4), size):
                shapes.append([code(c, number) for c in colours])
    for shape in shapes:
        for k in range(min(jokers, len(shape)) + 1):
            for spots in combinations(range(len(shape)), k):
                tiles = Counter(JOKER if i in spots else t for i, t in enumerate(shape))
                if tiles[JOKER] == len(shape) or any(have[t] < n for t, n in tiles.items()):
                    continue
                stands = Counter(shape[i] for i in spots)
                out.append((tiles, stands, sum(TILE_OF[t][1] for t in shape)))
    return out


def _partitions(need: Counter[str], sets: list) -> list[tuple[Counter[str], int]]:
    """Every way to split `need` exactly into the concrete sets: (joker supply, value)."""
    need = +need
    if not need:
        return [(Counter(), 0)]
    real = sorted((t for t in need if t != JOKER), key=lambda t: TILE_OF[t])
    if not real:
        return []
    first = real[0]
    out = []
    for tiles, stands, value in sets:
        if tiles[first] and not tiles - need:
            for supply, rest in _partitions(need - tiles, sets):
                out.append((supply + stands, value + rest))
    return out


def brute_best(table: list[list[str]], rack: list[str]) -> tuple[int, int]:
    """(rack tiles placed, table points) of the best play by trying every subset of the rack
    and every split into sets; (0, 0) when nothing can be placed."""
    old = [read_set(s) for s in table]
    on_table = Counter(t for s in old for t in s.tiles)
    old_real = Counter(t for s in old for t in s.tiles if t != JOKER)
    demands = [Counter()]
    for s in old:
        if JOKER in s.tiles:
            demands = [
                d + Counter(code(*t) for t in jokers) for d in demands for jokers, _ in s.readings
            ]
    sets = _concrete_sets(on_table + Counter(rack))
    best = (0, 0)
    for size in range(len(rack), 0, -1):
        for chosen in set(combinations(sorted(rack), size)):
            need = on_table + Counter(chosen)
            spare = Counter(t for t in need.elements() if t != JOKER) - old_real
            for supply, value in _partitions(need, sets):
                if any(not (d - (spare + supply)) for d in demands):
                    best = max(best, (size, value))
        if best[0]:
            return best
    return best
