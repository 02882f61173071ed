"""A whole Pásovec game over loopback TCP: the host person, two remote players and a bot.

Every state frame a remote client received is checked against the game itself: it is exactly
that seat's view of the state at its version, and it stays the same when everything the seat
may not know is changed (others' hands, the cards set aside, others' undecided decisions, the
seed: `Pasovec.twin`). So no other hand, no undecided decision of another player and no seed
ever reached a client (PA-15, PA-17).
"""

from __future__ import annotations

from tests.net.conftest import start_game
from tests.net.leaks import remote_state_frames

SECRET_KEYS = {"seed", "tape", "aside", "hands", "choices", "deck", "rng", "state"}


async def test_pasovec_lan_game_sends_no_hand_decision_or_seed_of_others() -> None:
    game = await start_game(players=4, remote=2, game_id="pasovec")
    try:
        await game.finish(timeout=30.0)
        checked = hidden_decisions = 0
        for seat, frame, state in remote_state_frames(game, "pasovec", SECRET_KEYS):
            assert frame["view"]["hand"] == list(state.hands[seat])  # PA-15: its own hand only
            if state.phase == "decide" and any(
                c is not None for i, c in enumerate(state.choices) if i != seat
            ):
                hidden_decisions += 1
            checked += 1
        assert checked > 50 and hidden_decisions > 0
        assert state.phase == "over" and len(state.penalties) == 3  # the last frame (PA-13)
    finally:
        for session in game.sessions[1:]:
            await session.close()  # type: ignore[attr-defined]
        await game.host.close()
