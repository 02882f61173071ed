"""Bots at a referee: one decision per simultaneous choice, and the game's default as fallback."""

from __future__ import annotations

import asyncio
from typing import Any

from core import replay
from net.referee import Referee, Seat
from tests.net.conftest import wait_for
from tests.standins import register


class CountingBot:
    """Votes 2 and counts how often it was asked; an optional crash or illegal answer."""

    calls = 0

    def __init__(self, answer: Any = None) -> None:
        self.answer = answer

    def act(self, view: dict[str, Any], rng: Any) -> Any:
        type(self).calls += 1
        if self.answer == "crash":
            raise RuntimeError("a bot bug")
        return self.answer or {"kind": "vote", "value": 2}


async def test_bots_deciding_together_each_think_once_per_decision() -> None:
    with register("vote"):
        CountingBot.calls = 0
        referee = Referee("vote", [Seat(f"B{i}", "bot", "easy") for i in range(4)], seed=3)
        for index in range(4):
            referee._bots[index] = CountingBot()
        referee.start()
        await asyncio.wait_for(referee.finished.wait(), 10)
        rounds = referee.game.options["rounds"]
        assert CountingBot.calls == 4 * rounds  # no bot thought again after another voted
        await referee.close()


async def test_a_crashed_or_illegal_bot_falls_back_to_the_default_action() -> None:
    with register("vote"):
        referee = Referee("vote", [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], seed=5)
        referee._bots[0] = CountingBot("crash")
        referee._bots[1] = CountingBot({"kind": "vote", "value": 9})
        referee.start()
        await asyncio.wait_for(referee.finished.wait(), 10)
        default = referee.game.default_action(referee.game.new(2, 5), 0)
        assert all(action == default for _, action in referee.record["actions"])
        await referee.close()


async def test_mid_game_dice_replay_from_the_record() -> None:
    """design.md: all chance after `new` comes from the state's seed, so the record rebuilds it."""
    with register("dice"):
        referee = Referee("dice", [Seat("A", "bot", "easy"), Seat("B", "bot", "easy")], seed=11)
        referee.start()
        await wait_for(referee.finished.is_set, 10)
        again = replay(referee.record)
        assert referee.game.view(again, None) == referee.view(None)
        assert len({v for _, v in again.rolls}) > 1  # the dice really rolled
        await referee.close()
