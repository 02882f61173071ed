"""Recorded random Papayoo games, to hold a rewritten engine to the old one move for move.

`record(...)` plays a random game through the contract and keeps, besides its actions, a short
digest of everything the contract shows at every step: who is to act, every seat's view and
the spectator's, the acting seat's legal actions and the result. The records in
`data/papayoo_replays.json` were made with the engine as it stood before it was made faster
(issue 38); `tests/core/test_papayoo_replays.py` replays them on today's engine and compares
every digest. Regenerate them only on purpose (a rules change):

    .venv/bin/python -m tests.core.papayoo_replays
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import core

GAME = core.get_game("papayoo")
DATA = Path(__file__).parent / "data" / "papayoo_replays.json"

# (players, deals, game seed, moves seed): every player count, one to three deals.
GAMES = [
    (players, 1 + (index + players) % 3, 1000 * players + index, 7 * players + index)
    for players in range(3, 9)
    for index in range(3)
]


def step_digest(state: Any, seat: int | None) -> str:
    """Eight hex digits over what the contract shows before `seat` acts in `state` (None: at
    the end, where nobody acts)."""
    shown = {
        "to_act": GAME.to_act(state),
        "views": [GAME.view(state, s) for s in [*range(state.players), None]],
        "result": GAME.result(state),
        "over": GAME.is_over(state),
    }
    if seat is not None:
        shown["legal"] = GAME.legal_actions(state, seat)
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def encode(action: dict[str, Any]) -> str:
    """An action as a few characters: `S7` for a play, `S7.H3.P20.D1.C9` for a pass."""
    if action["kind"] == "play":
        return action["card"]
    return ".".join(action["cards"])


def decode(text: str) -> dict[str, Any]:
    cards = text.split(".")
    if len(cards) == 1:
        return {"kind": "play", "card": cards[0]}
    return {"kind": "pass_cards", "cards": cards}


def record(players: int, deals: int, seed: int, moves_seed: int) -> dict[str, Any]:
    """One random game: its set-up, its moves as `seat:action` and a digest per step."""
    rng = random.Random(moves_seed)
    state = GAME.new(players, seed, {"deals": deals})
    moves, digests = [], []
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        digests.append(step_digest(state, seat))
        action = GAME.random_action(state, seat, rng)
        moves.append(f"{seat}:{encode(action)}")
        state = GAME.apply(state, seat, action)
    digests.append(step_digest(state, None))
    return {
        "players": players,
        "deals": deals,
        "seed": seed,
        "moves": " ".join(moves),
        "digests": "".join(digests),
    }


def main() -> None:
    records = [record(*game) for game in GAMES]
    DATA.write_text(json.dumps(records, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
