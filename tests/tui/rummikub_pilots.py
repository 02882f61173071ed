"""A Rummikub table with a fixed deck for Pilot tests and snapshots, and cursor moves by keys.

The LAN lobby refuses option `deck` (every player would be sent it); a solo test table sets it
on the lobby directly, after the refusal, so the product keeps refusing it everywhere.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from core.rummikub.positions import state_at
from core.rummikub.sets import full_deck
from net.host import Host
from tests.tui.pilots import make_app, wait_until
from tui.app import GamenightApp
from tui.games.rummikub.screen import RummikubScreen
from tui.table.link import TableLink

# RK-5: seat i's rack is deck[i*14:(i+1)*14]. Ours melds R10 R11 R12 (33, RK-8) and keeps R13
# for the run; the bot's rack makes no set, so it draws, and the pool's first tiles fit nothing.
MINE = ["R10", "R11", "R12", "R13", "K1", "K3", "K5", "B2", "B4", "B6", "B8", "O8", "O10", "O12"]
BOTS = ["K2", "K4", "K6", "K8", "R2", "R4", "R6", "B1", "B3", "B5", "O1", "O3", "O5", "O7"]
FIRST_DRAWS = ["K13", "O13", "B13", "K11"]


def fixed_deck() -> list[str]:
    rest = Counter(full_deck()) - Counter(MINE + BOTS + FIRST_DRAWS)
    return [*MINE, *BOTS, *FIRST_DRAWS, *sorted(rest.elements())]


async def open_fixed(app: GamenightApp, pilot: Pilot[None], **options: object) -> RummikubScreen:
    """Sit at a solo table (us in seat 0, first to play, one easy bot) with `fixed_deck()`."""
    return await sit(app, pilot, {**options, "deck": fixed_deck()})


async def open_at(
    app: GamenightApp,
    pilot: Pilot[None],
    table: list[list[str]],
    rack: list[str],
    melded: bool = True,
    **options: object,
) -> RummikubScreen:
    """Sit at a solo table started from a late position: `table` on the table, `rack` ours
    (initial meld made unless `melded` is False), the other tiles the bot's rack and the pool
    (positions.state_at) — so a test of a turn near the end does not play the game up to it
    by keys."""
    return await sit(app, pilot, options, state_at(table, rack, melded, options))


async def continue_at(
    pilot: Pilot[None], screen: RummikubScreen, table: list[list[str]], rack: list[str]
) -> None:
    """On our turn, swap the running match's position for a late one of the same game (its
    number, log and scores kept): `table` on the table, `rack` ours, the rest the others'."""
    host = screen.table.host
    assert host is not None and host.referee is not None and mine(screen)
    now = host.referee.state
    options = {"games": now.games, "turn_seconds": now.turn_seconds}
    late = state_at(table, rack, True, options)
    host.referee.state = replace(late, game_no=now.game_no, scores=now.scores, log=now.log)
    screen.draft = None  # the same log as before: the screen deals a new draft from the view
    host.referee.broadcast()
    await wait_until(pilot, lambda: mine(screen) and sorted(screen.draft.rack) == sorted(rack))


async def sit(
    app: GamenightApp, pilot: Pilot[None], options: dict[str, object], state: object = None
) -> RummikubScreen:
    """A solo table with us in seat 0, first to play, and one easy bot; with `state`, the
    match continues from that state instead of its first deal."""
    host = Host("rummikub", name="Zoe", players=2, seed=1, solo=True)
    host.lobby.options = {**host.lobby.options, **options, "first": 0}
    host.set_bot(1, "easy")
    running = host.start()
    if state is not None:
        running.state = state  # seat 0 to play, as in the first deal: no intent goes stale
        running.broadcast()
    assert host.local is not None
    app.sit(TableLink(app, host.local, host=host, solo=True))
    await wait_until(pilot, lambda: isinstance(app.screen, RummikubScreen) and mine(app.screen))
    screen = app.screen
    assert isinstance(screen, RummikubScreen)
    # The footer takes its second row once its keys are known: wait for that layout, so a
    # click lands where the player sees the tile.
    await wait_until(pilot, lambda: bool(screen.query(FooterKey)))
    await pilot.pause()
    return screen


def mine(screen: RummikubScreen) -> bool:
    return screen.my_move and screen.draft is not None


async def go_to(pilot: Pilot[None], screen: RummikubScreen, place: tuple) -> None:
    """Move the cursor to `place` with the arrow keys only."""
    zone = "rack" if place[0] == "rack" else "table"
    if (screen.cursor[0] == "rack") != (zone == "rack"):
        await pilot.press("down" if zone == "rack" else "up")
    for _ in range(200):
        places = screen.places()
        if screen.cursor == place:
            return
        step = "right" if places.index(place) > places.index(screen.cursor) else "left"
        await pilot.press(step)
    raise AssertionError(f"the cursor never reached {place}")


async def pick_tile(pilot: Pilot[None], screen: RummikubScreen, tile: str) -> None:
    """Move to `tile` on the rack and pick it up (space)."""
    assert screen.draft is not None
    await go_to(pilot, screen, ("rack", screen.draft.rack.index(tile)))
    await pilot.press("space")
    assert screen.draft.held == [tile]


__all__ = ["make_app"]


RICH_TABLE = [
    ["R1", "R2", "R3", "R4", "R5"],
    ["K7", "R7", "B7"],
    ["B9", "B10", "B11", "B12"],
    ["O3", "O4", "O5"],
    ["K11", "R11", "O11", "B11"],
    ["J", "O9", "O10"],
    ["K1", "K2", "K3"],
    ["R10", "R11", "R12", "R13"],
]
RICH_RACK = ["R6", "K8", "O6", "B13", "O12", "K12", "R9", "B2", "J"]


async def mid_edit(pilot: Pilot[None]) -> None:
    """A rich table mid-turn (the README's picture): R6 and O6 laid (+), K8 alone as a new set
    (✗), and a range R4 R5 R6 selected to be moved."""
    screen = await open_at(pilot.app, pilot, RICH_TABLE, RICH_RACK, turn_seconds=0)
    for tile, place in (("R6", ("table", 0, 5)), ("O6", ("table", 3, 3))):
        await pick_tile(pilot, screen, tile)
        await go_to(pilot, screen, place)
        await pilot.press("space")
    await pick_tile(pilot, screen, "K8")
    await pilot.press("n")
    await go_to(pilot, screen, ("table", 0, 3))
    await pilot.press("shift+right", "shift+right")
