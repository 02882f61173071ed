"""A person at the full-screen app playing their seat by keys, in any of the four games: one
simple move per turn, the same keys a player would press. Shared by the LAN tests where a TUI
player sits beside others (tests/tui/test_plain_lan.py, test_lan_round_pause.py)."""

from __future__ import annotations

import contextlib

from textual.pilot import Pilot

from tests.tui.pasovec_pilots import decide
from tests.tui.pilots import quick_key, wait_until
from tui.games.nothanks.screen import NoThanksScreen
from tui.games.papayoo.screen import PapayooScreen
from tui.games.pasovec.screen import PasovecScreen
from tui.games.rummikub.screen import RummikubScreen
from tui.screens.game import GameScreen
from tui.screens.round_summary import RoundSummary

MOVE_SEEN = 10.0  # seconds to wait for the table to answer a move before trying again


async def play_by_keys(pilot: Pilot[None], screen: PapayooScreen) -> None:
    """Papayoo: five cards marked and sent in a pass (PY-9), else Enter plays the card under
    the cursor (it stops only on cards that may be played)."""
    assert screen.state is not None
    if screen.state["view"]["phase"] == "pass":
        for _ in range(screen.state["view"]["pass_count"]):
            await pilot.press("space", "right")
    await pilot.press("enter")
    await pilot.pause()


async def press_a_move(pilot: Pilot[None], screen: GameScreen) -> None:
    """The seat's move in `screen`'s game: No Thanks! `quick_key`; Papayoo `play_by_keys`;
    Pásovec Enter rolls the dice chosen, a sum is met by `decide`; Rummikub draws (d)."""
    assert screen.state is not None
    if isinstance(screen, NoThanksScreen):
        await pilot.press(quick_key(screen.state))
    elif isinstance(screen, PapayooScreen):
        await play_by_keys(pilot, screen)
    elif isinstance(screen, PasovecScreen):
        if screen.phase == "roll":
            await pilot.press("enter")
        else:
            await decide(pilot, screen)
    elif isinstance(screen, RummikubScreen):
        await pilot.press("d")
    else:
        raise AssertionError(f"no keys for {type(screen).__name__}")


async def take_a_turn(pilot: Pilot[None], screen: GameScreen) -> bool:
    """If the table waits for this seat and the screen takes play keys, make a move and wait
    for the table's answer; if a round's summary is up, read it (Enter). Whether a key was
    pressed."""
    app = pilot.app
    if isinstance(app.screen, RoundSummary):
        if not app.screen.takes_keys:
            return False
        await pilot.press("enter")
        await pilot.pause()
        return True
    if app.screen is not screen or not screen.my_move or not screen.calm or screen.finished:
        return False
    if isinstance(screen, RummikubScreen) and screen.draft is None:
        return False
    before = screen.state
    await press_a_move(pilot, screen)
    with contextlib.suppress(TimeoutError):  # a key not taken yet (dice rolling): try again
        await wait_until(pilot, lambda: screen.state is not before or screen.finished, MOVE_SEEN)
    return True
