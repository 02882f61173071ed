"""No Thanks! bots. Each sees only its seat's view (never the state), so none can cheat."""

from __future__ import annotations

import random
from typing import Any

from core.api import Action, View
from core.nothanks.rules import card_points

TAKE: Action = {"kind": "take"}
PASS: Action = {"kind": "pass"}


def marginal_cost(view: View, seat: int) -> int:
    """What taking the offered card would change this seat's score by (NT-11), pot included."""
    mine = view["cards"][seat]
    return card_points([*mine, view["card"]]) - card_points(mine) - view["pot"]


class EasyBot:
    """Takes a card when it costs little: it extends a run, or enough tokens sit on it."""

    def __init__(self, **_settings: Any) -> None:
        pass

    def act(self, view: View, rng: random.Random) -> Action:
        seat = view["seat"]
        if view["tokens"][seat] == 0:  # NT-8
            return TAKE
        return TAKE if marginal_cost(view, seat) <= 6 else PASS


BOTS = {"easy": EasyBot, "normal": EasyBot, "hard": EasyBot}
