"""A Papayoo deal over loopback TCP: the host person, two remote players and a bot.

Every frame a remote client received is scanned. A state frame is exactly that seat's view of
the replayed state at its version, and the same view comes out when everything the seat may
not know is drawn again (other hands, others' undecided passes, the seed: `Papayoo.twin`).
Every card named anywhere in any frame is one the seat may know: its own hand, its own pass,
what it received once every seat had passed, the Papayoo, or a card played face up. So no
other hand, no pass before it is revealed to that seat, no seed and no deck order ever
reached a client (PY-10, PY-19, PY-20, PY-21).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from core import get_game
from core.papayoo import PapayooState
from tests.net.conftest import start_game
from tests.net.leaks import remote_state_frames

SECRET_KEYS = {"seed", "hands", "chosen", "passes", "deck", "rng", "state"}
CARD = re.compile(r"[SHDCP](?:[1-9]|1[0-9]|20)")
GAME = get_game("papayoo")


def strings(obj: object) -> Iterator[str]:
    """Every string anywhere inside a message, map keys included."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from strings(value)


def known_cards(state: PapayooState, seat: int) -> set[str]:
    """The cards `seat` may have seen by `state` (PY-19/20): its hand, its own choice, the
    Papayoo the die named (PY-11), the cards played, and both ends of its passes once every
    seat has passed (PY-10)."""
    known = set(state.hands[seat]) | set(state.chosen[seat] or ()) | {state.papayoo}
    for entry in state.entries():
        if entry[0] == "play":
            known.add(entry[2])
    for passes in state.passes:
        known |= set(passes[seat]) | set(passes[seat - 1])
    return known


def others_undecided_hidden(state: PapayooState, seat: int) -> bool:
    """Whether another seat has chosen its pass while this one still sees the pass phase."""
    return state.phase == "pass" and any(
        chosen is not None for s, chosen in enumerate(state.chosen) if s != seat
    )


async def test_papayoo_lan_deal_sends_no_hand_pass_or_seed_of_others() -> None:
    game = await start_game(players=4, remote=2, game_id="papayoo", options={"deals": 1})
    try:
        await game.finish(timeout=30.0)
        checked = hidden_passes = 0
        for seat, frame, state in remote_state_frames(game, "papayoo", SECRET_KEYS):
            named = {s for s in strings(frame) if CARD.fullmatch(s)}
            assert named <= known_cards(state, seat), named - known_cards(state, seat)
            hidden_passes += others_undecided_hidden(state, seat)
            checked += 1
        assert checked > 100 and hidden_passes > 0
        # the last frame scanned shows the end: one whole deal, 250 points handed out (PY-17)
        assert state.phase == "over" and sum(state.totals) == 250
    finally:
        for session in game.sessions[1:]:
            await session.close()  # type: ignore[attr-defined]
        await game.host.close()


def test_the_card_scan_sees_a_leak() -> None:
    """The scan itself: another seat's hand in a frame is caught (so a pass above means
    something)."""
    state = GAME.new(4, 3, {"deals": 1})
    other: Any = {"view": {"hand": list(state.hands[1])}}
    named = {s for s in strings(other) if CARD.fullmatch(s)}
    assert named and not named <= known_cards(state, 0)
