"""The exact best play: `best_play(table, rack, initial=False, jokers_in_first_meld=False)`.

Choice of method. The issue names two exact methods: den Hertog and Hulshof's integer
programme and van Rijn, Takes and Vis's dynamic programme over the numbers 1..13. We use the
dynamic programme, in pure Python, because (1) it needs no solver library, (2) it is exact by
construction, with no enumerated list of sets to forget (the known MILP omits jokers at run ends
and in groups of four), and (3) the joker rule RK-12 and the initial-meld threshold RK-8 fit into
its state naturally.

The programme walks the 52 (number, colour) cells in order 1K 1R 1B 1O 2K ... 13O. At each cell
it decides how many copies of that tile go onto the table (every table copy must, rack copies
may) and how many jokers stand for that tile; those units then either continue or start runs of
that colour, or join the groups of that number. The state after a cell is:
- per colour, how many runs in progress have length 1, 2 and 3-or-more (a run shorter than 3
  must go on; a long run not continued ends);
- how many jokers are used so far;
- for the groups of the current number: the units put into groups and the most of one colour
  (units of one colour go to different groups, so n groups of 3..4 tiles can be formed exactly
  when 3n <= units <= 4n and no colour has more than n units);
- for the initial meld, the points laid so far capped at 30 (RK-8).
States with the same key have the same futures, so keeping the best score per key is exact.
Two reductions keep the state small without losing optimality: a long run is always continued
rather than ended while a new one starts in the same cell (the continued run can do anything the
new one can), and jokers are units like tiles, so a joker at a run's end, inside a run, or in a
group of three or four is covered without listing sets.

Objective: most rack tiles placed, then most points, lexicographically (score = tiles * W +
points with W above any point total). "Points" are the numbers on the whole resulting table, a
joker counting as what it stands for: table tiles are fixed, so this ranks plays by the value of
the rack tiles placed, and among equal plays prefers jokers standing for high numbers.

Table jokers (RK-12): every reading of the old table's jokers gives the tiles they stand for;
the programme is run once per reading, demanding one more unit of each such tile than the table
holds (a rack tile, a tile from elsewhere, or a joker standing for it). The best of the runs is
the answer, and `rules.check_jokers` accepts exactly such tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product

from core.rummikub.sets import JOKER, TILE_OF, Tile, code, read_set

W = 2000  # above any point total (106 tiles * 13)
CELLS = 52
MELD_POINTS = 30  # RK-8

Key = tuple
Decision = tuple[int, int, int]  # real tiles, jokers, units into groups


def _cell(colour: int, number: int) -> int:
    return (number - 1) * 4 + colour


def _groups_possible(units: int, most: int) -> bool:
    """Can `units` (no colour more than `most` times) form groups of 3..4 distinct colours?"""
    if units == 0:
        return True
    return any(most <= n and 3 * n <= units <= 4 * n for n in (1, 2, 3))


# A state is one int: points (5 bits), jokers used (2), units in groups (4), most units of one
# colour in groups (2), then per colour 9 bits of runs: lengths 1, 2 and 3+ (3 bits each).
_USED, _UNITS, _MOST, _RUNS = 5, 7, 11, 13
_LOW5, _LOW2, _LOW4 = 31, 3, 15


class _Problem:
    """One programme: counts per cell, jokers, the demand from table jokers, the meld cap."""

    def __init__(
        self,
        table: Sequence[int],
        rack: Sequence[int],
        table_jokers: int,
        jokers: int,
        demand: Sequence[int],
        cap: int,
    ) -> None:
        self.table = table
        self.rack = rack
        self.table_jokers = table_jokers
        self.jokers = jokers
        self.demand = demand
        self.cap = cap
        # real units the cells can hold, and what the later cells of the same number can add
        # to its groups: used to drop states that cannot be completed as early as possible
        self.most = [table[i] + rack[i] for i in range(CELLS)] + [0] * 8
        self.rest_of_number = [sum(self.most[i + 1 : i - i % 4 + 4]) for i in range(CELLS)]

    def solve(self) -> tuple[int, list[Decision]] | None:
        """The best score and the decision taken in each cell, or None if nothing is valid."""
        layer: dict[int, int] = {0: 0}
        back: list[dict[int, tuple[int, Decision]]] = []
        for cell in range(CELLS):
            layer, links = self._step(cell, layer)
            back.append(links)
            if not layer:
                return None
        best_key, best = -1, -1
        for key, score in layer.items():
            used = (key >> _USED) & _LOW2
            if used < self.table_jokers or (key & _LOW5) < self.cap:
                continue
            total = score + (used - self.table_jokers) * W
            if total > best:
                best_key, best = key, total
        if best_key < 0:
            return None
        decisions: list[Decision] = []
        key = best_key
        for links in reversed(back):
            key, decision = links[key]
            decisions.append(decision)
        decisions.reverse()
        return best, decisions

    def _step(
        self, cell: int, layer: dict[int, int]
    ) -> tuple[dict[int, int], dict[int, tuple[int, Decision]]]:
        number, colour = cell // 4 + 1, cell % 4
        closing = colour == 3
        low = self.table[cell]
        high = low + self.rack[cell]
        need = low + self.demand[cell]
        next_real, after_real = self.most[cell + 4], self.most[cell + 8]
        # no number follows 13 (RK-3): a run there cannot go on, even with a joker
        next_exists, after_exists = cell + 4 < CELLS, cell + 8 < CELLS
        rest = self.rest_of_number[cell]
        table_jokers = self.table_jokers
        shift = _RUNS + 9 * colour
        cap, jokers_all = self.cap, self.jokers
        out: dict[int, int] = {}
        links: dict[int, tuple[int, Decision]] = {}
        for key, score in layer.items():
            runs = (key >> shift) & 511
            n1, n2, n3 = runs & 7, (runs >> 3) & 7, runs >> 6
            short = n1 + n2
            used = (key >> _USED) & _LOW2
            in_groups = (key >> _UNITS) & _LOW4
            most = (key >> _MOST) & _LOW2
            points = key & _LOW5
            base = key & ~((511 << shift) | (_LOW2 << _USED) | _LOW5 | (63 << _UNITS))
            for real in range(low, high + 1):
                gain = score + (real - low) * W
                for jokers in range(jokers_all - used + 1):
                    units = real + jokers
                    if units < need or units < short:
                        continue
                    if jokers and real < high and used + jokers > table_jokers:
                        # a rack joker never stands for a tile left on the rack: swapping
                        # the two places as many tiles for as many points
                        continue
                    value = gain + units * number
                    left = jokers_all - used - jokers
                    # the next cell of this colour takes at most `room` units (exact pruning)
                    room = next_real + left if next_exists else 0
                    room_after = after_real + left if after_exists else 0
                    head = base | ((used + jokers) << _USED)
                    if cap:
                        head |= min(cap, points + units * number)
                    for grouped in range(min(units - short, 3) + 1):
                        free = units - grouped - short
                        kept = min(n3, free)
                        ones = free - kept
                        new_short = ones + n1
                        if new_short > room or ones > room_after:
                            continue
                        threes = min(n2 + kept, room - new_short)
                        total = in_groups + grouped
                        top = most if most > grouped else grouped
                        if closing:
                            if total and not _groups_possible(total, top):
                                continue
                            total = top = 0
                        elif total and total + rest + left < 3 * top:
                            continue
                        new_key = (
                            head
                            | ((ones | (n1 << 3) | (threes << 6)) << shift)
                            | (total << _UNITS)
                            | (top << _MOST)
                        )
                        if out.get(new_key, -1) < value:
                            out[new_key] = value
                            links[new_key] = (key, (real, jokers, grouped))
        return out, links


def _build(decisions: list[Decision]) -> list[list[str]]:
    """Lay out the sets the decisions describe: runs continued and groups formed as the
    programme assumed (short runs first, then long ones; groups filled smallest first)."""
    done: list[list[str]] = []
    runs: list[list[list[str]]] = [[], [], [], []]
    group_units: list[list[str]] = []
    for cell, (real, jokers, grouped) in enumerate(decisions):
        number, colour = cell // 4 + 1, cell % 4
        units = [code(colour, number)] * real + [JOKER] * jokers
        group_units.append(units[:grouped])
        units = units[grouped:]
        going = sorted(runs[colour], key=len)
        runs[colour] = []
        for run in going:
            if units:
                run.append(units.pop())
                runs[colour].append(run)
            else:
                done.append(run)
        runs[colour].extend([unit] for unit in units)
        if colour == 3:
            done.extend(_form_groups(group_units))
            group_units = []
    for colour_runs in runs:
        done.extend(colour_runs)
    return done


def _form_groups(units_by_colour: list[list[str]]) -> list[list[str]]:
    """Groups of 3..4 distinct colours from the units of one number (see `_groups_possible`)."""
    total = sum(len(u) for u in units_by_colour)
    if total == 0:
        return []
    most = max(len(u) for u in units_by_colour)
    count = next(n for n in (1, 2, 3) if most <= n and 3 * n <= total <= 4 * n)
    groups: list[list[str]] = [[] for _ in range(count)]
    for units in sorted(units_by_colour, key=len, reverse=True):
        targets = sorted(groups, key=len)[: len(units)]
        for group, unit in zip(targets, units, strict=True):
            group.append(unit)
    return groups


def _cell_counts(tiles: Sequence[str]) -> list[int]:
    out = [0] * CELLS
    for tile in tiles:
        if tile != JOKER:
            out[_cell(*TILE_OF[tile])] += 1
    return out


def joker_demands(sets: Sequence[Sequence[str]]) -> list[list[int]]:
    """Per reading of the table's jokers (RK-12), the extra unit demanded in each cell."""
    per_set = [read_set(s).readings for s in sets if JOKER in s]
    demands: list[list[int]] = []
    seen: set[tuple[Tile, ...]] = set()
    for choice in product(*per_set):
        tiles = tuple(sorted(t for jokers, _ in choice for t in jokers))
        if tiles in seen:
            continue
        seen.add(tiles)
        demand = [0] * CELLS
        for colour, number in tiles:
            demand[_cell(colour, number)] += 1
        demands.append(demand)
    return demands


def solve(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    initial: bool = False,
    jokers_in_first_meld: bool = False,
) -> tuple[int, int, list[list[str]]] | None:
    """`best_play` with its measure: (rack tiles placed, points, new table), or None."""
    sets = [list(read_set(s).tiles) for s in table]
    rack_jokers = Counter(rack)[JOKER]
    if initial:
        jokers = rack_jokers if jokers_in_first_meld else 0
        problem = _Problem([0] * CELLS, _cell_counts(rack), 0, jokers, [0] * CELLS, MELD_POINTS)
        found = problem.solve()
        if found is None or found[0] < W:
            return None
        return found[0] // W, found[0] % W, [*sets, *_build(found[1])]
    on_table = [t for s in sets for t in s]
    table_counts, rack_counts = _cell_counts(on_table), _cell_counts(rack)
    table_jokers = on_table.count(JOKER)
    best: tuple[int, list[Decision]] | None = None
    for demand in joker_demands(sets) or [[0] * CELLS]:
        problem = _Problem(
            table_counts, rack_counts, table_jokers, table_jokers + rack_jokers, demand, 0
        )
        found = problem.solve()
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    if best is None or best[0] < W:
        return None
    return best[0] // W, best[0] % W, _build(best[1])


def best_play(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    initial: bool = False,
    jokers_in_first_meld: bool = False,
) -> list[list[str]] | None:
    """The new table of the best play, or None when no rack tile can be placed.

    Most rack tiles first, then most points (module docstring). With `initial`, the best
    initial meld (RK-8, RK-9): new sets from the rack only worth at least 30, the table kept
    as it is in front of them.
    """
    found = solve(table, rack, initial, jokers_in_first_meld)
    return None if found is None else found[2]
