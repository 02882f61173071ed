"""Marks on the very tiles, not on their codes (issue 25, item 5): `+` on the tile the player
put down this turn, `*` on the tiles the others put down since, however many copies of a code
the table holds (RK-1: every tile twice)."""

from __future__ import annotations

import pytest

from core import IllegalMove
from tui.games.rummikub.draft import Draft
from tui.games.rummikub.marks import carry, new_marks

GROUP = ["K1", "R1", "O1"]
RUN = ["O2", "O3", "O4"]


def test_my_tile_is_marked_where_i_put_it() -> None:
    """The issue's case: K1 R1 O1 on the table, your O1 put before O2 O3 O4: the + is on the
    run's O1, the group's O1 stays unmarked."""
    d = Draft(["O1", "K9"], [GROUP, RUN])
    d.pick(("rack", 0))
    d.drop(("table", 1, 0))
    assert d.table == [GROUP, ["O1", "O2", "O3", "O4"]]
    assert d.marks == [["", "", ""], ["+", "", "", ""]]


def test_marks_follow_their_tiles_and_only_mine_go_back() -> None:
    """A + tile moved between sets keeps its +; the group's O1 (no +) may not go back to the
    rack even though an O1 came from it (RK-6: tiles on the table stay there)."""
    d = Draft(["O1"], [GROUP, RUN])
    d.pick(("rack", 0))
    d.drop(("table", 1, 0))
    d.pick(("table", 0, 2))  # the group's O1
    with pytest.raises(IllegalMove, match="came from the table"):
        d.drop(("rack", 0))
    d.drop(("new",))
    assert d.marks == [["", ""], ["+", "", "", ""], [""]]
    d.undo()
    d.undo()
    d.pick(("table", 1, 0))  # my O1
    d.drop(("rack", 0))
    assert d.table == [GROUP, RUN] and d.rack == ["O1"]


def test_the_others_new_tiles_are_marked_where_they_lie() -> None:
    """Ana laid O1 before O2 O3 O4 (the table had K1 R1 O1), then Bo moved that O1's run on:
    the * stays on Ana's O1 and on Bo's O5, not on the group's O1 (RK-20: plays are public)."""
    log = [
        {"type": "game_start", "game_no": 1, "first": 0},
        {"type": "draw", "seat": 0},
        {
            "type": "play",
            "seat": 1,
            "tiles": ["O1"],
            "initial": False,
            "gone": [RUN],
            "made": [["O1", *RUN]],
        },
        {
            "type": "play",
            "seat": 2,
            "tiles": ["O5"],
            "initial": False,
            "gone": [["O1", *RUN]],
            "made": [["O1", *RUN, "O5"]],
        },
    ]
    table = [GROUP, ["O1", *RUN, "O5"]]
    state = {"seat": 0, "view": {"log": log, "table": table}}
    assert new_marks(state) == [["", "", ""], ["*", "", "", "", "*"]]
    state["view"]["log"] = [*log, {"type": "draw", "seat": 0}]
    assert new_marks(state) == [["", "", ""], ["", "", "", "", ""]]  # seen: my turn came


def test_a_hint_applied_marks_only_the_rack_tiles() -> None:
    """The hint's table (Draft.adopt) marks the tiles it lays from the rack, on their sets."""
    marks = carry([GROUP, RUN], [["", "", ""], ["*", "", ""]], [GROUP, ["O1", *RUN]], "+")
    assert marks == [["", "", ""], ["+", "*", "", ""]]


def test_before_the_initial_meld_the_table_is_not_touched() -> None:
    """RK-8: the draft says so at once (pick, put into an old set, split), not at the play;
    the player's own new sets stay free to change."""
    d = Draft(["O5", "K9", "R9", "B9"], [RUN], melded=False)
    for act in (
        lambda: d.pick(("table", 0, 0)),
        lambda: d.split(("table", 0, 1)),
    ):
        with pytest.raises(IllegalMove, match="before your initial meld"):
            act()
    d.pick(("rack", 0))
    with pytest.raises(IllegalMove, match="before your initial meld"):
        d.drop(("table", 0, 3))
    d.drop(("new",))
    d.pick(("table", 1, 0))  # O5, mine, may move again
    d.drop(("rack", 0))
    assert d.table == [RUN] and d.history
