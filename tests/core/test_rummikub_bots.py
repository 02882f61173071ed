"""Rummikub bots: what each level does in positions where the levels differ (hard has its
own file, test_rummikub_hard.py)."""

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
