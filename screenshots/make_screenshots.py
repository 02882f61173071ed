"""Write the README's screenshots by driving the real app, as harlequin's export script does.

    .venv/bin/python screenshots/make_screenshots.py

Each picture is a fresh app at 80x24 walked there by keystrokes (tests/tui/pilots.py and
tests/tui/lan_pilots.py, the same paths as the tests), with a fixed seed and easy bots without
pause, so the pictures only change when the screens do. The LAN lobby is hosted on loopback at a
fixed port, with a scripted guest.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

ROOT = Path(__file__).resolve().parent.parent
# As in the tests: zeroconf on loopback only, and the guest's reconnect token kept out of the
# user's own data folder.
os.environ["GAMENIGHT_MDNS_INTERFACES"] = "127.0.0.1"
os.environ["GAMENIGHT_DATA_DIR"] = tempfile.mkdtemp(prefix="gamenight-shots-")
os.environ["GAMENIGHT_CONFIG_DIR"] = tempfile.mkdtemp(prefix="gamenight-shots-")
sys.path.insert(0, str(ROOT))  # run as a script: make `tests` and `tui` importable

from tests.tui.lan_pilots import LAN_PORT, host_app  # noqa: E402
from tests.tui.pilots import SIZE, make_app, my_turn, open_game, play_to_the_end, wait_until  # noqa: E402
from tests.tui.test_lan_snapshots import lobby_with_a_guest  # noqa: E402
from tests.tui.test_papayoo import my_move, pass_by_keys  # noqa: E402
from tui.app import GamenightApp  # noqa: E402

Walk = Callable[[Pilot[None]], Awaitable[None]]


async def menu(pilot: Pilot[None]) -> None:
    await pilot.pause()


MIXED = ["left", "", "right", "right"]  # easy, normal, hard, hard beside the player


async def game(pilot: Pilot[None]) -> None:
    """A few moves into a five-player game against every bot level, at our turn."""
    screen = await open_game(pilot, name="Sam", more_players=1, level_keys=MIXED)
    for key in "ppptp":
        await wait_until(pilot, lambda: my_turn(screen))
        await pilot.press(key)
    await wait_until(pilot, lambda: my_turn(screen))


async def final(pilot: Pilot[None]) -> None:
    await play_to_the_end(
        pilot, await open_game(pilot, name="Sam", more_players=1, level_keys=MIXED)
    )


async def papayoo_game(pilot: Pilot[None]) -> None:
    """A five-player Papayoo deal against every bot level: our pass sent by keys, then cards
    played by enter until a trick waits for ours with cards already on the table."""
    screen = await open_game(pilot, name="Sam", more_players=1, level_keys=MIXED, game_id="papayoo")
    await pass_by_keys(pilot, screen)
    played = 0
    while True:
        await wait_until(pilot, lambda: my_move(screen) and screen.state["view"]["phase"] == "play")
        view = screen.state["view"]
        if played >= 1 and len(view["trick"]) >= 2:
            return
        before = len(view["hand"])
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.state["view"]["hand"]) < before)  # noqa: B023
        played += 1


SHOTS: dict[str, tuple[Callable[[], GamenightApp], Walk]] = {
    "menu.svg": (make_app, menu),
    "nothanks-game.svg": (make_app, game),
    "nothanks-final.svg": (make_app, final),
    "papayoo-game.svg": (make_app, papayoo_game),
    "lobby.svg": (lambda: host_app(port=LAN_PORT), lobby_with_a_guest),
}


async def shoot(filename: str, make: Callable[[], GamenightApp], walk: Walk) -> Path:
    app = make()
    async with app.run_test(size=SIZE) as pilot:
        await walk(pilot)
        await pilot.pause()
        app.save_screenshot(filename, path=str(ROOT / "screenshots"))
    return ROOT / "screenshots" / filename


async def main() -> None:
    for filename, (make, walk) in SHOTS.items():
        print(await shoot(filename, make, walk))


if __name__ == "__main__":
    asyncio.run(main())
