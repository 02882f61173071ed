"""Ways through a Pásovec table by keystrokes, shared by its Pilot and snapshot tests.

The table is seeded and the bots are easy (a deterministic heuristic) with no pause, so every
run plays the same game. `open_late` sits at a table whose first moves were made at core speed,
so a test starts where there is something to check instead of playing up to it by keys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from core.match import bot_record
from core.pasovec import PasovecState, cost
from tests.tui import late
from tests.tui.pilots import wait_until
from tui.app import GamenightApp
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


def bots_record(players: int, seed: int, stop: Callable[[PasovecState], bool]) -> dict[str, Any]:
    """The match record of easy bots in every seat (ours too) playing until `stop(state)`:
    the first moves of a late position, made at core speed (or a whole game)."""
    return bot_record("pasovec", ["easy"] * players, seed, stop=stop)


async def open_late(pilot: Pilot[None], record: dict[str, Any]) -> PasovecScreen:
    """Sit in seat 0 of a solo table of easy bots (with the app's pause) that goes on from
    `record`, as a host resumed from its journal does; wait for its screen to show the table."""
    screen = await late.open_late(pilot, record)
    assert isinstance(screen, PasovecScreen)
    return screen


def table_screen(app: GamenightApp) -> PasovecScreen | None:
    """The Pásovec screen once it shows a state (under the final table, at the end)."""
    screen = late.table_screen(app)
    return screen if isinstance(screen, PasovecScreen) else None


def our_roll(state: PasovecState) -> bool:
    return state.phase == "roll" and state.active == 0


def our_move_in_round_two(state: PasovecState) -> bool:
    """Round 1 is over (its summary is in the log) and the table waits for us."""
    return state.round == 2 and 0 in state.waiting


def before_our_last_decision(players: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A whole game of easy bots cut just before our decision on its last roll: the record
    up to there, and the decision to make by keys (`decide_by_keys`) to end the game."""
    record = bots_record(players, seed, lambda state: False)
    last = max(i for i, (seat, _) in enumerate(record["actions"]) if seat == 0)
    action = record["actions"][last][1]
    record["actions"] = record["actions"][:last]
    return record, action


async def decide_by_keys(pilot: Pilot[None], screen: PasovecScreen, action: dict[str, Any]) -> None:
    """Make a decision by keys: t, or → to the card and d."""
    if action["kind"] == "token":
        await pilot.press("t")
        return
    assert screen.state is not None
    hand = screen.state["view"]["hand"]
    while hand[screen.selected] != action["card"]:
        await pilot.press("right")
    await pilot.press("d")
