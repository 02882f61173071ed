"""The shared base of slot states (core/value.py): value equality over the slots, and linked
logs compared by their entries."""

from __future__ import annotations

from typing import Any

from core.value import Chain, SlotValue, chain_entries


class Logged(SlotValue):
    _linked = ("log",)
    __slots__ = ("log", "score")

    def __init__(self, score: int, log: Chain) -> None:
        self.score = score
        self.log = log


def chain(*entries: Any) -> Chain:
    node: Chain = None
    for entry in entries:
        node = (entry, node)
    return node


def test_chain_entries_are_oldest_first() -> None:
    assert chain_entries(None) == []
    assert chain_entries(chain("deal", "roll", "reveal")) == ["deal", "roll", "reveal"]


def test_states_equal_and_hash_alike_by_their_fields_and_log_entries() -> None:
    a = Logged(3, chain(("roll", 1), ("reveal", 2)))
    b = Logged(3, chain(("roll", 1), ("reveal", 2)))  # the same entries, other pairs
    assert a == b and hash(a) == hash(b)
    assert a != Logged(4, a.log)
    assert a != Logged(3, chain(("roll", 1)))
    assert a.__eq__("not a state") is NotImplemented


def test_a_log_far_deeper_than_the_recursion_limit_still_compares() -> None:
    """A linked log nests one pair per entry; comparing the pairs themselves would recurse once
    per entry and fail on a long game."""
    entries = [("roll", i) for i in range(5000)]
    a, b = Logged(0, chain(*entries)), Logged(0, chain(*entries))
    assert a == b and hash(a) == hash(b)
