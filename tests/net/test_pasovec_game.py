"""A whole Pásovec game over loopback TCP: the host person, two remote players and a bot.

Every state frame a remote client received is checked against the game itself: it is exactly
that seat's view of the state at its version, and it stays the same when everything the seat
may not know is changed (others' hands, the cards set aside, others' undecided decisions, the
seed: `Pasovec.twin`). So no other hand, no undecided decision of another player and no seed
ever reached a client (PA-15, PA-17).
"""

from __future__ import annotations

import json
import random

from core import get_game
from tests.net.conftest import start_game
from tests.net.test_game import keys

STALE = "you have moved since"
SECRET_KEYS = {"seed", "tape", "aside", "hands", "choices", "deck", "rng", "state"}


async def test_pasovec_lan_game_sends_no_hand_decision_or_seed_of_others() -> None:
    game = await start_game(players=4, remote=2, game_id="pasovec")
    try:
        await game.finish(timeout=30.0)
        table = game.host.table
        assert table is not None
        pasovec = get_game("pasovec")
        record = table.record
        states = [pasovec.new(record["players"], record["seed"], record["options"] or None)]
        for seat, action in record["actions"]:
            states.append(pasovec.apply(states[-1], seat, action))
        seed = str(record["seed"])
        rng = random.Random(1)
        checked = hidden_decisions = 0
        for driver, session in zip(game.drivers[1:], game.sessions[1:], strict=True):
            seat = session.seat
            assert seat is not None
            # The driver answers every state that awaits its seat; while others decide, a second
            # answer to the same decision is refused as stale, and nothing else is.
            assert all(STALE in e["message"] for e in driver.errors())
            for frame in driver.frames:
                text = json.dumps(frame)
                assert not keys(frame) & SECRET_KEYS, frame
                assert len(seed) < 6 or seed not in text, "the seed reached a client"
                if frame["type"] != "state":
                    continue
                state = states[frame["version"]]
                view = frame["view"]
                assert view == pasovec.view(state, seat)
                assert view["hand"] == list(state.hands[seat])  # PA-15: its own hand only
                twin = pasovec.twin(state, seat, rng)
                assert pasovec.view(twin, seat) == view  # nothing of what it may not know
                if state.phase == "decide" and any(
                    c is not None for i, c in enumerate(state.choices) if i != seat
                ):
                    hidden_decisions += 1
                checked += 1
        assert checked > 50 and hidden_decisions > 0
        assert states[-1].phase == "over" and len(states[-1].penalties) == 3  # PA-13
    finally:
        for session in game.sessions[1:]:
            await session.close()  # type: ignore[attr-defined]
        await game.host.close()
