"""Match records: the header a game was created with plus every applied action, in order.

Saves, host journals and replays are all this one shape, so anything that can rebuild a
record can resume a crashed host or show a finished game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from core.api import Action
from core.registry import get_bot, get_game


def new_record(
    game: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """An empty record; append `[seat, action]` pairs to its `actions` as they are applied."""
    return {
        "game": game,
        "players": players,
        "seed": seed,
        "options": dict(options or {}),
        "actions": [],
    }


def replay(record: dict[str, Any]) -> Any:
    """The state the record leads to; IllegalMove if an action in it does not apply."""
    game = get_game(record["game"])
    state = game.new(record["players"], record["seed"], record.get("options") or None)
    for seat, action in record.get("actions", []):
        state = game.apply(state, seat, action)
    return state


def record_action(record: dict[str, Any], seat: int, action: Action) -> None:
    """Append one applied action to a record."""
    record["actions"].append([seat, dict(action)])


def bot_record(
    game: str,
    levels: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    stop: Callable[[Any], bool] | None = None,
) -> dict[str, Any]:
    """The record of a game between bots of `levels`, fixed by `seed`, to its end or until
    `stop(state)`: finished games for replays' tests and benchmarks, and the opening moves of
    a late position for Pilot tests, without a table."""
    rules = get_game(game)
    record = new_record(game, len(levels), seed, options)
    state = rules.new(len(levels), seed, options)
    bots = [get_bot(game, level) for level in levels]
    rng = random.Random(seed)
    while not rules.is_over(state) and not (stop is not None and stop(state)):
        seat = rules.to_act(state)[0]
        action = bots[seat].act(rules.view(state, seat), rng)
        state = rules.apply(state, seat, action)
        record_action(record, seat, action)
    return record
