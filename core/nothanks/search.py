"""Information-set Monte Carlo tree search for No Thanks! (Cowling, Powley and Whitehouse 2012).

In No Thanks! every seat knows the same things except its own tokens, and those follow from
the public log (NT-13/14), so an information set is the public history. One tree over those:
the root is the view, a pass leads to one child, a take to one child per card turned up next.
Each iteration samples the unseen order (the 9 removed cards, NT-4, are unseen like the
deck's, so a uniform order of the unseen cards is the exact posterior; drawing the whole order
up front is the same as drawing each next card as the tree is descended), descends choosing at
every node for that node's mover, adds one node, plays the game out with a policy, and backs
up each seat's final score (NT-11): every mover minimises its own, as the published IS-MCTS
bots do (a variant where the searcher minimised its score against the best other's instead, to
play for the win of NT-12, was no stronger).

The budget and the playout policy are parameters, so the hard bot and its sparring partner in
bench/ share this code. Budgets are counted in iterations, never in time (core has no clock).
The worlds it plays and the policy's signature come from core/nothanks/world.py; the bots
import this module for their hard bot, and it does not import them back.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from core.nothanks.world import Policy, World

# One sampled game: a world consistent with what the mover knows.
Deal = Callable[[random.Random], World]


class Node:
    """A decision node: per action (0 pass, 1 take) its visits and the mover's summed final
    score (its cost); children keyed by the card turned up after a take, a single one after a
    pass."""

    __slots__ = ("after_pass", "after_take", "cost", "visits")

    def __init__(self) -> None:
        self.visits = [0, 0]
        self.cost = [0.0, 0.0]
        self.after_take: dict[int, Node] = {}
        self.after_pass: Node | None = None

    def mean(self, action: int) -> float:
        return self.cost[action] / self.visits[action]

    def select(self, can_pass: bool, exploration: float, rng: random.Random) -> int:
        """The action to try: an untried one first, else the lowest confidence bound."""
        if not can_pass:
            return 1
        if not self.visits[0] or not self.visits[1]:
            return rng.choice([a for a in (0, 1) if not self.visits[a]])
        log_total = math.log(self.visits[0] + self.visits[1])
        bound_pass = self.mean(0) - exploration * math.sqrt(log_total / self.visits[0])
        bound_take = self.mean(1) - exploration * math.sqrt(log_total / self.visits[1])
        return 0 if bound_pass < bound_take else 1

    def child(self, take: bool, card: int) -> tuple[Node, bool]:
        """The node reached by the move (and the card turned up after a take); True if new."""
        if take:
            node = self.after_take.get(card)
            if node is None:
                node = self.after_take[card] = Node()
                return node, True
            return node, False
        if self.after_pass is None:
            self.after_pass = Node()
            return self.after_pass, True
        return self.after_pass, False


@dataclass(frozen=True)
class Search:
    """One configuration of the search: budget, exploration and playout policy.

    `settle` stops early once the most visited root action can no longer be overtaken in the
    iterations left, which changes no answer and saves the time of clear choices.
    """

    iterations: int
    exploration: float
    playout: Policy

    def run(self, deal: Deal, rng: random.Random) -> Node:
        """The root after the budget (or once settled)."""
        root = Node()
        for done in range(self.iterations):
            self.iterate(root, deal(rng), rng)
            lead = abs(root.visits[1] - root.visits[0])
            if lead > self.iterations - done - 1:
                break
        return root

    def iterate(self, root: Node, world: World, rng: random.Random) -> None:
        """Descend by every mover's confidence bounds, add one node, play out, back the final
        scores up."""
        path: list[tuple[Node, int, int]] = []
        node = root
        while True:
            mover = world.turn
            action = node.select(world.tokens[mover] > 0, self.exploration, rng)
            path.append((node, action, mover))
            if not world.step(action == 1):
                break
            node, new = node.child(action == 1, world.card)
            if new:
                world.play_out(self.playout)
                break
        scores = world.scores()
        for visited, action, mover in path:
            visited.visits[action] += 1
            visited.cost[action] += scores[mover]


def chooses_take(root: Node) -> bool:
    """The most visited root action (ties: take, always legal)."""
    return root.visits[1] >= root.visits[0]
