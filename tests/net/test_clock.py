"""The turn clock, with a tiny stand-in game: it needs none of a real game's rules.

"Tick-tock" has two seats taking turns; a turn ends with `move` or with the host's `timeout`;
the game is over after four turns. Its view shows the log of who moved or timed out.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import core.registry
import net.clock
from core import IllegalMove
from net.client import connect
from net.clock import TurnClock
from net.host import Host
from net.referee import Referee, Seat
from tests.net.conftest import FlakyJournal, wait_for


class TickTock:
    id = "ticktock"
    title = "Tick-tock"
    min_players = 2
    max_players = 2
    options = {"turn_seconds": 60}  # noqa: RUF012

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> tuple:
        return ()

    def to_act(self, state: tuple) -> list[int]:
        return [] if len(state) >= 4 else [len(state) % 2]

    def legal_actions(self, state: tuple, seat: int) -> list[dict[str, Any]]:
        return [{"kind": "move"}] if seat in self.to_act(state) else []

    def apply(self, state: tuple, seat: int, action: dict[str, Any]) -> tuple:
        if seat not in self.to_act(state) or action.get("kind") not in ("move", "timeout"):
            raise IllegalMove("not now")
        return (*state, action["kind"])

    def view(self, state: tuple, seat: int | None) -> dict[str, Any]:
        over = self.is_over(state)
        return {
            "game": self.id,
            "seat": seat,
            "players": 2,
            "to_act": self.to_act(state),
            "over": over,
            "log": list(state),
        }

    def is_over(self, state: tuple) -> bool:
        return len(state) >= 4

    def round_number(self, state: tuple) -> int:
        return 0

    def result(self, state: tuple) -> dict[str, list[int]]:
        return {"scores": [0, 0], "winners": []}

    def timeout_action(self, state: tuple, seat: int) -> dict[str, Any]:
        return {"kind": "timeout"}


@pytest.fixture(autouse=True)
def _ticktock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(core.registry.GAMES, "ticktock", TickTock())


async def test_the_clock_times_out_idle_turns_and_messages_carry_the_countdown() -> None:
    states: list[dict[str, Any]] = []
    host = Host(
        "ticktock",
        name="H",
        options={"turn_seconds": 0.05},
        on_message=lambda m: states.append(m) if m["type"] == "state" else None,
    )
    port = await host.serve("127.0.0.1", 0)
    guest = await connect("127.0.0.1", port, "G")
    try:
        referee = host.start()
        first = states[0]["clock"]
        assert first["seats"] == [0] and 0 < first["seconds_left"] <= 0.05
        assert host.local is not None
        await host.local.act({"kind": "move"})
        await asyncio.wait_for(referee.finished.wait(), 2)
        assert referee.view(None)["log"] == ["move", "timeout", "timeout", "timeout"]
        assert states[-1]["clock"] is None
        with pytest.raises(IllegalMove, match="only the host's clock can time a turn out"):
            await guest.act({"kind": "timeout"})  # never accepted from a client
    finally:
        await guest.close()
        await host.close()


async def test_no_clock_without_turn_seconds() -> None:
    host = Host("ticktock", name="H", options={"turn_seconds": 0})
    port = await host.serve("127.0.0.1", 0)
    guest = await connect("127.0.0.1", port, "G")
    try:
        referee = host.start()
        # No clock was made, so none can ever time a turn out: nothing to wait for.
        assert host.running is not None and host.running.clock is None
        assert referee.version == 0 and referee.message(0)["clock"] is None
    finally:
        await guest.close()
        await host.close()


async def test_a_timeout_that_cannot_be_saved_is_tried_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The clock must not give up on a turn because the journal failed once."""
    monkeypatch.setattr(net.clock, "SAVE_RETRY", 0.01)
    journal = FlakyJournal(2)
    referee = Referee("ticktock", [Seat("A"), Seat("B")], seed=1, write_ahead=journal)
    clock = TurnClock(referee, 0.01)
    clock.restart()
    await wait_for(lambda: referee.version)
    assert journal.failures == 0 and referee.record["actions"] == [[0, {"kind": "timeout"}]]
    clock.stop()


CLOCKED = sorted(g for g, game in core.registry.GAMES.items() if "turn_seconds" in game.options)


@pytest.mark.parametrize("game_id", CLOCKED)
async def test_a_table_left_at_its_defaults_has_the_default_clock(game_id: str) -> None:
    """RK-14 (issue 22): no one chose a clock, so the game's default one runs; the lobby says
    so too (its `options` stay the chosen ones, `game_options` the defaults)."""
    game = core.registry.GAMES[game_id]
    host = Host(game_id, name=None, players=game.min_players, joins=None)
    for seat in range(game.min_players):
        host.set_bot(seat, "easy")
    host.bot_delay = 3600.0  # nobody moves: the clock is all there is
    assert host.lobby.options == {}
    host.start()
    try:
        referee = host.referee
        assert referee is not None and referee.clock is not None
        assert referee.clock.seconds == game.options["turn_seconds"] > 0
        clock = referee.message(0)["clock"]
        assert clock is not None and clock["seats"] == game.to_act(referee.state)
    finally:
        await host.close()
