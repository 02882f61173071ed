"""The solver's anytime bound: a decision expands at most `DECISION_NODES` states (counted, not
timed: core has no clock), answers exactly within it, and a search cut short still answers a
legal play (RK-6, RK-11, RK-12), or the initial meld rules (RK-8, RK-9) before the first meld.

The slowest positions come from the benchmark's sweep (bench/bench_rummikub_bound.py): 2,000
positions like the issue-11 ones (14-20 tile racks, 30-60 tile tables, jokers on the table or
the rack, seeds 11 and 12 of 1,000 each), the 20 that expand the most states; and the slowest
position seen in games of four normal bots (two jokers, a 78-tile table, a 19-tile rack). Each
is written `table sets | ... / rack / tiles points`, the exact answer's measure.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.rummikub import GAME
from core.rummikub.bots import HardBot, NormalBot
from core.rummikub.greedy import greedy_sets
from core.rummikub.hints import hint as hint_phrase
from core.rummikub.positions import random_position, state_at
from core.rummikub.solver import DECISION_NODES, Budget, solve
from tests.core.english import english
from tests.core.rummikub_helpers import play

hint = english(hint_phrase)

SWEEP_SLOWEST = """
O6 B6 K6 | R4 R5 R6 R7 R8 | J O13 B13 | K8 K9 K10 K11 K12 | O8 B8 K8 R8 | O4 O5 O6 O7 O8 | K4 K5
K6 K7 | R12 O12 B12 K12 | R2 O2 B2 | K5 R5 O5 B5 | O4 R4 K4 B4 | B3 R3 K3 | O1 K1 R1 | K9 R9 J |
K13 R13 O13 | B9 B10 B11 B12 B13 / R2 O1 B1 R11 R13 K10 B7 R7 R11 O9 O3 R9 O7 K3 K2 O11 B7 K1 R3
B10 / 20 574

B3 B4 B5 B6 B7 | K4 O4 B4 R4 | K12 J O12 | B11 B12 B13 | O2 O3 O4 O5 O6 | K7 B7 O7 | K2 O2 R2 B2
| K13 B13 R13 | R3 O3 B3 K3 | R8 B8 O8 | K6 O6 B6 R6 | R12 O12 K12 B12 | J R7 R8 | R3 R4 R5 | B9
O9 K9 | O7 O8 O9 | R11 R12 R13 / K8 R1 O11 K1 K10 O13 K3 R9 R7 K1 K4 B2 B1 B1 K10 R2 K5 R5 O5 /
18 518

R2 K2 O2 | B4 K4 R4 | R5 B5 O5 | R9 B9 O9 | B1 B2 B3 | R2 R3 R4 | R6 K6 O6 | K8 K9 K10 K11 K12 |
R7 B7 K7 | B4 B5 B6 | O7 B7 K7 | B3 K3 O3 | O6 O7 O8 J O10 | O10 R10 K10 | K12 R12 O12 | R11 K11
J O11 | K2 K3 K4 K5 K6 | O1 B1 R1 K1 / K8 K13 K9 R8 R11 B10 R10 K13 B11 B10 R5 R9 O5 O12 K1 B11
B8 O3 O4 / 18 534

K6 K7 K8 | R5 R6 R7 R8 R9 | O6 O7 O8 O9 O10 | K1 O1 B1 | O9 K9 B9 R9 | B11 K11 R11 | R3 B3 K3 |
R4 R5 R6 R7 | J K12 R12 | R4 K4 B4 | R2 B2 K2 O2 | O3 O4 O5 O6 | B2 K2 R2 | K1 R1 B1 | R12 B12
K12 | K3 K4 K5 K6 K7 | B8 R8 J / R10 K10 O13 O1 K5 O3 K13 K11 O8 R10 B6 K13 O5 O11 R13 R1 B5 B13
R11 / 19 534

R3 K3 O3 | B11 B12 B13 | O1 O2 O3 O4 O5 | B1 K1 O1 R1 | O9 R9 K9 B9 | R6 K6 O6 | O5 O6 O7 O8 O9
| B9 B10 B11 B12 | R6 R7 R8 R9 | B4 B5 B6 B7 B8 | B4 O4 R4 | B1 B2 B3 | R1 R2 R3 R4 R5 | K4 K5
K6 / K9 K5 K2 K10 J B5 R7 R13 J K3 R2 K7 R8 K11 O12 K1 R10 / 16 422

K7 O7 B7 | O11 R11 J | K2 K3 K4 K5 K6 | B6 B7 B8 B9 B10 | B3 O3 K3 | R1 R2 R3 R4 R5 | O12 K12
R12 | R4 O4 K4 B4 | B5 R5 O5 K5 | O6 O7 O8 O9 | B6 K6 O6 R6 | B9 B10 B11 | K11 K12 K13 | R6 R7
R8 R9 J | B2 B3 B4 B5 | O1 R1 K1 B1 / K8 K9 B1 O1 R8 O3 K9 B11 B8 O13 R10 O2 R3 B13 O10 B2 B13
B12 O10 O11 / 20 549

O6 B6 R6 | K4 J K6 K7 | B13 R13 K13 | B3 B4 B5 B6 B7 | K8 B8 O8 R8 | B8 B9 B10 | R5 R6 R7 R8 R9
| O9 O10 O11 | B2 R2 K2 | B7 K7 O7 R7 | O1 B1 R1 | J B9 R9 | O5 O6 O7 O8 O9 | K9 K10 K11 | K9
K10 K11 K12 K13 | R4 K4 O4 B4 / K5 B11 B13 O2 O11 R3 B12 R2 R5 O3 K8 R3 R10 K3 R11 O10 O13 R1 B1
/ 19 563

K6 B6 O6 R6 | R6 R7 R8 R9 R10 | B1 B2 B3 B4 | K7 K8 K9 K10 K11 | O1 B1 K1 R1 | O3 J K3 | O4 O5
O6 O7 O8 | B8 R8 J | O2 R2 B2 K2 | R2 O2 K2 | B3 R3 K3 O3 | B7 B8 B9 B10 | K4 K5 K6 | B4 B5 B6 /
R13 O7 O13 R5 K4 B5 K11 O1 O13 O10 O8 R11 K9 K7 O9 / 13 383

O2 O3 O4 O5 O6 | B6 O6 K6 R6 | O2 K2 R2 | K5 R5 B5 O5 | K8 K9 K10 K11 K12 | K3 R3 B3 O3 | B2 B3
B4 B5 | R5 R6 R7 R8 | B10 O10 K10 | K1 O1 J | K9 R9 B9 | J R3 R4 | B11 K11 R11 O11 | O8 K8 R8 |
B7 B8 B9 B10 / O7 R2 B7 R4 R11 K6 K7 B6 K2 O1 K4 O4 K4 K13 K5 O12 B2 / 16 440

O7 K7 J | R1 R2 R3 R4 | O10 O11 O12 | K6 K7 K8 K9 | B8 R8 O8 | O11 K11 B11 | O4 O5 O6 O7 O8 | K1
K2 K3 K4 K5 | R4 O4 K4 | B6 O6 R6 | K11 K12 K13 | R6 K6 B6 | B9 B10 B11 B12 B13 | B2 R2 O2 | R10
R11 R12 | K5 O5 R5 | O13 R13 K13 / B8 R8 B5 J B7 O12 B4 R7 O2 R7 O9 K8 R11 B5 O3 B1 R13 / 17 557

B3 O3 K3 R3 | B2 B3 B4 B5 B6 | R7 R8 R9 R10 | R9 R10 R11 | K11 B11 R11 | O7 B7 K7 R7 | K1 R1 B1
| K7 K8 K9 K10 K11 | R6 B6 K6 | B10 J K10 O10 | B8 K8 O8 R8 | K5 B5 R5 O5 | B7 B8 B9 B10 | R6 K6
O6 | O7 O8 O9 O10 O11 / B1 O12 O13 K2 O12 K2 B12 O11 K13 O4 K4 O1 B13 O6 J B4 B12 K13 R2 K12 /
19 572

K4 J B4 | J B10 B11 | K5 B5 O5 R5 | R10 R11 R12 | K8 R8 B8 O8 | R3 O3 K3 B3 | O12 R12 K12 | K10
K11 K12 K13 | K8 K9 K10 K11 | B4 B5 B6 B7 B8 | K3 K4 K5 K6 K7 | B6 O6 R6 | O4 O5 O6 O7 O8 | R4
R5 R6 R7 | B2 R2 O2 | K1 O1 R1 / B2 O11 O11 B13 K2 O9 K13 B9 B7 B13 O9 R2 K6 O2 K2 B1 O4 R13 K9
/ 19 543

J K8 O8 | O2 O3 O4 | R3 O3 K3 | K7 K8 K9 | B3 B4 B5 | B4 R4 K4 O4 | K10 J R10 | O7 O8 O9 O10 O11
| O9 O10 O11 O12 O13 | K2 K3 K4 K5 | R5 O5 B5 K5 | K11 K12 K13 | B7 K7 O7 R7 | R2 K2 O2 B2 | R13
K13 O13 | R6 K6 B6 O6 / R4 R1 B10 B10 O12 O5 K12 B1 B12 R13 B8 R11 B13 K11 O1 / 15 525

K5 O5 R5 B5 | K7 J K9 K10 | K5 K6 K7 | R1 K1 B1 O1 | K9 R9 O9 | R11 O11 B11 K11 | B2 O2 K2 | O11
R11 B11 K11 | B2 B3 B4 B5 | K1 K2 K3 | B13 J O13 | R3 B3 K3 O3 | O5 O6 O7 | R3 R4 R5 R6 R7 | R13
B13 O13 | K4 R4 O4 | O1 B1 R1 / R10 K8 O10 B12 B4 R6 R8 O3 B10 O6 R12 O4 R2 B9 O7 B8 R12 K8 K12
/ 19 521

B3 B4 B5 | O7 R7 B7 | O5 B5 R5 K5 | R7 O7 K7 | R2 K2 B2 | O6 J O8 | O2 B2 R2 K2 | B9 B10 B11 B12
| B8 B9 B10 | R11 O11 J B11 | K4 K5 K6 | O10 O11 O12 O13 | R8 R9 R10 | K6 K7 K8 | B12 K12 R12 |
R9 R10 R11 R12 | O2 O3 O4 O5 O6 / K9 R8 O9 O8 R6 K9 O9 K3 B6 B3 R3 B8 O13 R5 R4 B13 / 15 532

O10 O11 O12 O13 | O2 B2 K2 | B11 B12 B13 | O1 O2 O3 O4 O5 | O5 J O7 O8 | R4 O4 K4 | K12 R12 O12
| R1 R2 R3 | J B10 K10 | K2 K3 K4 | B4 B5 B6 B7 | O8 K8 R8 B8 | R7 K7 B7 | B2 B3 B4 B5 B6 | R8
R9 R10 R11 | O1 B1 R1 | K9 O9 B9 R9 / B9 R13 O9 K1 K11 O7 K3 B3 R10 K8 R7 B11 R13 O3 R6 B10 R5
K6 O6 / 19 545

R12 B12 K12 | R13 O13 B13 K13 | B7 B8 J B10 | K5 O5 B5 | B2 B3 B4 B5 | R1 R2 R3 | K6 K7 K8 | J
O7 K7 | K2 B2 O2 | O7 B7 R7 | K4 O4 R4 B4 | O6 R6 K6 B6 | B12 K12 R12 | R8 K8 O8 / R2 O1 R3 B6
K10 B1 O3 K3 B10 R5 R11 O13 K11 O11 R10 K5 K9 R10 O11 / 16 427

K2 J R2 B2 | K4 R4 B4 O4 | O3 R3 B3 K3 | R7 B7 O7 K7 | O6 B6 R6 K6 | B12 K12 O12 R12 | B12 O12
K12 | K1 O1 B1 R1 | R9 R10 R11 | O4 O5 O6 O7 | R11 R12 R13 | J B8 O8 | B9 K9 R9 O9 | B8 R8 K8 |
B10 K10 O10 / K13 K5 O8 B7 K1 K4 B5 K6 B9 O3 K2 K7 B5 B11 O2 K10 O10 / 16 485

O6 O7 O8 O9 | B2 O2 R2 K2 | R2 R3 R4 | O7 O8 O9 O10 O11 | K7 K8 K9 K10 K11 | B12 J K12 | K9 B9
R9 | R7 R8 R9 R10 | B3 B4 B5 | R5 O5 B5 K5 | K6 R6 O6 B6 | B2 K2 O2 | B3 R3 O3 K3 | R10 K10 B10
| B8 B9 B10 B11 B12 / O13 O4 O12 R11 O1 K1 K4 B4 K13 O5 K6 O1 J K13 R7 / 14 472

B8 K8 O8 R8 | K9 J O9 | K4 O4 B4 R4 | R9 O9 K9 B9 | R3 K3 B3 O3 | K6 B6 O6 R6 | O2 R2 B2 K2 | R6
R7 R8 R9 | K11 B11 J | O5 K5 B5 | K7 B7 R7 O7 | K3 K4 K5 K6 / B10 O10 R13 B5 O11 O3 K13 O1 R12
O12 R4 K1 O7 K11 K12 O1 B13 R1 / 17 414
"""

GAME_SLOWEST = """
K1 K2 K3 | K1 K2 K3 | R1 R2 R3 | O1 O2 O3 | B1 B2 B3 B4 | B1 B2 B3 B4 | O1 O2 O3 O4 | K5 B5 O5 |
K6 R6 B6 O6 | K7 R7 O7 | R1 R2 R3 R4 R5 R6 R7 | R9 B9 O9 | B6 B7 B8 B9 | K5 K6 K7 K8 K9 K10 |
K12 B12 O12 | K12 B12 O12 | R10 R11 R12 R13 | R10 R11 R12 R13 | O11 J O13 / K4 K4 K8 K9 K11 K11
R5 R8 B5 B7 B10 B10 B13 O4 O6 O7 O9 O10 J / 18 588
"""


def position(text: str) -> tuple[list[list[str]], list[str], tuple[int, int]]:
    table, rack, measure = (part.split() for part in " ".join(text.split("\n")).split(" / "))
    sets = [s.split() for s in " ".join(table).split("|")]
    return sets, rack, (int(measure[0]), int(measure[1]))


def positions(block: str) -> list[tuple[list[list[str]], list[str], tuple[int, int]]]:
    return [position(text) for text in block.strip().split("\n\n")]


def legal(table: list[list[str]], rack: list[str], new_table: list[list[str]]) -> None:
    """`apply` accepts the play as it is and it places at least one tile."""
    after = GAME.apply(state_at(table, rack), 0, play(new_table))
    assert len(after.racks[0]) < len(rack)


def test_the_slowest_positions_of_the_sweep_answer_exactly_within_the_budget() -> None:
    """The issue's "slowest 20 positions of a 2,000-position sweep answer within 1 s", counted
    in states: each needs fewer than a decision's states, so none is cut short and each answer
    is the exact one."""
    for table, rack, measure in positions(SWEEP_SLOWEST):
        budget = Budget(DECISION_NODES)
        found = solve(table, rack, budget=budget)
        assert found is not None and not budget.cut
        assert 0 < budget.spent <= DECISION_NODES
        assert (found[0], found[1]) == measure
        legal(table, rack, found[2])


def test_a_position_beyond_the_budget_is_cut_short_with_a_legal_play() -> None:
    table, rack, (tiles, _) = position(GAME_SLOWEST)
    budget = Budget(DECISION_NODES)
    found = solve(table, rack, budget=budget)
    assert budget.cut and budget.spent <= DECISION_NODES
    assert found is not None and found[0] <= tiles
    legal(table, rack, found[2])
    # the bots and the hint obey the same bound: normal plays the cut play; the hint says
    # what hard does, within the same budget
    view = GAME.view(state_at(table, rack), 0)
    assert NormalBot().act(view, random.Random(0)) == play(found[2])
    action, _ = hint(view)
    assert action == HardBot().act(view, random.Random(0))
    if action["kind"] == "play":
        legal(table, rack, action["table"])


def test_no_budget_at_all_still_answers_new_sets_from_the_rack() -> None:
    """The last resort: sets from the rack alone, the table left as it is (legal whatever the
    table's jokers stand for), and before the initial meld only when they are worth 30."""
    table = [["R4", "R5", "J"], ["K9", "B9", "O9"]]
    rack = ["K1", "K2", "K3", "B7", "R8", "J"]
    budget = Budget(0)
    found = solve(table, rack, budget=budget)
    assert budget.cut and budget.spent == 0
    assert found == (3, 6 + 15 + 27, [*table, ["K1", "K2", "K3"]])
    legal(table, rack, found[2])
    assert solve([], rack, initial=True, budget=Budget(0)) is None  # 6 < 30
    meld = ["K10", "R10", "B10", "O2", "O3", "O4"]
    assert solve([], meld, initial=True, budget=Budget(0)) == (6, 39, greedy_sets(meld))
    assert NormalBot(nodes=0).act(GAME.view(state_at(table, rack), 0), random.Random(0)) == play(
        found[2]
    )


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from((0, 1, 60, 600, 6_000, 60_000)), st.booleans())
def test_any_budget_answers_a_legal_play_no_better_than_the_exact_one(
    seed: int, nodes: int, jokers: bool
) -> None:
    """Cut short: a legal play (or draw) worth no more than the exact answer; within budget:
    the exact answer itself, table for table."""
    rng = random.Random(seed)
    table, rack = random_position(rng, rng.randint(30, 60), rng.randint(14, 20), jokers)
    exact = solve(table, rack)
    budget = Budget(nodes)
    found = solve(table, rack, budget=budget)
    assert budget.spent <= nodes
    if not budget.cut:
        assert found == exact
        return
    if found is None:
        return
    assert exact is not None and found[:2] <= exact[:2]
    legal(table, rack, found[2])
