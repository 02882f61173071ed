"""Rummikub rules, rule by rule (../shared/rules/rummikub.md)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

import core
from core import IllegalMove
from core.rummikub import GAME, game_scores
from core.rummikub.positions import state_at as position
from core.rummikub.sets import full_deck, read_set
from tests.core.rummikub_helpers import play

RUN = ["R4", "R5", "R6"]


def refused(state, action, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        GAME.apply(state, 0, action)


def test_rk1_rk5_deal_106_tiles_14_each() -> None:
    state = GAME.new(4, 7)
    assert all(len(r) == 14 for r in state.racks)
    tiles = Counter(t for r in state.racks for t in r) + Counter(state.pool)
    assert tiles == Counter(full_deck()) and sum(tiles.values()) == 106


def test_registered_with_options() -> None:
    assert core.get_game("rummikub") is GAME
    assert GAME.options == {"turn_seconds": 60, "games": 1, "jokers_in_first_meld": False}
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"games": 11})
    with pytest.raises(ValueError):
        GAME.new(5, 1)
    with pytest.raises(ValueError, match="106"):
        GAME.new(2, 1, {"deck": ["R1"] * 106})


@pytest.mark.parametrize(
    ("tiles", "words"),
    [
        (["K7", "R7", "R7"], "repeats the colour red"),  # RK-2
        (["R12", "R13", "R1"], "not in order"),  # RK-3: no wrap-around
        (["B11", "B12", "B13", "J"], "would go past 13"),  # RK-3, RK-4
        (["J", "B1", "B2"], "would go below 1"),
        (["R5", "R6"], "at least 3 tiles"),  # a two-tile set
        (["K7", "R7", "B7", "O7", "J"], "more than 4"),  # RK-2
        (["R5", "R6", "K7"], "neither a run"),
        (["J", "J", "R6", "R8"], "not in order"),
    ],
)
def test_rk2_to_rk4_bad_sets_say_why(tiles: list[str], words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        read_set(tiles)


def test_rk4_joker_readings_and_normalising() -> None:
    assert read_set(["R5", "J", "R7"]).readings == (((((1, 6),), 18)),)
    group = read_set(["B9", "J", "K9"])  # either missing colour; written in colour order
    assert group.tiles == ("K9", "B9", "J")
    assert {r[0] for r in group.readings} == {((1, 9),), ((3, 9),)}
    assert read_set(["R7", "R5", "R6"]).tiles == ("R5", "R6", "R7")  # jokerless: sorted
    assert read_set(["R1"] + [f"R{n}" for n in range(2, 14)]).tiles[-1] == "R13"


def test_rk6_a_play_keeps_the_table_and_places_a_tile() -> None:
    state = position([RUN], ["R7", "K1"])
    after = GAME.apply(state, 0, play([["R4", "R5", "R6", "R7"]]))
    assert after.table == (("R4", "R5", "R6", "R7"),)
    assert after.racks[0] == ("K1",) and after.turn == 1
    refused(state, play([RUN]), "at least one tile")
    refused(state, play([["R5", "R6", "R7"]]), "R4 was on the table")  # taken back: refused
    refused(state, play([RUN, ["R7", "R8", "R9"]]), "you do not have R8 R9")
    refused(state, play([["R4", "R5", "R6", "R7", "K1"]]), "neither a run")


def test_rk8_initial_meld_needs_30_from_the_rack_only() -> None:
    rack = ["K9", "R9", "B9", "O1", "O2", "O3", "K3"]
    state = position([RUN], rack, melded=False)
    refused(state, play([RUN, ["K9", "R9", "B9"]]), "worth 27")
    ok = GAME.apply(state, 0, play([RUN, ["O1", "O2", "O3"], ["K9", "R9", "B9"]]))
    new_sets = (("O1", "O2", "O3"), ("K9", "R9", "B9"))  # RK-20: the sets the play made
    placed = ("K9", "R9", "B9", "O1", "O2", "O3")
    assert ok.melded[0] and ok.log[-1] == ("play", 0, placed, True, (), new_sets)
    state = position([RUN], ["K10", "R10", "B10", "R3"], melded=False)
    refused(state, play([["R3", "R4", "R5", "R6"], ["K10", "R10", "B10"]]), "initial meld")


def test_rk8_a_29_point_meld_is_refused() -> None:
    state = position([], ["K9", "R9", "B9", "O1", "O2"], melded=False)
    refused(state, play([["K9", "R9", "B9"]]), "worth 27; it must be worth at least 30")
    state = position([], ["K10", "R10", "B9", "K9", "R9"], melded=False)
    refused(state, play([["K9", "R9", "B9"]]), "worth 27")


def test_rk9_jokers_in_the_initial_meld_only_with_the_option() -> None:
    rack = ["K10", "R10", "J", "O2"]
    refused(position([], rack, melded=False), play([["K10", "R10", "J"]]), "jokers may not")
    state = position([], rack, melded=False, options={"jokers_in_first_meld": True})
    after = GAME.apply(state, 0, play([["K10", "R10", "J"]]))  # the joker counts 10: 30
    assert after.melded[0]


def test_rk11_rearranging_the_table() -> None:
    state = position([["R4", "R5", "R6", "R7"]], ["K7", "B7"])
    after = GAME.apply(state, 0, play([["R4", "R5", "R6"], ["R7", "K7", "B7"]]))
    assert after.table == (("R4", "R5", "R6"), ("K7", "R7", "B7"))
    # a loose tile is refused: every set must be valid at the end (RK-6)
    refused(state, play([["R4", "R5", "R6"], ["R7"], ["K7", "B7"]]), "too short")


def test_rk12_freeing_a_joker_needs_its_tile() -> None:
    table = [["R5", "R6", "R7", "J"]]  # the joker is R8
    refused(
        position(table, ["K10", "K11"]),
        play([["R5", "R6", "R7"], ["J", "K10", "K11"]]),
        "stands for R8",
    )
    after = GAME.apply(
        position(table, ["R8", "K10", "K11"]),
        0,
        play([["R5", "R6", "R7", "R8"], ["J", "K10", "K11"]]),
    )
    assert after.racks[0] == () and after.turn is None  # RK-15: the rack is empty


def test_rk12_a_group_joker_is_freed_by_either_missing_colour() -> None:
    state = position([["K9", "B9", "J"]], ["O9", "K10", "K11", "R1"])
    after = GAME.apply(state, 0, play([["K9", "B9", "O9"], ["J", "K10", "K11"]]))
    assert after.table == (("K9", "B9", "O9"), ("J", "K10", "K11"))
    refused(
        position([["K9", "B9", "O9", "J"]], ["K10", "K11"]),
        play([["K9", "B9", "O9"], ["J", "K10", "K11"]]),
        "stands for R9",
    )


def test_rk13_a_joker_set_may_grow() -> None:
    state = position([["R5", "J", "R7"]], ["R8", "R4"])
    after = GAME.apply(state, 0, play([["R4", "R5", "J", "R7", "R8"]]))
    assert after.table == (("R4", "R5", "J", "R7", "R8"),)


def test_rk7_draw_and_rk14_timeout() -> None:
    state = position([], ["R1", "K5"])
    drawn = GAME.apply(state, 0, {"kind": "draw"})
    assert len(drawn.racks[0]) == 3 and len(drawn.pool) == len(state.pool) - 1
    assert drawn.turn == 1
    late = GAME.apply(state, 0, {"kind": "timeout"})  # RK-14: three penalty tiles
    assert len(late.racks[0]) == 5 and len(late.pool) == len(state.pool) - 3
    assert late.turn == 1 and late.table == state.table
    short = replace(state, pool=state.pool[:2])
    assert len(GAME.apply(short, 0, {"kind": "timeout"}).racks[0]) == 4  # as many as there are
    assert GAME.legal_actions(state, 0) == [{"kind": "draw"}] == [GAME.default_action(state, 0)]
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        GAME.apply(state, 1, {"kind": "draw"})
    refused(state, {"kind": "draw", "table": []}, "no field")
    refused(state, {"kind": "bid"}, "unknown action kind")


def test_rk15_rk16_going_out_scores() -> None:
    state = position([RUN], ["R7"])
    others = (("K1", "J", "O13"),)
    state = replace(state, racks=(state.racks[0], *others))
    over = GAME.apply(state, 0, play([["R4", "R5", "R6", "R7"]]))
    assert GAME.is_over(over) and GAME.to_act(over) == []
    assert GAME.result(over) == {"scores": [44, -44], "winners": [0]}  # joker on a rack = 30
    assert over.log[-1] == ("game_end", 1, (44, -44), (0,), "out", ((), others[0]))
    assert GAME.view(over, 0)["log"][-1]["racks"] == [[], ["K1", "J", "O13"]]  # face up


def test_rk17_blocked_game_ends_after_a_round_of_passes() -> None:
    state = position([], ["R1", "R2"], players=3)
    state = replace(state, pool=(), racks=(("R1", "R2"), ("K5",), ("B3", "B4")))
    for seat in (0, 1):
        state = GAME.apply(state, seat, {"kind": "draw"})
        assert state.log[-1] == ("pass", seat) and not GAME.is_over(state)
    state = GAME.apply(state, 2, {"kind": "draw"})
    # sums 3, 5, 7: the lowest wins what the others lose relative to it
    assert GAME.result(state) == {"scores": [6, -2, -4], "winners": [0]}
    assert state.log[-1][4] == "blocked"


def test_rk17_the_draw_of_the_last_tile_is_not_a_pass_and_a_play_restarts_the_count() -> None:
    state = position([RUN], ["R7", "K1"])
    state = replace(state, pool=state.pool[:1])
    state = GAME.apply(state, 0, {"kind": "draw"})
    assert state.passes == 0
    state = GAME.apply(state, 1, {"kind": "draw"})
    assert state.passes == 1
    state = GAME.apply(state, 0, play([["R4", "R5", "R6", "R7"]]))
    assert state.passes == 0


def test_rk17_ties_split_rounded_down() -> None:
    scores, winners = game_scores((("K3",), ("R3",), ("B10",)))
    assert winners == [0, 1] and scores == [3, 3, -7]
    scores, winners = game_scores((("K3",), ("R3",), ("B4",), ("O4",)))
    assert scores == [1, 1, -1, -1]


def test_rk18_a_match_of_games_moves_the_first_seat() -> None:
    state = GAME.new(2, 5, {"games": 2, "first": 1})
    state = replace(state, racks=(state.racks[0], ("R4", "R5", "R6")), table=())
    state = replace(state, melded=(False, True))
    after = GAME.apply(state, 1, play([["R4", "R5", "R6"]]))
    assert after.game_no == 2 and after.first == 0 and after.turn == 0
    assert not GAME.is_over(after) and after.table == () and after.melded == (False, False)
    assert after.scores[1] > 0 and sum(after.scores) == 0
    assert all(len(r) == 14 for r in after.racks)


def test_rk19_to_rk21_views_hide_racks_pool_and_draws() -> None:
    state = GAME.new(3, 11, {"first": 0})
    state = GAME.apply(state, 0, {"kind": "draw"})
    mine, theirs, spectator = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert mine["rack"] == list(state.racks[0]) and theirs["rack"] == list(state.racks[1])
    assert spectator["rack"] is None
    assert mine["log"][-1] == {"type": "draw", "seat": 0, "tile": state.log[-1][2]}
    assert theirs["log"][-1] == {"type": "draw", "seat": 0}
    assert mine["rack_sizes"] == [15, 14, 14] and mine["pool_left"] == 106 - 43
    for key in ("table", "melded", "active", "scores", "turn_seconds", "game_no", "games"):
        assert key in mine
    assert "pool" not in str(theirs.keys()).replace("pool_left", "")
