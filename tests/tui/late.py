"""Start a solo game late, so a Pilot test that needs the last moves or the final table does
not play (and draw) every move up to them.

The position is reached the way a player's own machine reaches one: the journal a crashed solo
host leaves (its header from a real solo host's lobby), continued by the app's own "Resume solo
game". The moves up to it are bots' moves at core speed (`core.match.bot_record`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from core import get_game, replay
from core.match import bot_record
from net.host import Host
from net.journal import Journal, journal_dir
from tests.tui.pilots import SEED, wait_until
from tui.app import GamenightApp
from tui.screens.game import GameScreen

HUMAN = 0  # the solo player's seat


def crashed_solo_game(
    game_id: str,
    seed: int,
    actions: Sequence[Sequence[Any]],
    players: int = 4,
    options: dict[str, Any] | None = None,
    level: str = "easy",
) -> Path:
    """Leave the journal of a solo game cut off after `actions` (Zoe in seat 0, `level` bots
    elsewhere), as a crash would; returns its path. Journals left before (by an app closed
    mid-game) are removed: this is the game to resume."""
    for old in journal_dir().glob("*.jsonl"):
        old.unlink()
    host = Host(game_id, name="Zoe", players=players, options=options, solo=True)
    for seat in range(1, players):
        host.set_bot(seat, level)
    record = {"game": game_id, "players": players, "seed": seed, "options": host.lobby.options}
    header = {
        **record,
        "table_id": host.table_id,
        "table": host.table_name,
        "local_seat": host.local_seat,
        "solo": True,
        **host.lobby.saved(),
    }
    path = journal_dir() / f"{host.table_id}.jsonl"
    log = Journal.create(path, header)
    for seat, action in actions:
        log.append(seat, action)
    log.close()
    return path


def resume_app() -> GamenightApp:
    """An app that opens straight at the solo game `crashed_solo_game` left, bots unpaused."""
    return GamenightApp(bot_delay=0.0, resume_solo=True)


def table_screen(app: Any) -> GameScreen | None:
    """The game screen once it shows a state (under the final table, at the end)."""
    for screen in app.screen_stack:
        if isinstance(screen, GameScreen) and screen.state is not None:
            return screen
    return None


async def open_late(pilot: Pilot[None], record: dict[str, Any], level: str = "easy") -> GameScreen:
    """Resume, in the running app, the solo game `record` leads to (bots of `level`, the app's
    bot pause); returns its screen once it shows the position."""
    crashed_solo_game(
        record["game"],
        record["seed"],
        record["actions"],
        record["players"],
        record["options"],
        level,
    )
    pilot.app.action_resume_solo()  # type: ignore[attr-defined]
    await wait_until(pilot, lambda: table_screen(pilot.app) is not None)
    screen = table_screen(pilot.app)
    assert screen is not None
    return screen


def late_prefix(record: dict[str, Any], left: int) -> int:
    """How many of a finished `record`'s moves to keep so that at most `left` remain and it is
    the human's move."""
    game = get_game(record["game"])
    played = max(0, len(record["actions"]) - left)
    while played > 0 and HUMAN not in game.to_act(
        replay({**record, "actions": record["actions"][:played]})
    ):
        played -= 1
    return played


async def open_late_game(
    pilot: Pilot[None],
    game_id: str = "nothanks",
    players: int = 4,
    left: int = 3,
    level: str = "easy",
    seed: int = SEED,
) -> GameScreen:
    """A solo game with about `left` moves to go, at the player's move: the moves before are
    `level` bots' (ours too)."""
    record = bot_record(game_id, [level] * players, seed)
    late = {**record, "actions": record["actions"][: late_prefix(record, left)]}
    return await open_late(pilot, late, level)
