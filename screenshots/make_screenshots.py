"""Write the README's screenshots by driving the real app, as harlequin's export script does.

    .venv/bin/python screenshots/make_screenshots.py

Each picture is a fresh app at 80x24 walked there by keystrokes (tests/tui/pilots.py and
tests/tui/lan_pilots.py, the same paths as the tests), with a fixed seed and bots of every level
without pause, so the pictures only change when the screens do. The LAN lobby is hosted on
loopback at a fixed port, with a scripted guest.
"""

from __future__ import annotations

import asyncio
import os
import random
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
sys.path.insert(0, str(ROOT))  # run as a script: make `tests` and `tui` importable

from core.nothanks.hints import hint  # noqa: E402
from tests.tui.lan_pilots import LAN_PORT, host_app  # noqa: E402
from tests.tui.pilots import SIZE, make_app, my_turn, open_game, wait_until  # noqa: E402
from tests.tui.rummikub_pilots import mid_edit  # noqa: E402
from tests.tui.test_lan_snapshots import lobby_with_a_guest  # noqa: E402
from tests.tui.test_papayoo import late_actions, my_move, pass_by_keys, resume_at  # noqa: E402
from tests.tui.test_pasovec_snapshots import my_decision  # noqa: E402
from tests.tui.test_round_pause import deal_one_ends, pasovec_round_one_summary  # noqa: E402
from tui.app import GamenightApp  # noqa: E402
from tui.screens.final import FinalScreen  # noqa: E402

Walk = Callable[[Pilot[None]], Awaitable[None]]


def papayoo_deal_one_over() -> GamenightApp:
    """A solo Papayoo of two deals resumed at our last card of deal 1."""
    return resume_at(late_actions(1, deals=2, deal=1), deals=2)


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


CLOSE_FINISH_SEED = 4  # Chloé (hard) wins by one point: 12 to Sam's 13 (Sam plays as hard would)


async def final(pilot: Pilot[None]) -> None:
    """A close finish: Sam takes each hint's move (what hard would play) to the last card."""
    screen = await open_game(pilot, name="Sam", more_players=1, level_keys=MIXED)
    rng = random.Random(0)
    while not screen.finished:
        await wait_until(pilot, lambda: my_turn(screen) or screen.finished)
        if not screen.finished and screen.state is not None:
            action, _why = hint(screen.state["view"], rng)
            await pilot.press("t" if action["kind"] == "take" else "p")
            await pilot.pause()
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))


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
    "nothanks-final.svg": (lambda: make_app(seed=CLOSE_FINISH_SEED), final),
    "papayoo-game.svg": (make_app, papayoo_game),
    "lobby.svg": (lambda: host_app(port=LAN_PORT), lobby_with_a_guest),
    "rummikub-game.svg": (make_app, mid_edit),
    "pasovec-game.svg": (make_app, my_decision),
    "pasovec-round.svg": (make_app, pasovec_round_one_summary),
    "papayoo-deal.svg": (
        lambda: resume_at(late_actions(1, deals=2, deal=1), deals=2),
        deal_one_ends,
    ),
}


async def shoot(filename: str, make: Callable[[], GamenightApp], walk: Walk) -> Path:
    # Each picture starts with nothing remembered, as the tests do: a set-up left by the
    # previous picture would change this one's table.
    os.environ["GAMENIGHT_CONFIG_DIR"] = tempfile.mkdtemp(prefix="gamenight-shots-")
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
