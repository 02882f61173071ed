"""Play a solo Papayoo in Persian at 80x24 (its own process: the language is chosen once,
before the screens are imported) and print, as JSON, the lines the screen draws, as the
terminal gets them: at the pass, at the first card to play (the die rolled, the passed cards in
the log), at a later card with the cursor on a Payoo (the status line names it: 'enter plays
¤P4'), in its help, and in the set-up with a Persian name typed, its caret at the end; with
the Papayoo card's code and the codes of the hand at the first card."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tui.base import i18n

TYPED = "سارا جان"  # a name typed in Persian, in reading (typing) order


def drawn_lines(app: Any) -> list[str]:
    """The screen in front, line by line, as its cells are written to the terminal."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def payoo_to_pick(screen: Any) -> int | None:
    """Where in the hand the first Payoo the player may play is, if any."""
    hand = screen.state["view"]["hand"]
    return next((i for i in screen._pickable() if hand[i].startswith("P")), None)


async def payoo_under_cursor(pilot: Any, screen: Any) -> str:
    """Play the card under the cursor until a Payoo may be played, then put the cursor on it
    (the status line names it: 'enter plays ¤P4'); its code."""
    from tests.tui.pilots import settled, wait_until

    while payoo_to_pick(screen) is None:
        played = screen.state
        await pilot.press("enter")
        await wait_until(pilot, lambda before=played: screen.state is not before and screen.my_move)
    place = payoo_to_pick(screen)
    await pilot.press(*["right"] * len(screen._pickable()))
    await pilot.press(*["left"] * (len(screen._pickable()) - 1 - screen._pickable().index(place)))
    await wait_until(pilot, lambda: screen.cursor == place)
    await settled(pilot)
    return str(screen._card())


async def play() -> dict[str, Any]:
    from tests.tui.pilots import SIZE, make_app, open_game, settled, wait_until
    from tui.screens.help import HelpScreen
    from tui.screens.solo_setup import SoloSetupScreen

    shown: dict[str, Any] = {}
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SoloSetupScreen))
        await pilot.press("ctrl+u", *TYPED)
        await settled(pilot)
        shown["typed"] = drawn_lines(app)
        await pilot.press("escape")
        screen = await open_game(pilot, game_id="papayoo")
        await wait_until(pilot, lambda: screen.state is not None and screen.my_move)
        await settled(pilot)
        shown["pass"] = drawn_lines(app)
        await pilot.press(*["space", "right"] * 5, "enter")
        await wait_until(
            pilot,
            lambda: (
                screen.state["view"]["phase"] == "play"
                and screen.my_move
                and screen.state["view"]["papayoo"] is not None
            ),
        )
        await settled(pilot)
        shown["play"] = drawn_lines(app)
        shown["papayoo"] = screen.state["view"]["papayoo"]
        shown["hand"] = screen.state["view"]["hand"]
        shown["payoo"] = await payoo_under_cursor(pilot, screen)
        shown["last"] = drawn_lines(app)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settled(pilot)
        shown["help"] = drawn_lines(app)
    return shown


if __name__ == "__main__":
    i18n.use("fa")
    print(json.dumps(asyncio.run(play())))
