"""The referee's freshness rule for intents, with a tiny simultaneous-decision game.

"Vote": three seats each choose at once, then the game is over. No registered game has a
simultaneous decision yet (Papayoo's pass and Pásovec's decide will), so the rule is pinned here.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import core
import core.registry
import net.referee
from core import IllegalMove
from net.referee import Referee, Seat
from tests.net.conftest import FlakyJournal, wait_for


class Vote:
    id = "vote"
    title = "Vote"
    min_players = 3
    max_players = 3
    options: dict[str, Any] = {}  # noqa: RUF012

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple:
        return (None, None, None)

    def to_act(self, state: tuple) -> list[int]:
        return [seat for seat, choice in enumerate(state) if choice is None]

    def legal_actions(self, state: tuple, seat: int) -> list[dict[str, Any]]:
        return [{"kind": "vote"}] if seat in self.to_act(state) else []

    def apply(self, state: tuple, seat: int, action: dict[str, Any]) -> tuple:
        if seat not in self.to_act(state):
            raise IllegalMove("you have voted")
        return tuple("voted" if i == seat else c for i, c in enumerate(state))

    def view(self, state: tuple, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.id,
            "seat": seat,
            "players": 3,
            "to_act": self.to_act(state),
            "over": self.is_over(state),
            "log": [],
        }

    def is_over(self, state: tuple) -> bool:
        return not self.to_act(state)

    def round_number(self, state: tuple) -> int:
        return 0

    def result(self, state: tuple) -> dict[str, list[int]]:
        return {"scores": [0, 0, 0], "winners": []}


@pytest.fixture
def referee(monkeypatch: pytest.MonkeyPatch) -> Referee:
    monkeypatch.setitem(core.registry.GAMES, "vote", Vote())
    return Referee("vote", [Seat("A"), Seat("B"), Seat("C")], seed=1)


def test_others_simultaneous_choices_do_not_make_an_intent_stale(referee: Referee) -> None:
    referee.act(0, {"kind": "vote"}, version=0)
    referee.act(1, {"kind": "vote"}, version=0)  # decided before seat 0's vote landed
    referee.act(2, {"kind": "vote"}, version=1)
    assert referee.finished.is_set() and referee.version == 3


def test_a_repeated_intent_is_refused_and_changes_nothing(referee: Referee) -> None:
    referee.act(0, {"kind": "vote"}, version=0)
    with pytest.raises(IllegalMove, match="you have moved since"):
        referee.act(0, {"kind": "vote"}, version=0)
    assert referee.version == 1 and referee.record["actions"] == [[0, {"kind": "vote"}]]


@pytest.mark.parametrize("version", [-1, 2, "0", True, 0.0])
def test_a_version_the_table_never_had_is_refused(referee: Referee, version: object) -> None:
    with pytest.raises(IllegalMove):
        referee.act(0, {"kind": "vote"}, version=version)  # type: ignore[arg-type]
    assert referee.version == 0


def test_an_intent_decided_when_it_was_not_your_move_is_refused() -> None:
    game = core.get_game("nothanks")
    nothanks = Referee("nothanks", [Seat("A"), Seat("B"), Seat("C")], seed=3, options={"first": 0})
    assert game.to_act(nothanks.state) == [0]
    nothanks.act(0, {"kind": "pass"}, version=0)
    nothanks.act(1, {"kind": "pass"}, version=1)
    nothanks.act(2, {"kind": "pass"}, version=2)
    # Seat 1 pressed "take" back at version 0, when it was seat 0's turn; the pot has grown.
    nothanks.act(0, {"kind": "pass"}, version=3)
    with pytest.raises(IllegalMove, match="not your move"):
        nothanks.act(1, {"kind": "take"}, version=0)
    nothanks.act(1, {"kind": "take"}, version=4)
    assert nothanks.state.cards[1] != ()


def disk_full(seat: int, action: object) -> None:
    raise OSError(28, "No space left on device")


def test_a_move_the_journal_cannot_take_changes_nothing(referee: Referee) -> None:
    told: list[int] = []
    referee.write_ahead = disk_full
    referee.on_action = lambda seat, action: told.append(seat)
    with pytest.raises(OSError):
        referee.act(0, {"kind": "vote"}, version=0)
    assert referee.version == 0 and referee.state == (None, None, None)
    assert referee.record["actions"] == [] and told == []
    referee.write_ahead = None
    referee.act(0, {"kind": "vote"}, version=0)  # the same intent is still fresh afterwards
    assert referee.version == 1


async def test_a_failed_bot_turn_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    def broken(seat: int, action: object) -> None:
        raise RuntimeError("a bug in the journal")

    bots = Referee(
        "nothanks", [Seat("A", "bot", "easy"), Seat("B"), Seat("C")], seed=3, options={"first": 0}
    )
    bots.write_ahead = broken
    bots.start()
    await wait_for(lambda: "the bot of seat 0 failed" in caplog.text)
    assert "the bot of seat 0 failed" in caplog.text and "a bug in the journal" in caplog.text
    assert bots.version == 0
    await bots.close()


async def test_a_bot_move_that_cannot_be_saved_is_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A journal that fails for a while must not leave the game waiting on a bot for ever."""
    monkeypatch.setattr(net.referee, "SAVE_RETRY", 0.01)
    journal = FlakyJournal(3)
    seats = [Seat(name, "bot", "easy") for name in "ABC"]
    referee = Referee("nothanks", seats, seed=5, write_ahead=journal)
    referee.start()
    await asyncio.wait_for(referee.finished.wait(), 10)
    assert journal.failures == 0 and core.get_game("nothanks").is_over(referee.state)
    await referee.close()
