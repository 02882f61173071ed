"""The exact solver: equal to a brute-force search on small positions, accepted by `apply`,
and a best initial meld that follows RK-8/RK-9."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core.rummikub import GAME, best_play
from core.rummikub.hints import describe_play
from core.rummikub.hints import hint as hint_phrase
from core.rummikub.positions import random_position, random_set
from core.rummikub.positions import state_at as position
from core.rummikub.sets import JOKER, TILE_OF, full_deck, read_set
from core.rummikub.solver import solve
from tests.core.english import english
from tests.core.rummikub_helpers import brute_best, play

hint = english(hint_phrase)

SPAN = 7  # seven numbers in a row only, so the brute force stays quick


def small_position(rng: random.Random, jokers: bool) -> tuple[list[list[str]], list[str]]:
    low = rng.choice((1, 4, 7))
    numbers = range(low, low + SPAN)
    left = Counter(t for t in full_deck() if t == JOKER or TILE_OF[t][1] in numbers)
    if not jokers:
        del left[JOKER]
    table = []
    for _ in range(rng.randint(0, 4)):
        found = random_set(rng, left, jokers, joker_share=0.4)
        if found and all(t == JOKER or TILE_OF[t][1] in numbers for t in found):
            table.append(found)
        elif found:
            left.update(found)
    pool = list(left.elements())
    rng.shuffle(pool)
    return table, pool[: rng.randint(2, 7)]


def accepted(table: list[list[str]], rack: list[str], new_table: list[list[str]]) -> None:
    """RK-6/RK-11/RK-12: the solver's table is a legal play as it is."""
    after = GAME.apply(position(table, rack), 0, play(new_table))
    assert len(after.racks[0]) < len(rack)


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_solver_equals_brute_force_on_small_positions(seed: int, jokers: bool) -> None:
    """Most tiles, then most points, exactly what trying everything finds."""
    table, rack = small_position(random.Random(seed), jokers)
    found = solve(table, rack)
    expected = brute_best(table, rack)
    if found is None:
        assert expected == (0, 0)
    else:
        assert (found[0], found[1]) == expected
        accepted(table, rack, found[2])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_every_answer_on_full_positions_is_accepted(seed: int, jokers: bool) -> None:
    rng = random.Random(seed)
    table, rack = random_position(rng, rng.randint(30, 60), rng.randint(14, 20), jokers)
    found = solve(table, rack)
    if found is None:
        return
    accepted(table, rack, found[2])


def test_known_answers() -> None:
    assert best_play([["R5", "R6", "R7"]], ["R8", "K9", "B9", "O9", "R1"]) == [
        ["R5", "R6", "R7", "R8"],
        ["K9", "B9", "O9"],
    ]
    assert best_play([["R4", "R5", "R6"]], ["K1"]) is None
    # rearranging the whole table: R7 splits the run so both K7 and B7 fit
    table = [["R4", "R5", "R6", "R7", "R8", "R9", "R10"]]
    new = best_play(table, ["K7", "B7"])
    assert sorted(map(tuple, new)) == [("K7", "R7", "B7"), ("R4", "R5", "R6"), ("R8", "R9", "R10")]
    # a joker at a run's end and a group of four with a joker are found
    assert solve([], ["J", "K11", "K12", "K13"])[0] == 4
    assert solve([["K3", "R3", "B3"]], ["J"]) == (1, 12, [["K3", "R3", "B3", "J"]])


def test_best_initial_meld() -> None:
    rack = ["K10", "R10", "B10", "O2", "O3", "O4", "K1", "J"]
    assert best_play([], rack, initial=True) == [["O2", "O3", "O4"], ["K10", "R10", "B10"]]
    assert best_play([], ["K9", "R9", "B9", "J"], initial=True) is None  # 27 < 30
    with_joker = best_play([], ["K9", "R9", "B9", "J"], initial=True, jokers_in_first_meld=True)
    assert with_joker == [["K9", "R9", "B9", "J"]]
    assert best_play([["R4", "R5", "R6"]], ["R7", "R8", "R9", "R10"], initial=True) == [
        ["R4", "R5", "R6"],
        ["R7", "R8", "R9", "R10"],
    ]


def test_hint_says_what_changes() -> None:
    state = position([["R4", "R5", "R6"]], ["R7", "K9", "B9", "O9", "K1"])
    action, reason = hint(GAME.view(state, 0))  # hard holds its tiles for going out
    assert action == {"kind": "draw"}
    assert "laying 4 tiles now (add R7 to R4 R5 R6; new set K9 B9 O9)" in reason
    GAME.apply(state, 0, action)
    out = position([["R4", "R5", "R6"]], ["R7", "K9", "B9", "O9"])
    action, reason = hint(GAME.view(out, 0))
    assert reason == "go out: all 4 of your tiles: add R7 to R4 R5 R6; new set K9 B9 O9"
    GAME.apply(out, 0, action)
    action, reason = hint(GAME.view(position([], ["K1", "B2"]), 0))
    assert action == {"kind": "draw"} and "draw" in reason
    assert describe_play([["K1", "R1", "B1"]], [["K1", "R1", "B1"]]) == ""
    assert read_set(["K1", "R1", "B1"]).best_value == 3
