"""Seat people at tables of fixed sizes so that the pairs who sit together cost the least.

The cost of a seating is the sum of `weights[p][q]` over the pairs at each table. The search is a
tabu search over swaps of two people at different tables (the sizes never change): each step makes
the best swap not forbidden, moving a person back to a table they left only after a few steps
(unless that beats the best seating yet), which walks out of the local minima plain descent stops
in. Only swaps that move someone who sits with a costly partner are tried, which is most of the
speed. It stops at a seating as cheap as `cost_floor` proves possible, or when its step budget is
spent, restarting from a fresh random seating when a run stops improving.

`groups` restricts swaps to people of the same group (Swiss keeps each standing in its place).
Deterministic: every choice between equal swaps comes from the `random.Random` passed in.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence

Weights = Sequence[Sequence[int]]

STEPS = 400  # swaps per search, over all its runs
PATIENCE = 60  # swaps without a better seating before a run restarts


class Seating:
    """A seating being improved: `at[p]` is p's table, `near[p][t]` the weight p has with the
    people at table t (kept up to date by `swap`), `cost` the seating's cost."""

    def __init__(self, weights: Weights, tables: int, at: list[int]) -> None:
        self.weights = weights
        self.at = at
        self.tables = tables
        people = range(len(at))
        self.near = [[0] * tables for _ in people]
        for p in people:
            row = weights[p]
            for q in people:
                self.near[p][at[q]] += row[q]
        self.cost = sum(self.near[p][at[p]] for p in people) // 2

    def gain(self, p: int, q: int) -> int:
        """How much the cost changes if p and q (at different tables) swap."""
        a, b = self.at[p], self.at[q]
        near_p, near_q = self.near[p], self.near[q]
        return near_p[b] + near_q[a] - near_p[a] - near_q[b] - 2 * self.weights[p][q]

    def swap(self, p: int, q: int) -> None:
        a, b = self.at[p], self.at[q]
        self.cost += self.gain(p, q)
        row_p, row_q = self.weights[p], self.weights[q]
        for r, near in enumerate(self.near):
            change = row_q[r] - row_p[r]
            near[a] += change
            near[b] -= change
        self.at[p], self.at[q] = b, a


def cost_floor(weights: Weights, sizes: Sequence[int]) -> int:
    """A cost no seating at tables of `sizes` can beat: the cheapest pairs the round seats, and
    each person's cheapest partners at the smallest table, whichever is higher."""
    n = len(weights)
    slots = sum(size * (size - 1) // 2 for size in sizes)
    all_pairs = (weights[p][q] for p in range(n) for q in range(p + 1, n))
    cheapest = sum(heapq.nsmallest(slots, all_pairs))
    partners = min(sizes) - 1
    rows = [row[:p] + row[p + 1 :] for p, row in enumerate(map(list, weights))]
    each = sum(sum(heapq.nsmallest(partners, row)) for row in rows)
    return max(cheapest, -(-each // 2))


def random_seating(sizes: Sequence[int], rng: random.Random) -> list[int]:
    """A table for each person, shuffled, with `sizes[t]` people at table t."""
    at = [t for t, size in enumerate(sizes) for _ in range(size)]
    rng.shuffle(at)
    return at


def reshuffle(at: list[int], members: Sequence[Sequence[int]], rng: random.Random) -> list[int]:
    """A fresh random seating that keeps each group on the tables its members hold in `at`
    (with one group, any seating of the same sizes)."""
    fresh = list(at)
    for group in members:
        tables = [at[p] for p in group]
        rng.shuffle(tables)
        for p, table in zip(group, tables, strict=True):
            fresh[p] = table
    return fresh


Move = tuple[int, int]


def best_moves(
    seating: Seating,
    members: Sequence[Sequence[int]],
    banned: list[list[int]],
    step: int,
    best: int,
) -> list[Move]:
    """The swaps to choose from at this step: those of the lowest gain among the swaps
    allowed, which are the swaps not forbidden and those that would beat the best seating yet
    (aspiration). Only swaps that move someone with a costly partner are tried."""
    at, near = seating.at, seating.near
    low, found = 0, []
    for group in members:
        costly = [p for p in group if near[p][at[p]]]
        for p in costly:
            a, banned_p = at[p], banned[p]
            for q in group:
                b = at[q]
                if b == a or (q < p and near[q][b]):
                    continue
                gain = seating.gain(p, q)
                if found and gain > low:
                    continue
                if (banned_p[b] >= step or banned[q][a] >= step) and seating.cost + gain >= best:
                    continue
                if gain < low or not found:
                    low, found = gain, [(p, q)]
                else:
                    found.append((p, q))
    return found


def run(
    seating: Seating, members: list[list[int]], floor: int, steps: int, rng: random.Random
) -> tuple[list[int], int, int]:
    """Tabu steps from `seating` until the floor, `steps` steps or `PATIENCE` steps without
    progress; the best table of each person seen, its cost and the steps taken."""
    best, best_at = seating.cost, list(seating.at)
    banned = [[0] * seating.tables for _ in seating.at]  # until which step p may not go to t
    step = since = 0
    while step < steps and since < PATIENCE and best > floor:
        step += 1
        moves = best_moves(seating, members, banned, step, best)
        if not moves:
            break
        p, q = rng.choice(moves)
        tenure = 2 + rng.randrange(len(seating.at) // 4 + 1)
        banned[p][seating.at[p]] = banned[q][seating.at[q]] = step + tenure
        seating.swap(p, q)
        since += 1
        if seating.cost < best:
            best, best_at, since = seating.cost, list(seating.at), 0
    return best_at, best, step


def seat(
    weights: Weights,
    sizes: Sequence[int],
    rng: random.Random,
    start: list[int] | None = None,
    groups: Sequence[int] | None = None,
    steps: int = STEPS,
) -> list[int]:
    """A cheap seating: the table of each person (`sizes[t]` people at table t). The search
    begins at `start` (else a random seating) and never returns one costlier than its start."""
    n = len(weights)
    if sum(sizes) != n:
        raise ValueError(f"{n} people do not fill tables of {list(sizes)}")
    at = list(start) if start is not None else random_seating(sizes, rng)
    labels = list(groups) if groups is not None else [0] * n
    members = [[p for p in range(n) if labels[p] == g] for g in sorted(set(labels))]
    floor = cost_floor(weights, sizes)
    best_at, best = list(at), Seating(weights, len(sizes), at).cost
    if all(len({at[p] for p in group}) < 2 for group in members):
        return best_at  # no group spans two tables: no swap is allowed
    left = steps
    while left > 0 and best > floor:
        found, cost, used = run(Seating(weights, len(sizes), list(at)), members, floor, left, rng)
        left -= max(used, 1)
        if cost < best:
            best_at, best = found, cost
        at = reshuffle(at, members, rng)
    return best_at
