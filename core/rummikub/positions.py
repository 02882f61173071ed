"""Solver positions for tests and the benchmark: random ones (a valid table and a rack), and
a game state set up at a given position.

A table is built from random runs and groups drawn from one set of 106 tiles, so it is always a
table a real game could show; the rack is dealt from what is left.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

from core.rummikub.sets import JOKER, code, full_deck, read_set


def random_set(
    rng: random.Random, left: Counter[str], jokers: bool, joker_share: float = 0.08
) -> list[str] | None:
    """One random run or group whose tiles are all in `left`, or None. With `jokers`, a joker
    takes one place with probability `joker_share`: 0.08 leaves a joker on a random table
    about as often as in the pool."""
    if rng.random() < 0.5:
        colour, length = rng.randrange(4), rng.randint(3, 5)
        start = rng.randint(1, 14 - length)
        tiles = [code(colour, n) for n in range(start, start + length)]
    else:
        number = rng.randint(1, 13)
        colours = rng.sample(range(4), rng.choice((3, 4)))
        tiles = [code(c, number) for c in colours]
    if jokers and left[JOKER] and rng.random() < joker_share:
        tiles[rng.randrange(len(tiles))] = JOKER
    need = Counter(tiles)
    if any(left[t] < k for t, k in need.items()):
        return None
    left.subtract(need)
    return tiles


def random_position(
    rng: random.Random, table_size: int, rack_size: int, jokers: bool = False
) -> tuple[list[list[str]], list[str]]:
    """A table of about `table_size` tiles in valid sets and a rack of `rack_size` tiles."""
    left = Counter(full_deck())
    if not jokers:
        del left[JOKER]
    table: list[list[str]] = []
    size = 0
    for _ in range(10 * table_size):
        if size >= table_size:
            break
        found = random_set(rng, left, jokers)
        if found is not None:
            table.append(found)
            size += len(found)
    pool = list(left.elements())
    rng.shuffle(pool)
    return table, pool[:rack_size]


def state_at(
    table: list[list[str]],
    rack: list[str],
    melded: bool = True,
    options: dict[str, Any] | None = None,
    players: int = 2,
) -> Any:
    """A fresh game with seat 0 to play, `rack` on its rack and `table` on the table; the
    other racks and the pool are whatever tiles are left (106 in all)."""
    from core.rummikub.rules import GAME  # rules imports nothing from here

    state = GAME.new(players, 1, {"first": 0, **(options or {})})
    left = Counter(t for r in state.racks for t in r) + Counter(state.pool)
    left -= Counter(rack) + Counter(t for s in table for t in s)
    rest = list(left.elements())
    others = tuple(tuple(rest[i * 14 : (i + 1) * 14]) for i in range(players - 1))
    return replace(
        state,
        racks=(tuple(rack), *others),
        pool=tuple(rest[(players - 1) * 14 :]),
        table=tuple(tuple(read_set(s).tiles) for s in table),
        melded=(melded, *state.melded[1:]),
    )
