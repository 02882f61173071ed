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

Speed (pure Python, one core): a state is one int, each cell's moves are computed once per
(runs of that colour, jokers used) and group checks come from a small cached table. With jokers
the programme first solves the jokerless play around the table's joker sets (fast) and uses its
tile count as a floor: a state that could not reach it even by laying every later rack tile is
dropped (branch and bound, still exact).

Table jokers (RK-12): every reading of the old table's jokers gives the tiles they stand for;
the programme is run once per reading, demanding one more unit of each such tile than the table
holds (a rack tile, a tile from elsewhere, or a joker standing for it). The best of the runs is
the answer, and `rules.check_jokers` accepts exactly such tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import product

from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import JOKER, TILE_OF, Tile, code, read_set

W = 2000  # above any point total (106 tiles * 13)
CELLS = 52

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


@cache
def _group_table(closing: bool, rest: int) -> list[list[list[int]]]:
    """For the groups of a number so far (units and most of one colour, 6 bits), the jokers
    left and the units a cell adds: the new 6 bits in place, or -1 when the groups can no
    longer be completed with the `rest` units later colours may add (on the number's last
    colour: when they cannot be formed)."""
    table = []
    for bits in range(64):
        units, most = bits & _LOW4, bits >> 4
        per_left = []
        for left in range(3):
            row = []
            for grouped in range(4):
                total, top = units + grouped, max(most, grouped)
                if closing:
                    row.append(0 if _groups_possible(total, top) else -1)
                elif (total and total + rest + left < 3 * top) or total > _LOW4:
                    row.append(-1)
                else:
                    row.append((total | (top << 4)) << _UNITS)
            per_left.append(row)
        table.append(per_left)
    return table


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
        floor: int = 0,
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
        # branch and bound: a state that cannot place `floor` rack tiles even with every later
        # rack tile and every rack joker is worse than a play already known, so it is dropped
        rack_jokers = jokers - table_jokers
        self.bound = [(floor - sum(rack[i + 1 :]) - rack_jokers) * W for i in range(CELLS)]

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
        shift = _RUNS + 9 * (cell % 4)
        bound, cap = self.bound[cell], self.cap
        moves = self._moves(cell)
        groups = _group_table(cell % 4 == 3, self.rest_of_number[cell])
        clear = ~((511 << shift) | (_LOW2 << _USED) | _LOW5 | (63 << _UNITS))
        out: dict[int, int] = {}
        links: dict[int, tuple[int, Decision]] = {}
        for key, score in layer.items():
            runs = (key >> shift) & 511
            used = (key >> _USED) & _LOW2
            group_now = groups[(key >> _UNITS) & 63]
            points = key & _LOW5
            base = key & clear
            for new_runs, used_bits, grouped, gain, laid, left, decision in moves(runs, used):
                value = score + gain
                if value < bound:
                    continue
                group_bits = group_now[left][grouped]
                if group_bits < 0:
                    continue
                new_key = base | (new_runs << shift) | used_bits | group_bits
                if cap:
                    new_key |= min(cap, points + laid)
                if out.get(new_key, -1) < value:
                    out[new_key] = value
                    links[new_key] = (key, decision)
        return out, links

    def _moves(self, cell: int) -> Callable[[int, int], list[tuple]]:
        """The cell's choices for a colour's runs and the jokers used so far, cached: each is
        (new runs code, jokers-used bits, units into groups, score gain, points laid, jokers
        left, decision). Runs that cannot be finished are dropped here (exact pruning)."""
        number = cell // 4 + 1
        low = self.table[cell]
        high = low + self.rack[cell]
        need = low + self.demand[cell]
        # no number follows 13 (RK-3): a run there cannot go on, even with a joker
        next_real = self.most[cell + 4] if cell + 4 < CELLS else -99
        after_real = self.most[cell + 8] if cell + 8 < CELLS else -99
        table_jokers, jokers_all = self.table_jokers, self.jokers
        cache: dict[tuple[int, int], list[tuple]] = {}

        def moves(runs: int, used: int) -> list[tuple]:
            found = cache.get((runs, used))
            if found is not None:
                return found
            n1, n2, n3 = runs & 7, (runs >> 3) & 7, runs >> 6
            short = n1 + n2
            found = []
            for real in range(low, high + 1):
                for jokers in range(jokers_all - used + 1):
                    units = real + jokers
                    if units < need or units < short:
                        continue
                    if jokers and real < high and used + jokers > table_jokers:
                        # a rack joker never stands for a tile left on the rack: swapping
                        # the two places as many tiles for as many points
                        continue
                    left = jokers_all - used - jokers
                    room = max(next_real + left, 0)
                    room_after = max(after_real + left, 0)
                    for grouped in range(min(units - short, 3) + 1):
                        free = units - grouped - short
                        kept = min(n3, free)
                        ones = free - kept
                        new_short = ones + n1
                        if new_short > room or ones > room_after:
                            continue
                        threes = min(n2 + kept, room - new_short)
                        found.append(
                            (
                                ones | (n1 << 3) | (threes << 6),
                                (used + jokers) << _USED,
                                grouped,
                                (real - low) * W + units * number,
                                units * number,
                                left,
                                (real, jokers, grouped),
                            )
                        )
            cache[(runs, used)] = found
            return found

        return moves


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
    floor = _joker_floor(sets, rack) if table_jokers + rack_jokers else 0
    best: tuple[int, list[Decision]] | None = None
    for demand in joker_demands(sets) or [[0] * CELLS]:
        problem = _Problem(
            table_counts, rack_counts, table_jokers, table_jokers + rack_jokers, demand, 0, floor
        )
        found = problem.solve()
        if found is not None and (best is None or found[0] > best[0]):
            best = found
            floor = max(floor, found[0] // W)
    if best is None or best[0] < W:
        return None
    return best[0] // W, best[0] % W, _build(best[1])


def _joker_floor(sets: Sequence[Sequence[str]], rack: Sequence[str]) -> int:
    """Rack tiles a simple play is sure to place: the sets with jokers left as they are, the
    best jokerless play around them, then the rack's jokers added to set ends where there is
    room. A lower bound for the branch and bound of the full programme."""
    fixed = [s for s in sets if JOKER in s]
    loose = [t for s in sets if JOKER not in s for t in s]
    real = [t for t in rack if t != JOKER]
    problem = _Problem(_cell_counts(loose), _cell_counts(real), 0, 0, [0] * CELLS, 0)
    found = problem.solve()
    if found is None:
        return 0
    room = sum((4 if _is_group(s) else 13) - len(s) for s in [*fixed, *_build(found[1])])
    return found[0] // W + min(room, len(rack) - len(real))


def _is_group(tiles: Sequence[str]) -> bool:
    """One number among the real tiles: a group, or a run too short to tell (counted as a
    group, which has less room: the floor stays a lower bound)."""
    return len({TILE_OF[t][1] for t in tiles if t != JOKER}) == 1


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
