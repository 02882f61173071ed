"""The exact best play: `best_play(table, rack, initial=False, jokers_in_first_meld=False)`,
or the best found within a `Budget` (`budget=`, "Anytime bound" below).

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

Speed (pure Python, one core): a state is one int, and each cell's moves are computed once
per part of a state they depend on (runs of that colour, jokers used, groups so far), groups
that cannot be completed already dropped, best gain first. With jokers the programme first
solves the jokerless play around the table's joker sets (fast) and uses its tile count as a
floor: a state that could not reach it even by laying every later rack tile is dropped (branch
and bound, still exact), and before that floor every programme is run with the whole rack as
the target: in the slowest positions (a big table with two jokers and a long rack) the answer is
often to go out, and that target prunes the most; when no play places the whole rack, the
runs with the floor follow. Where the time goes there: the table's own tiles, not the rack.
The states are the ways to carry runs of each colour from one number to the next (about 16
per colour in the middle numbers), multiplied over the four colours, and two jokers, each
able to stand for any tile, multiply those again. In the slowest position of the first games
measured (78 table tiles with both jokers, 20 on the rack) the programme expanded 722,659
states, 57% of them with both jokers placed, and knowing the answer's tile count in advance
still left 454,437; a 100-tile table with both jokers and a single rack tile took 1,282,096.

Table jokers (RK-12): every reading of the old table's jokers gives the tiles they stand for;
the programme is run once per reading, demanding one more unit of each such tile than the table
holds (a rack tile, a tile from elsewhere, or a joker standing for it). The best of the runs is
the answer, and `rules.check_jokers` accepts exactly such tables.

Anytime bound: core has no clock, so the search is bounded in states expanded: a `Budget`
shared by the searches of one decision (`DECISION_NODES` for the bots and the hint). On the
machine it was measured on (bench/bench_rummikub_bound.py, one core) a state costs 0.7 to 0.9
microseconds in the slowest positions, so a decision's 500,000 states take at most about 0.45 s;
on 2,000 issue-11-like positions none needed that many, in games of four normal bots about one
position in a thousand did (the slowest needed 1.3 million states, 0.93 s, and was answered in
0.35 s). When the budget runs out the answer is the best legal play found so far: a finished
programme (one reading of the table's jokers, or the whole rack placed), else the jokerless
floor play (the joker sets kept as they are, the rack's jokers at set ends), else new sets
from the rack alone (`greedy`), else draw. A search that ends within the budget answers
exactly what an unbounded one does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from itertools import product

from core.rummikub.greedy import greedy_sets, set_points
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import HIGH, JOKER, TILE_OF, Tile, code, read_set

W = 2000  # above any point total (106 tiles * 13)
CELLS = 52

Decision = tuple[int, int, int]  # real tiles, jokers, units into groups
Found = tuple[int, int, list[list[str]]]  # rack tiles placed, points, the new table

# The states one decision may expand (module docstring, "Anytime bound").
DECISION_NODES = 500_000


class OutOfBudget(Exception):
    """A decision's budget is spent: the search stops where it is."""


@dataclass
class Budget:
    """How much search one decision may do, counted in states the programme expands: core
    has no clock, and a count is the same on every machine and in every test. Shared by all
    the searches of one decision. `nodes` None: no limit; `cut`: a search was cut short."""

    nodes: int | None = None
    spent: int = 0
    cut: bool = False

    def spend(self, states: int) -> None:
        """Count `states` about to be expanded, or OutOfBudget (and `cut`) when they would
        take `spent` past `nodes`: `spent` never passes it."""
        if self.nodes is not None and self.spent + states > self.nodes:
            self.cut = True
            raise OutOfBudget
        self.spent += states


class _Plays:
    """The legal plays found so far, for the answer when the budget runs out. Each is kept as
    a function that lays it out, called only then: most searches end within the budget, and
    laying out a play costs more than a small search."""

    def __init__(self) -> None:
        self.makers: list[Callable[[], Found | None]] = []

    def offer(self, make: Callable[[], Found | None]) -> None:
        self.makers.append(make)

    def best(self) -> Found | None:
        """The play placing the most rack tiles, then the most points; None if none does."""
        found = [f for f in (make() for make in self.makers) if f is not None and f[0] > 0]
        return max(found, key=lambda f: (f[0], f[1]), default=None)


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

    def solve(self, budget: Budget) -> tuple[int, list[Decision]] | None:
        """The best score and the decision taken in each cell, or None if nothing is valid;
        OutOfBudget when `budget` runs out first."""
        layer: dict[int, int] = {0: 0}
        back: list[dict[int, tuple[int, Decision]]] = []
        for cell in range(CELLS):
            budget.spend(len(layer))
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
        bound, cap = self.bound[cell], self.cap
        mask = (511 << (_RUNS + 9 * (cell % 4))) | (_LOW2 << _USED) | (63 << _UNITS)
        clear = ~(mask | _LOW5)
        build = self._transitions(cell)
        known: dict[int, list[tuple[int, int, int, Decision]]] = {}
        out: dict[int, int] = {}
        links: dict[int, tuple[int, Decision]] = {}
        get = out.get
        for key, score in layer.items():
            part = key & mask
            options = known.get(part)
            if options is None:
                options = known[part] = build(part)
            base = key & clear
            low = bound - score
            for bits, gain, laid, decision in options:
                if gain < low:
                    break  # options come best gain first
                new_key = base | bits
                if cap:
                    new_key |= min(cap, (key & _LOW5) + laid)
                value = score + gain
                if get(new_key, -1) < value:
                    out[new_key] = value
                    links[new_key] = (key, decision)
        return out, links

    def _transitions(self, cell: int) -> Callable[[int], list[tuple[int, int, int, Decision]]]:
        """The cell's moves from a state's part that they depend on (the runs of the cell's
        colour, the jokers used, the groups so far), as (new bits of those three, score gain,
        points laid, decision): groups that cannot be completed dropped, best gain first (a
        stable sort, so equal plays are found in the same order as the moves are listed)."""
        shift = _RUNS + 9 * (cell % 4)
        moves = self._moves(cell)
        groups = _group_table(cell % 4 == 3, self.rest_of_number[cell])

        def build(part: int) -> list[tuple[int, int, int, Decision]]:
            group_now = groups[(part >> _UNITS) & 63]
            found = [
                ((new_runs << shift) | used_bits | group_now[left][grouped], gain, laid, decision)
                for new_runs, used_bits, grouped, gain, laid, left, decision in moves(
                    (part >> shift) & 511, (part >> _USED) & _LOW2
                )
                if group_now[left][grouped] >= 0
            ]
            found.sort(key=lambda move: -move[1])
            return found

        return build

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
    budget: Budget | None = None,
) -> Found | None:
    """`best_play` with its measure: (rack tiles placed, points, new table), or None.

    Exact without a `budget`. With one, the best play found when it runs out (`budget.cut` then
    says so): still a legal play, at worst new sets from the rack alone (module docstring)."""
    budget = budget or Budget()
    sets = [list(read_set(s).tiles) for s in table]
    plays = _Plays()
    try:
        if initial:
            return _initial(sets, rack, jokers_in_first_meld, budget)
        return _melded(sets, rack, budget, plays)
    except OutOfBudget:
        plays.offer(partial(_rack_sets, sets, rack, initial))
        return plays.best()


def going_out(
    table: Sequence[Sequence[str]], rack: Sequence[str], budget: Budget | None = None
) -> list[list[str]] | None:
    """A play placing the whole rack after the initial meld (RK-15: its player goes out), or
    None when there is none, or none was found within `budget`. Only the programmes aiming at
    the whole rack run, so asking costs less than `best_play`."""
    sets = [list(read_set(s).tiles) for s in table]
    try:
        found = _melded(sets, rack, budget or Budget(), _Plays(), least=len(rack))
    except OutOfBudget:
        return None
    return None if found is None else found[2]


def _initial(
    sets: list[list[str]], rack: Sequence[str], jokers_in_first_meld: bool, budget: Budget
) -> Found | None:
    """The best initial meld (RK-8, RK-9): new sets from the rack worth 30 or more."""
    jokers = Counter(rack)[JOKER] if jokers_in_first_meld else 0
    problem = _Problem([0] * CELLS, _cell_counts(rack), 0, jokers, [0] * CELLS, MELD_POINTS)
    found = problem.solve(budget)
    if found is None or found[0] < W:
        return None
    return found[0] // W, found[0] % W, [*sets, *_build(found[1])]


def _melded(
    sets: list[list[str]], rack: Sequence[str], budget: Budget, plays: _Plays, least: int = 0
) -> Found | None:
    """The exact best play after the initial meld (of those placing at least `least` rack
    tiles, when given); every play found on the way is offered to `plays`, for the answer
    when the budget runs out.

    Each reading of the table's jokers is a programme of its own. With jokers (the slow
    positions) they are run first with the target of placing the whole rack, which prunes
    hard and is the answer in the slowest positions (a player going out on a big table),
    then, if none gets there, with the floor."""
    on_table = [t for s in sets for t in s]
    table_counts, rack_counts = _cell_counts(on_table), _cell_counts(rack)
    table_jokers, rack_jokers = on_table.count(JOKER), Counter(rack)[JOKER]
    targets = [least]
    if table_jokers + rack_jokers and not least:
        floor, floor_play = _joker_floor(sets, rack, budget)
        plays.offer(floor_play)
        targets = sorted({len(rack), floor}, reverse=True)
    demands = joker_demands(sets) or [[0] * CELLS]
    best: tuple[int, list[Decision]] | None = None
    for target in targets:
        for demand in demands:
            jokers = table_jokers + rack_jokers
            problem = _Problem(table_counts, rack_counts, table_jokers, jokers, demand, 0, target)
            found = problem.solve(budget)
            if found is None or found[0] < target * W or (best and found[0] <= best[0]):
                continue
            best, target = found, found[0] // W
            plays.offer(partial(_laid_out, best))
        if best is not None:
            break
    return _laid_out(best) if best is not None and best[0] >= W else None


def _laid_out(found: tuple[int, list[Decision]]) -> Found:
    """A programme's answer as (rack tiles placed, points, new table)."""
    return found[0] // W, found[0] % W, _build(found[1])


def _joker_floor(
    sets: Sequence[Sequence[str]], rack: Sequence[str], budget: Budget
) -> tuple[int, Callable[[], Found | None]]:
    """Rack tiles a simple play is sure to place, and that play (laid out when called): the
    sets with jokers left as they are, the best jokerless play around them, then the rack's
    jokers added to set ends where there is room. The count is a lower bound for the branch
    and bound of the full programme (counting room in the joker sets too), the play the
    answer if the budget runs out before that programme ends."""
    fixed = [list(s) for s in sets if JOKER in s]
    loose = [t for s in sets if JOKER not in s for t in s]
    real = [t for t in rack if t != JOKER]
    problem = _Problem(_cell_counts(loose), _cell_counts(real), 0, 0, [0] * CELLS, 0)
    found = problem.solve(budget)
    if found is None:
        return 0, lambda: None
    built = _build(found[1])
    jokers = len(rack) - len(real)
    room = sum((4 if _is_group(s) else 13) - len(s) for s in [*fixed, *built])

    def play() -> Found:
        added = _add_jokers(built, jokers)
        return found[0] // W + added, _value([*fixed, *built]), [*fixed, *built]

    return found[0] // W + min(room, jokers), play


def _add_jokers(sets: list[list[str]], jokers: int) -> int:
    """Put up to `jokers` jokers at the ends of jokerless sets, in place: on top of a run
    (standing for the higher number) or below it at 13, into a group of three. How many went."""
    added = 0
    for tiles in sets:
        numbers = [TILE_OF[t][1] for t in tiles]
        if len(set(numbers)) == 1:
            room_up, room_down = 4 - len(tiles), 0
        else:
            room_up, room_down = HIGH - max(numbers), min(numbers) - 1
        up = min(room_up, jokers - added)
        down = min(room_down, jokers - added - up)
        tiles[:] = [JOKER] * down + tiles + [JOKER] * up
        added += up + down
    return added


def _rack_sets(sets: list[list[str]], rack: Sequence[str], initial: bool) -> Found | None:
    """New sets from the rack alone, greedily (`core.rummikub.greedy`): a legal play however
    the table looks, the answer of last resort when the budget runs out."""
    new = greedy_sets(rack)
    if not new or (initial and set_points(new) < MELD_POINTS):
        return None
    points = set_points(new) + (0 if initial else _value(sets))
    return sum(map(len, new)), points, [*sets, *new]


def _value(sets: Sequence[Sequence[str]]) -> int:
    """The numbers on `sets`, a joker counting as what it stands for (its best reading)."""
    return sum(read_set(s).best_value for s in sets)


def _is_group(tiles: Sequence[str]) -> bool:
    """One number among the real tiles: a group, or a run too short to tell (counted as a
    group, which has less room: the floor stays a lower bound)."""
    return len({TILE_OF[t][1] for t in tiles if t != JOKER}) == 1


def best_play(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    initial: bool = False,
    jokers_in_first_meld: bool = False,
    budget: Budget | None = None,
) -> list[list[str]] | None:
    """The new table of the best play, or None when no rack tile can be placed.

    Most rack tiles first, then most points (module docstring). With `initial`, the best
    initial meld (RK-8, RK-9): new sets from the rack only worth at least 30, the table kept
    as it is in front of them. With `budget`, the best play found within it (`solve`).
    """
    found = solve(table, rack, initial, jokers_in_first_meld, budget)
    return None if found is None else found[2]
