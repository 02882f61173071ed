"""PA-2/PA-7: the 26 dice combinations, their exact sum distributions, and the engine's rolls
held against them with a chi-square test (fixed seeds, so the test is deterministic)."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

import core
from core.pasovec.dice import CHANCES, COMBOS, DISTRIBUTIONS, combo_action, combo_label

GAME = core.get_game("pasovec")
FACES = {"blue": (1, 2, 3), "yellow": (4, 5, 6), "red": (7, 8, 9)}


def convolved(combo: tuple[int, int, int]) -> dict[int, Fraction]:
    """The distribution by repeated convolution of single dice: a second, independent way to
    the same numbers as the module's enumeration."""
    dist = {0: Fraction(1)}
    for colour, count in zip(("blue", "yellow", "red"), combo, strict=True):
        for _ in range(count):
            step: dict[int, Fraction] = {}
            for total, p in dist.items():
                for face in FACES[colour]:
                    step[total + face] = step.get(total + face, 0) + p / 3
            dist = step
    return dict(sorted(dist.items()))


def test_pa7_there_are_26_combinations() -> None:
    assert len(COMBOS) == len(set(COMBOS)) == 26
    assert all(0 <= n <= 2 for combo in COMBOS for n in combo) and (0, 0, 0) not in COMBOS


@pytest.mark.parametrize("combo", COMBOS, ids=combo_label)
def test_pa2_exact_distribution_of_every_combination(combo: tuple[int, int, int]) -> None:
    dist = DISTRIBUTIONS[combo]
    assert dist == convolved(combo)
    assert sum(dist.values()) == 1
    dice = sum(combo)
    low = combo[0] * 1 + combo[1] * 4 + combo[2] * 7
    assert min(dist) == low and max(dist) == low + 2 * dice
    assert dist[low] == Fraction(1, 3**dice)
    assert list(dist.values()) == list(reversed(dist.values()))  # symmetric about the middle
    assert all(CHANCES[combo][s] == float(dist.get(s, 0)) for s in range(37))


def test_pa2_known_distributions_from_the_strategy_notes() -> None:
    third, ninth = Fraction(1, 3), Fraction(1, 9)
    assert DISTRIBUTIONS[(0, 0, 1)] == {7: third, 8: third, 9: third}
    assert DISTRIBUTIONS[(2, 0, 0)] == {
        2: ninth,
        3: 2 * ninth,
        4: 3 * ninth,
        5: 2 * ninth,
        6: ninth,
    }
    assert DISTRIBUTIONS[(1, 0, 1)] == {
        8: ninth,
        9: 2 * ninth,
        10: 3 * ninth,
        11: 2 * ninth,
        12: ninth,
    }
    assert max(DISTRIBUTIONS[(2, 2, 2)]) == 36 and min(DISTRIBUTIONS[(1, 0, 0)]) == 1
    assert DISTRIBUTIONS[(2, 2, 2)][30] == Fraction(141, 729)  # the central trinomial


def wilson_hilferty(df: int, z: float = 3.09) -> float:
    """The chi-square critical value for a one-sided p of 0.001 (z = 3.09), by Wilson and
    Hilferty's approximation, accurate to about 1% for these degrees of freedom."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def engine_sums(combo: tuple[int, int, int], rolls: int, seed: int) -> Counter[int]:
    """Sums the engine rolls: two players keep taking tokens, so the round never ends and every
    roll comes from one game's seed, across many of the engine's face tapes."""
    state = GAME.new(2, seed=seed, options={"first": 0})
    action, token = combo_action(combo), {"kind": "token"}
    sums: Counter[int] = Counter()
    for _ in range(rolls):
        state = GAME.apply(state, state.active, action)
        sums[state.sum] += 1
        state = GAME.apply(GAME.apply(state, 0, token), 1, token)
    return sums


@pytest.mark.parametrize("combo", COMBOS, ids=combo_label)
def test_pa2_engine_rolls_follow_the_exact_distribution(combo: tuple[int, int, int]) -> None:
    rolls = 1500
    observed = engine_sums(combo, rolls, seed=sum(combo) * 1000 + combo[0] * 100 + combo[2])
    dist = DISTRIBUTIONS[combo]
    assert set(observed) <= set(dist)
    # Pool the thin tails (expected count under 5) into their neighbours, as chi-square needs.
    cells: list[tuple[float, int]] = []
    expected_run, observed_run = 0.0, 0
    for total, p in dist.items():
        expected_run += float(p) * rolls
        observed_run += observed[total]
        if expected_run >= 5:
            cells.append((expected_run, observed_run))
            expected_run, observed_run = 0.0, 0
    if expected_run:
        last_e, last_o = cells.pop()
        cells.append((last_e + expected_run, last_o + observed_run))
    chi2 = sum((o - e) ** 2 / e for e, o in cells)
    if len(cells) > 1:
        assert chi2 < wilson_hilferty(len(cells) - 1)


def test_pa2_every_face_of_every_colour_is_equally_likely() -> None:
    state = GAME.new(2, seed=11, options={"first": 0})
    faces: Counter[tuple[str, int]] = Counter()
    token = {"kind": "token"}
    for _ in range(1200):
        state = GAME.apply(state, state.active, combo_action((2, 2, 2)))
        faces.update(tuple(die) for die in state.roll)
        state = GAME.apply(GAME.apply(state, 0, token), 1, token)
    for colour, values in FACES.items():
        counts = [faces[(colour, v)] for v in values]
        expected = sum(counts) / 3
        assert sum((c - expected) ** 2 / expected for c in counts) < wilson_hilferty(2)
