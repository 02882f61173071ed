"""Start a solo game near its end, so a Pilot test that needs a final table (or the last
moves) does not play a whole game by keys first.

The position is reached the way a player's own machine would reach it: a real solo host deals
and journals the game, the rest of the moves but the last few are appended to that journal as
bots would play them, and the app resumes it ("Resume solo game"), the path a crashed game takes.
"""

from __future__ import annotations

import json
import random

from textual.pilot import Pilot

from core import get_bot, get_game, replay
from core.api import Action
from net import journal
from net.host import Host
from tests.tui.pilots import SEED, wait_until
from tui.screens.game import GameScreen
from tui.table import TableLink

HUMAN = 0  # the solo player's seat


def finish_with_bots(record: dict, level: str, seed: int) -> list[tuple[int, Action]]:
    """The moves that end the game from `record`'s position, every seat played by `level`."""
    game = get_game(record["game"])
    state = replay(record)
    bots = [get_bot(record["game"], level) for _ in range(record["players"])]
    rng = random.Random(seed)
    moves: list[tuple[int, Action]] = []
    while not game.is_over(state):
        views = [(seat, game.view(state, seat)) for seat in game.to_act(state)]
        for seat, view in views:
            action = bots[seat].act(view, rng)
            state = game.apply(state, seat, action)
            moves.append((seat, action))
    return moves


def late_prefix(record: dict, moves: list[tuple[int, Action]], left: int) -> int:
    """How many of `moves` to play so that at most `left` remain and it is the human's move."""
    game = get_game(record["game"])
    played = max(0, len(moves) - left)
    state = replay({**record, "actions": [*record["actions"], *moves[:played]]})
    while played > 0 and HUMAN not in game.to_act(state):
        played -= 1
        state = replay({**record, "actions": [*record["actions"], *moves[:played]]})
    return played


async def open_late_game(
    pilot: Pilot[None],
    game_id: str = "nothanks",
    players: int = 4,
    left: int = 3,
    level: str = "easy",
    seed: int = SEED,
) -> GameScreen:
    """Seat the player (seat 1, "Zoe") at a solo game with about `left` moves to go, bots of
    `level` around them, at their move; returns the game screen once it shows the position."""
    host = Host(game_id, name="Zoe", players=players, bot_delay=0.0, seed=seed, solo=True)
    for seat in range(1, players):
        host.set_bot(seat, level)
    host.start()
    path = host.journal.path if host.journal is not None else None
    await host.close()  # an unfinished game keeps its journal, as a crash would
    assert path is not None
    _header, record = journal.load(path)
    moves = finish_with_bots(record, level, seed)
    with path.open("a", encoding="utf-8") as file:
        for seat, action in moves[: late_prefix(record, moves, left)]:
            file.write(json.dumps([seat, action]) + "\n")
    resumed = Host.resume(path, bot_delay=0.0)
    assert resumed.local is not None
    app = pilot.app
    app.sit(TableLink(app, resumed.local, host=resumed, solo=True))  # type: ignore[attr-defined]
    await wait_until(
        pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.state is not None
    )
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen
