"""What a play changed on the table, set by set (core/rummikub/changes.py): the reading the log
(RK-20: what every play added to the table) and the hints are worded from."""

from __future__ import annotations

import random

from core.rummikub.bots import NormalBot
from core.rummikub.changes import RACK, Flow, changes, flows, table_diff
from core.rummikub.rules import GAME


def steps(before: list[list[str]], after: list[list[str]]) -> list[tuple[str, ...]]:
    """Each change as (kind, its tiles, its old sets, its new sets, its `to`), compactly."""
    gone, made = table_diff(before, after)
    return [(c.kind, c.tiles, c.old, c.new, c.to) for c in changes(gone, made)]


def test_sets_left_alone_are_no_part_of_a_play() -> None:
    """A set written in another order is the same set (RK-2: a group's order means nothing)."""
    before = [["K1", "R1", "B1"], ["R4", "R5", "R6"]]
    after = [["B1", "K1", "R1"], ["R4", "R5", "R6", "R7"]]
    assert table_diff(before, after) == ([("R4", "R5", "R6")], [("R4", "R5", "R6", "R7")])


def test_new_sets_and_an_extension() -> None:
    """RK-6/RK-11: a rack tile added to a set is an addition, rack sets are laid."""
    before = [["R4", "R5", "R6"]]
    after = [["R4", "R5", "R6", "R7"], ["K9", "B9", "O9"]]
    assert steps(before, after) == [
        ("added", ("R7",), (("R4", "R5", "R6"),), (("R4", "R5", "R6", "R7"),), ()),
        ("laid", ("K9", "B9", "O9"), (), (("K9", "B9", "O9"),), ()),
    ]


def test_a_duplicate_from_the_rack_stays_with_the_new_set() -> None:
    """RK-1: two R7s. The table's R7 stays in its run, the rack's makes the group."""
    before = [["R5", "R6", "R7"]]
    after = [["R5", "R6", "R7", "R8"], ["K7", "R7", "B7"]]
    assert [s[0] for s in steps(before, after)] == ["added", "laid"]
    gone, made = table_diff(before, after)
    assert Flow(RACK, 1, "R7") in flows(gone, made)


def test_a_split_and_a_join() -> None:
    """RK-11: one set cut in two (a rack tile between), two sets joined by a rack tile."""
    run = ["B3", "B4", "B5", "B6", "B7"]
    split = steps([run], [["B3", "B4", "B5"], ["B5", "B6", "B7"]])
    assert split == [
        ("split", ("B5",), (tuple(run),), (("B3", "B4", "B5"), ("B5", "B6", "B7")), ())
    ]
    joined = steps([["K1", "K2", "K3"], ["K5", "K6", "K7"]], [[f"K{n}" for n in range(1, 8)]])
    assert [(kind, tiles) for kind, tiles, *_ in joined] == [("joined", ("K4",))]


def test_a_tile_moved_from_one_set_to_another() -> None:
    """RK-11: K4 taken from a group of four to a run, K5 from the rack after it."""
    group, run = ("K4", "R4", "B4", "O4"), ("K1", "K2", "K3")
    after = [["R4", "B4", "O4"], ["K1", "K2", "K3", "K4", "K5"]]
    assert steps([list(group), list(run)], after) == [
        ("moved", ("K4",), (group,), (), run),
        ("added", ("K5",), (run,), (("K1", "K2", "K3", "K4", "K5"),), ()),
    ]


def test_a_set_taken_apart_for_several() -> None:
    """Issue 25's rearrangement: four 10s split; two go to runs, two start new runs."""
    tens = ("K10", "R10", "B10", "O10")
    before = [list(tens), ["K7", "K8", "K9"], ["B11", "B12", "B13"]]
    after = [
        ["R8", "R9", "R10"],
        ["O10", "O11", "O12"],
        ["K7", "K8", "K9", "K10"],
        ["B10", "B11", "B12", "B13"],
    ]
    assert [(kind, tiles, old) for kind, tiles, old, *_ in steps(before, after)] == [
        ("broken", (), (tens,)),
        ("added", ("K10",), (("K7", "K8", "K9"),)),
        ("added", ("B10",), (("B11", "B12", "B13"),)),
        ("laid", ("R8", "R9"), ()),
        ("laid", ("O11", "O12"), ()),
    ]


def test_a_freed_joker_is_followed() -> None:
    """RK-12: R6 takes the joker's place, the joker goes to a new group."""
    gone, made = table_diff([["R5", "J", "R7"]], [["R5", "R6", "R7"], ["K9", "B9", "J"]])
    assert Flow(0, 1, "J") in flows(gone, made)
    assert [(c.kind, c.unnamed) for c in changes(gone, made)] == [("split", ("R6", "K9", "B9"))]


def test_every_tile_of_real_plays_is_accounted_for() -> None:
    """Over games of the solver bot (which reworks the table): each play's flows carry every
    gone tile once, and the rack tiles they read are the tiles the play placed."""
    rng, bot, reworked = random.Random(5), NormalBot(), 0
    for seed in range(3):
        state = GAME.new(3, seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, bot.act(GAME.view(state, seat), rng))
            entry = GAME.view(state, None)["log"][-1]
            if entry["type"] != "play":
                continue
            reworked += bool(entry["gone"])
            gone = [tuple(s) for s in entry["gone"]]
            made = [tuple(s) for s in entry["made"]]
            moved = flows(gone, made)
            assert sorted(f.tile for f in moved if f.source is not RACK) == sorted(
                t for s in gone for t in s
            )
            assert sorted(f.tile for f in moved if f.source is RACK) == sorted(entry["tiles"])
    assert reworked > 10  # the plays checked touched the table's sets, not only new ones
