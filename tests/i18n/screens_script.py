"""Draw each game's screen and final table in one language at 80x24 (its own process: the
language is chosen once, before the screens are imported) and write them as SVG screenshots
into a folder: `python -m tests.i18n.screens_script LANG FOLDER`; it prints, as JSON, the texts
each screen cuts short (none, when every line fits).

The game screen is a seeded solo table against easy bots, set up by keys and shown at the
player's first move; the final table is a late game (tests/tui/late.py) played out with the
easy bot's moves for the player too. Everything is seeded, so every run draws the same.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from tui.base import i18n

GAMES = ("nothanks", "papayoo", "pasovec", "rummikub")
UNTIMED = {"rummikub": {"turn_seconds": 0}}  # no turn clock: its seconds would tick in the shots


def clipped(app: Any) -> list[str]:
    """The texts on the screen cut short: a `Static` whose words need more lines at its width
    than it has (a long translation pushing a status line over its room)."""
    from textual.widgets import Static

    cut = []
    for widget in app.screen.query(Static):
        if not widget.display or widget.content_region.width <= 0:
            continue
        size = widget.content_region.size
        needed = widget.get_content_height(size, size, size.width)
        if needed > size.height:
            cut.append(f"{widget.id or type(widget).__name__}: {needed} lines in {size.height}")
    return cut


async def draw(language: str, folder: Path) -> None:
    i18n.use(language)
    report: dict[str, list[str]] = {
        "menu": await draw_menu(folder / f"{language}_menu.svg"),
        "setup": await draw_setup(folder / f"{language}_setup.svg"),
    }
    for game_id in GAMES:
        report[f"{game_id}_play"] = await draw_play(
            game_id, folder / f"{language}_{game_id}_play.svg"
        )
        report[f"{game_id}_final"] = await draw_final(
            game_id, folder / f"{language}_{game_id}_final.svg"
        )
    print(json.dumps(report))


async def draw_menu(svg: Path) -> list[str]:
    """The main menu, once its footer shows the keys (composed after the first frame)."""
    from textual.widgets._footer import FooterKey

    from tests.tui.pilots import SIZE, make_app, settled, wait_until

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: len(app.screen.query(FooterKey)) > 0)
        await settled(pilot)
        svg.write_text(app.export_screenshot())
        return clipped(app)


async def draw_setup(svg: Path) -> list[str]:
    """The solo set-up with Rummikub chosen (the game with the most options)."""
    from tests.tui.pilots import SIZE, make_app, settled, wait_until
    from tui.screens.solo_setup import SoloSetupScreen
    from tui.widgets.cycler import Cycler

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SoloSetupScreen))
        await pilot.press("tab")
        while app.screen.query_one("#game", Cycler).value.id != "rummikub":
            await pilot.press("right")
        await settled(pilot)
        svg.write_text(app.export_screenshot())
        return clipped(app)


async def draw_play(game_id: str, svg: Path) -> list[str]:
    """The game screen at the player's first move, and the help over it; the texts either cuts
    short."""
    from tests.tui.pilots import SIZE, make_app, open_game, settled, wait_until
    from tui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game_id=game_id, options=UNTIMED.get(game_id))
        await wait_until(pilot, lambda: screen.state is not None and screen.my_move)
        await settled(pilot)
        svg.write_text(app.export_screenshot())
        cut = clipped(app)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settled(pilot)
        svg.with_name(svg.name.replace("_play", "_help")).write_text(app.export_screenshot())
        return cut + [f"help: {text}" for text in clipped(app)]


async def draw_final(game_id: str, svg: Path) -> list[str]:
    """The final table of a late game played out by the easy bot; the texts it cuts short."""
    from core import get_bot
    from tests.tui.late import open_late_game
    from tests.tui.pilots import SIZE, make_app, settled, wait_until
    from tui.screens.final import FinalScreen
    from tui.screens.round_summary import RoundSummary

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_late_game(pilot, game_id=game_id, left=2)
        bot, rng = get_bot(game_id, "easy"), random.Random(0)
        played = None

        def moved_on() -> bool:
            return isinstance(app.screen, FinalScreen | RoundSummary) or (
                screen.my_move and screen.calm and screen.state is not played
            )

        while not isinstance(app.screen, FinalScreen):
            await wait_until(pilot, moved_on)
            if isinstance(app.screen, RoundSummary):
                await pilot.press("enter")
                await wait_until(pilot, lambda: not isinstance(app.screen, RoundSummary))
            elif not isinstance(app.screen, FinalScreen):
                assert screen.state is not None
                played = screen.state
                await screen.send(bot.act(played["view"], rng))
        await settled(pilot)
        svg.write_text(app.export_screenshot())
        return clipped(app)


if __name__ == "__main__":
    asyncio.run(draw(sys.argv[1], Path(sys.argv[2])))
