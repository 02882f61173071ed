"""The leak scan the LAN game tests share: every frame a remote client received, against the
game replayed from the table's record.

Each frame must carry no secret key and not the seed; each state frame must be exactly the
seat's view of the state at its version, and the same view must come out when everything the
seat may not know is drawn again (`twin`: other hands, others' undecided choices, the seed).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from core import get_game
from tests.net.conftest import Game
from tests.net.test_game import keys

STALE = "you have moved since"


def remote_state_frames(
    game: Game, game_id: str, secret_keys: set[str]
) -> Iterator[tuple[int, dict[str, Any], Any]]:
    """Scan every remote client's frames as above; yield (seat, state frame, replayed state)
    for the game's own checks.

    The drivers answer every state that awaits their seat; while others decide, a second
    answer to the same decision is refused as stale, and nothing else may be refused.
    """
    referee = game.host.referee
    assert referee is not None
    rules = get_game(game_id)
    record = referee.record
    states = [rules.new(record["players"], record["seed"], record["options"] or None)]
    for seat, action in record["actions"]:
        states.append(rules.apply(states[-1], seat, action))
    seed = str(record["seed"])
    rng = random.Random(1)
    for driver, session in zip(game.drivers[1:], game.sessions[1:], strict=True):
        seat = session.seat
        assert seat is not None
        assert all(STALE in e["message"] for e in driver.errors())
        for frame in driver.frames:
            assert not keys(frame) & secret_keys, frame
            assert len(seed) < 6 or seed not in json.dumps(frame), "the seed reached a client"
            if frame["type"] != "state":
                continue
            state = states[frame["version"]]
            view = frame["view"]
            assert view == rules.view(state, seat)
            assert rules.view(rules.twin(state, seat, rng), seat) == view
            yield seat, frame, state
