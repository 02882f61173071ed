"""Ways through the app by keystrokes, shared by the Pilot tests, the snapshot tests and
screenshots/make_screenshots.py, so that all three walk the same paths.

Games are seeded and bots are easy (a deterministic heuristic) with no pause, so every run
plays the same game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from core import get_game
from tui.app import GamenightApp
from tui.base.messages import StateMessage
from tui.games import screen_class
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.final import FinalScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.widgets.cycler import Cycler

SIZE = (80, 24)
SEED = 4  # with 4 players, the human (seat 0) starts


def make_app(seed: int = SEED, bot_delay: float = 0.0) -> GamenightApp:
    return GamenightApp(seed=seed, bot_delay=bot_delay)


async def wait_until(pilot: Pilot[None], done: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app (and the bots' threads) run until `done()`; fail after `timeout` seconds,
    a bound generous enough for a machine whose cores are busy with other work."""
    async with asyncio.timeout(timeout):
        while not done():
            await pilot.pause(0.01)


async def settled(pilot: Pilot[None], timeout: float = 30.0) -> None:
    """Let the app run until two screenshots a few frames apart are the same: on a busy
    machine a log's rewrap or a panel's layout can land after the condition a test waited for,
    and a snapshot must show the screen at rest."""
    async with asyncio.timeout(timeout):
        before = pilot.app.export_screenshot()
        while True:
            await pilot.pause(0.05)
            now = pilot.app.export_screenshot()
            if now == before:
                return
            before = now


async def open_game(
    pilot: Pilot[None],
    name: str = "Zoe",
    more_players: int = 0,
    level_keys: str | list[str] = "left",
    game_id: str = "nothanks",
    options: dict[str, Any] | None = None,
) -> Any:
    """From the menu, set up a table of `game_id` by keys alone and start it; returns the game
    screen.

    The game is picked on the Game cycler by id (the registry's order may change).
    `more_players` presses → on the players choice (4 by default); each of `options` is cycled
    to its value on the game's option rows; `level_keys` is pressed on every bot's level (left:
    normal → easy; right: normal → hard), or one entry per bot ("" keeps normal).
    """
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SoloSetupScreen))
    setup = pilot.app.screen
    await pilot.press("ctrl+u", *name, "tab")
    game = setup.query_one("#game", Cycler)
    while game.value.id != game_id:
        await pilot.press("right")
    await pilot.press("tab", *["right"] * more_players, "tab")
    wanted = options or {}
    for spec in get_game(game_id).option_specs:
        await pilot.press("tab")
        cycler = setup.query_one(f"#opt-{game_id}-{spec.name}", Cycler)
        assert setup.focused is cycler
        while spec.name in wanted and cycler.value != wanted[spec.name]:
            await pilot.press("left" if cycler.value > wanted[spec.name] else "right")
    bots = 3 + more_players
    keys = [level_keys] * bots if isinstance(level_keys, str) else level_keys
    for key in keys:
        await pilot.press("tab", *([key] if key else []))
    await pilot.press("enter")
    kind = screen_class(game_id)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, kind))
    return pilot.app.screen


def my_turn(screen: NoThanksScreen) -> bool:
    state = screen.state
    return state is not None and state["view"]["turn"] == state["seat"]


def quick_key(state: StateMessage) -> str:
    """Pass once on a freshly turned card while we have tokens, else take: both keys get
    played, and the game ends in about half the moves of a careful player's (suite time)."""
    view = state["view"]
    return "p" if view["pot"] == 0 and view["tokens"][state["seat"]] > 0 else "t"


async def play_to_the_end(pilot: Pilot[None], screen: NoThanksScreen) -> FinalScreen:
    """Play by keys as `quick_key` says, until the final table."""
    while not screen.finished:
        await wait_until(pilot, lambda: my_turn(screen) or screen.finished)
        if screen.finished:
            break
        assert screen.state is not None
        await pilot.press(quick_key(screen.state))
        await pilot.pause()
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
    final = pilot.app.screen
    assert isinstance(final, FinalScreen)
    await wait_until(pilot, lambda: final.takes_keys)  # its first moment takes no key
    return final
