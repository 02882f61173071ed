"""Ways through a Pásovec table by keystrokes, shared by its Pilot and snapshot tests.

The table is seeded and the bots are easy (a deterministic heuristic) with no pause, so every
run plays the same game.
"""

from __future__ import annotations

from textual.pilot import Pilot

from core.pasovec import cost
from tests.tui.pilots import wait_until
from tui.games.pasovec.screen import PasovecScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.widgets.cycler import Cycler


async def open_pasovec(pilot: Pilot[None], more_players: int = 0) -> PasovecScreen:
    """From the menu: name Zoe, Pásovec on the Game cycler, 4 + `more_players` seats, every
    bot easy, Enter."""
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SoloSetupScreen))
    setup = pilot.app.screen
    await pilot.press("ctrl+u", *"Zoe", "tab")
    game = setup.query_one("#game", Cycler)
    while game.value.id != "pasovec":  # by id: the registry's order may change
        await pilot.press("right")
    await pilot.press("tab", *["right"] * more_players, "tab")
    for _ in range(3 + more_players):
        await pilot.press("tab", "left")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PasovecScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PasovecScreen)
    return screen


def phase_of(screen: PasovecScreen) -> str | None:
    """'roll' or 'decide' when the table waits for us, else None."""
    return screen.phase if screen.my_move else None


def all_others_decided(screen: PasovecScreen) -> bool:
    """Our decision is the last one awaited: what the screen shows no longer changes."""
    state = screen.state
    return state is not None and state["view"]["to_act"] == [state["seat"]]


async def decide(pilot: Pilot[None], screen: PasovecScreen) -> str:
    """Discard the selected card when it is free or costs 1 token, else take a token."""
    assert screen.state is not None
    view = screen.state["view"]
    card = view["hand"][screen.selected]
    key = "d" if cost(card, view["sum"]) <= min(1, view["tokens"][screen.state["seat"]]) else "t"
    await pilot.press(key)
    return key


async def until_my_roll(pilot: Pilot[None], screen: PasovecScreen) -> None:
    """Decide by keys (`decide`) until the table waits for our roll."""
    while True:
        await wait_until(pilot, lambda: phase_of(screen) is not None)
        if phase_of(screen) == "roll":
            return
        version = screen.state["version"]  # type: ignore[index]
        await decide(pilot, screen)
        await wait_until(pilot, lambda v=version: screen.state["version"] > v)
