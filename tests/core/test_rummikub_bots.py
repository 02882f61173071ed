"""Rummikub bots: what each level does in positions where the levels differ."""

from __future__ import annotations

import random
from dataclasses import replace

from core.rummikub import GAME
from core.rummikub.bots import BOTS
from core.rummikub.positions import state_at


def act(level: str, state) -> dict:
    return BOTS[level]().act(GAME.view(state, 0), random.Random(0))


def test_easy_lays_rack_sets_only_and_needs_30_first() -> None:
    state = state_at([["R4", "R5", "R6"]], ["R7", "K9", "B9", "O9", "K1"])
    assert act("easy", state)["table"] == [["R4", "R5", "R6"], ["K9", "B9", "O9"]]
    assert act("easy", replace(state, melded=(False, False))) == {"kind": "draw"}  # 27 < 30


def test_normal_uses_the_table() -> None:
    state = state_at([["R4", "R5", "R6"]], ["R7", "K9", "B9", "O9", "K1"])
    action = act("normal", state)
    assert sorted(map(tuple, action["table"])) == [("K9", "B9", "O9"), ("R4", "R5", "R6", "R7")]


def test_hard_keeps_its_joker_while_the_game_is_calm_and_not_when_it_is_not() -> None:
    state = state_at([["R4", "R5", "R6"]], ["R7", "J", "K2", "O11"], players=4)
    calm = act("hard", state)
    assert "J" not in [t for s in calm["table"] for t in s]
    GAME.apply(state, 0, calm)
    racks = (state.racks[0], ("K1", "K2"), *state.racks[2:])
    urgent = act("hard", replace(state, racks=racks))  # an opponent is about to go out
    assert "J" in [t for s in urgent["table"] for t in s]
