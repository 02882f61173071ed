"""core.api.shuffle and sample must draw exactly what random.Random.shuffle and sample draw:
every stored record and replay, and every seeded random player, depends on it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.api import sample, shuffle


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=120))
def test_the_same_permutation_and_the_same_draws_as_random_shuffle(seed: int, size: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    items, expected = list(range(size)), list(range(size))
    shuffle(mine, items)
    theirs.shuffle(expected)
    assert items == expected
    assert mine.getstate() == theirs.getstate()  # the PRNG goes on from the same place


def test_a_random_subclass_keeps_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]


@given(
    seed=st.integers(min_value=0, max_value=2**64),
    size=st.integers(min_value=0, max_value=40),
    count=st.integers(min_value=0, max_value=12),
)
def test_the_same_sample_and_the_same_draws_as_random_sample(
    seed: int, size: int, count: int
) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    items = tuple(f"c{i}" for i in range(size))
    if count > size:
        with pytest.raises(ValueError):
            theirs.sample(items, count)
        with pytest.raises(ValueError):
            sample(mine, items, count)
        return
    assert sample(mine, items, count) == theirs.sample(items, count)
    assert mine.getstate() == theirs.getstate()
