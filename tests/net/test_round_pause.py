"""The pause between rounds (net/pause.py), with the stand-in Vote game: each vote is a round.

Two people and a bot at a table of three. When a round ends the table waits for the people
present; the bot does not move and a turn clock does not run until they are ready, have acted,
have gone, or the pause has timed out. A solo table (no timeout) waits as long as it takes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from net.client import connect
from net.host import Host
from net.referee import Referee, Seat
from tests.net.conftest import wait_for
from tests.standins import register


class Screen:
    """An endpoint that keeps what it was sent."""

    def __init__(self) -> None:
        self.states: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.states.append(message)

    @property
    def pause(self) -> dict[str, Any] | None:
        return self.states[-1]["pause"]


@pytest.fixture(autouse=True)
def vote_game() -> Iterator[None]:
    with register("vote"):
        yield


def table(pause_seconds: float | None = 30.0) -> tuple[Referee, list[Screen]]:
    seats = [Seat("Ana"), Seat("Bruno"), Seat("Bot", kind="bot", level="easy")]
    referee = Referee("vote", seats, seed=1, options={"rounds": 3}, pause_seconds=pause_seconds)
    screens = [Screen(), Screen()]
    for seat, screen in enumerate(screens):
        referee.attach(seat, screen)
    referee.start()
    return referee, screens


def votes(referee: Referee) -> int:
    """How many votes of the current round are in."""
    return sum(choice is not None for choice in referee.state.votes)


async def end_round_one(referee: Referee) -> None:
    await wait_for(lambda: votes(referee) == 1)  # the bot's vote
    for seat in (0, 1):
        referee.act(seat, referee.game.legal_actions(referee.state, seat)[0])
    assert referee.game.round_number(referee.state) == 1


async def test_the_table_waits_for_everyone_present_then_goes_on() -> None:
    referee, screens = table()
    await end_round_one(referee)
    assert screens[0].pause is not None and screens[0].pause["waiting"] == [0, 1]
    assert 0 < screens[0].pause["seconds_left"] <= 30.0
    referee.ready(0)
    assert screens[1].pause is not None and screens[1].pause["waiting"] == [1]
    assert votes(referee) == 0  # the bot waits under the pause
    referee.ready(1)
    assert screens[0].pause is None and screens[1].pause is None
    await wait_for(lambda: votes(referee) == 1)  # and moves once it is over
    await referee.close()


async def test_acting_counts_as_ready_and_an_away_seat_is_not_waited_for() -> None:
    referee, screens = table()
    await end_round_one(referee)
    referee.act(0, referee.game.legal_actions(referee.state, 0)[0])  # Ana votes at once
    assert screens[1].pause is not None and screens[1].pause["waiting"] == [1]
    referee.detach(screens[1])  # Bruno drops: nobody is left to wait for
    assert referee.pause is None
    await wait_for(lambda: votes(referee) == 2)
    await referee.close()


async def test_a_lan_pause_times_out_and_a_solo_one_waits() -> None:
    referee, screens = table(pause_seconds=0.05)
    await end_round_one(referee)
    assert referee.pause is not None
    await wait_for(lambda: referee.pause is None)  # nobody said ready: the timeout ends it
    await wait_for(lambda: votes(referee) == 1)
    assert screens[0].pause is None
    await referee.close()

    solo, screens = table(pause_seconds=None)
    await end_round_one(solo)
    assert screens[0].pause == {"waiting": [0, 1], "seconds_left": None}
    await solo.close()


async def test_no_pause_at_the_end_of_the_game_nor_without_people() -> None:
    seats = [Seat("Bot 1", kind="bot", level="easy"), Seat("Bot 2", kind="bot", level="easy")]
    referee = Referee("vote", seats, seed=2, options={"rounds": 2})
    referee.start()
    await wait_for(lambda: referee.finished.is_set())
    assert referee.pause is None
    await referee.close()


async def test_a_remote_player_says_ready_over_the_wire() -> None:
    """The protocol's `ready` (net/PROTOCOL.md): a client's reaches the host's pause."""
    host = Host("vote", name="Ana", players=3, joins=None, options={"rounds": 3})
    port = await host.serve("127.0.0.1", 0)
    bruno = await connect("127.0.0.1", port, "Bruno")
    host.set_bot(2, "easy")
    host.start()
    referee = host.referee
    assert referee is not None
    await wait_for(lambda: votes(referee) == 1)
    for seat in (0, 1):
        referee.act(seat, referee.game.legal_actions(referee.state, seat)[0])
    await wait_for(lambda: bruno.state is not None and bruno.state["pause"] is not None)
    assert bruno.state["pause"]["waiting"] == [0, 1]
    bruno.ready()
    await wait_for(lambda: referee.pause is not None and referee.pause.waiting == {0})
    assert host.local is not None
    host.local.ready()
    await wait_for(lambda: bruno.state["pause"] is None)
    await bruno.close()
    await host.close()
