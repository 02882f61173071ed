"""The draft of a Rummikub turn (tui/games/rummikub/draft.py), without the app."""

from __future__ import annotations

import pytest

from core import IllegalMove
from tui.games.rummikub.draft import Draft


def draft() -> Draft:
    return Draft(["R7", "K9", "B9", "O9", "J"], [["R4", "R5", "R6"]])


def test_only_rack_tiles_go_back_to_the_rack() -> None:
    """RK-6: tiles on the table stay there, even the same code as one on the rack."""
    d = draft()
    d.pick(("table", 0, 0))
    with pytest.raises(IllegalMove, match="stay there"):
        d.drop(("rack", 0))
    d.drop(("table", 0, 0))
    d.pick(("rack", 0))
    d.drop(("rack", 0))
    assert sorted(d.rack) == sorted(d.start_rack) and d.table == d.start_table


def test_a_set_emptied_by_picks_goes_away_and_undo_brings_it_back() -> None:
    d = draft()
    for _ in range(3):
        d.pick(("table", 0, 0))
        d.drop(("new",))
    assert d.table == [["R4"], ["R5"], ["R6"]]
    d.undo()
    assert d.held == ["R6"] and d.table == [["R4"], ["R5"]]
    d.undo()
    assert d.held == [] and d.table == [["R6"], ["R4"], ["R5"]]  # R6's set is back in place


def test_meld_value_counts_valid_new_sets_only() -> None:
    """RK-8: the counter shows the value of the valid new sets (old sets and ✗ sets count 0)."""
    d = draft()
    for tile in ("K9", "B9", "O9"):
        d.pick(("rack", d.rack.index(tile)))
        d.drop(("table", 1, 9) if len(d.table) > 1 else ("new",))
    assert d.meld_value() == 27
    d.pick(("rack", d.rack.index("R7")))
    d.drop(("table", 0, 3))
    assert d.meld_value() == 27 + 22  # R4..R7 is a new set now


def test_adopting_a_hint_takes_its_tiles_from_the_rack() -> None:
    d = draft()
    d.adopt([["R4", "R5", "R6", "R7"], ["K9", "B9", "O9"]])
    assert d.rack == ["J"] and d.placed() == {"R7": 1, "K9": 1, "B9": 1, "O9": 1}
    d.undo()
    assert d.table == [["R4", "R5", "R6"]] and len(d.rack) == 5


def test_split_cuts_a_run_before_the_tile() -> None:
    d = Draft(["R6"], [["R3", "R4", "R5", "R6", "R7", "R8"]])
    with pytest.raises(IllegalMove):
        d.split(("table", 0, 0))
    d.split(("table", 0, 3))
    assert d.table == [["R3", "R4", "R5"], ["R6", "R7", "R8"]]


def test_a_range_moves_as_one_and_only_rack_tiles_go_back() -> None:
    """Issue 12: a range of a set is picked up and put down as one; RK-6: tiles that were on the
    table never go back to the rack, even in a range."""
    d = Draft(["R7"], [["R3", "R4", "R5", "R6"]])
    with pytest.raises(IllegalMove):
        d.pick(("table", 0, 2), count=3)  # past the set's end
    assert d.pick(("table", 0, 1), count=2) == ["R4", "R5"]
    with pytest.raises(IllegalMove, match="R4 R5 came from the table"):
        d.drop(("rack", 0))
    d.drop(("new",))
    assert d.table == [["R3", "R6"], ["R4", "R5"]] and d.held == []
    d.pick(("rack", 0))
    d.drop(("table", 1, 2))
    d.pick(("table", 1, 0), count=3)
    d.drop(("table", 0, 1))
    assert d.table == [["R3", "R4", "R5", "R6", "R7"]]  # valid, so laid in order (issue 25)
