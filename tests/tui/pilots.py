"""Ways through the app by keystrokes, shared by the Pilot tests, the snapshot tests and
screenshots/make_screenshots.py, so that all three walk the same paths.

Games are seeded and bots are easy (a deterministic heuristic) with no pause, so every run
plays the same game.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.pilot import Pilot

from tui.app import GamenightApp
from tui.games.nothanks.screen import NoThanksScreen
from tui.messages import StateMessage
from tui.screens.final import FinalScreen
from tui.screens.solo_setup import SoloSetupScreen

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


async def open_game(
    pilot: Pilot[None],
    name: str = "Zoe",
    more_players: int = 0,
    level_keys: str | list[str] = "left",
) -> NoThanksScreen:
    """From the menu, set up a table by keys alone and start it; returns the game screen.

    `more_players` presses → on the players choice (4 by default); `level_keys` is pressed on
    every bot's level (left: normal → easy; right: normal → hard), or one entry per bot ("" keeps
    normal).
    """
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SoloSetupScreen))
    await pilot.press("ctrl+u", *name, "tab", "tab", *["right"] * more_players, "tab")
    bots = 3 + more_players
    keys = [level_keys] * bots if isinstance(level_keys, str) else level_keys
    for key in keys:
        await pilot.press("tab", *([key] if key else []))
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, NoThanksScreen))
    screen = pilot.app.screen
    assert isinstance(screen, NoThanksScreen)
    return screen


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
    return final
