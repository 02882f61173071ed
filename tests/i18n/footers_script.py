"""The keys each footer draws at 80x24 in one language (its own process: the language is chosen
once, before the screens are imported): `python -m tests.i18n.footers_script LANG` prints, as
JSON, per screen the actions drawn and the actions that must be (issue 36, item 12).

Must be drawn: on the main menu every key it shows, with a solo game to resume (g) too; on a
game screen, solo and at a LAN host's table, the game's own keys (its screen class's bindings,
not the frame's), the hint and, at a LAN table, the chat — those that act now: a dimmed key
(Rummikub's u with nothing to undo) gives its room first. The frame's other keys (leave, rules,
stand-in, hurry) come after them and may be left to `?`, which lists every key anyway. A
replay's keys are all its own, leaving included: every one it shows must be drawn.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from tui.base import i18n

GAMES = ("nothanks", "papayoo", "pasovec", "rummikub")
SIZE = (80, 24)


def footer_current(screen: Any) -> bool:
    """Whether the footer draws the keys the screen's bindings call for now: Textual composes
    it again a frame or more after they change (a turn's keys coming alive, g once a game
    waits to be resumed), and a busy machine could be caught in between."""
    from textual.widgets._footer import FooterKey

    from tui.widgets.footer import FittingFooter, footer_entries, rows

    footer = screen.query_one(FittingFooter)
    most = getattr(screen, "FOOTER_ROWS", 1)
    lines, _ = rows(footer_entries(screen), footer.fitted_width, most)
    now = [entry.binding.action for line in lines for entry in line]
    return now == [key.action for key in footer.query(FooterKey)]


async def report(pilot: Any, screen: Any, lan: bool) -> dict[str, list[str]]:
    """The actions `screen`'s footer draws, once it draws the keys as they are, and those it
    must."""
    from textual.widgets._footer import FooterKey

    from tests.tui.pilots import wait_until
    from tui.screens.game import GameScreen
    from tui.screens.replay import ReplayMixin
    from tui.widgets.footer import FittingFooter, footer_entries

    await wait_until(pilot, lambda: footer_current(screen))
    shown = {entry.binding.action for entry in footer_entries(screen) if entry.enabled}
    if isinstance(screen, GameScreen) and not isinstance(screen, ReplayMixin):
        frame = {binding.action for binding in GameScreen.BINDINGS}  # type: ignore[union-attr]
        own = {b.action for b in type(screen).BINDINGS if b.action not in frame}  # type: ignore[union-attr]
        wanted = (own | {"hint"} | ({"chat"} if lan else set())) & shown
    else:
        wanted = shown
    drawn = [key.action for key in screen.query_one(FittingFooter).query(FooterKey)]
    return {"drawn": drawn, "wanted": sorted(wanted)}


async def mid_turn(pilot: Any, screen: Any) -> None:
    """The Rummikub screen mid-turn, a tile picked up and put down as a set of its own: every
    key of a turn acts now (undo, reset, play), so the footer is at its fullest."""
    from tests.tui.pilots import wait_until

    await pilot.press("space", "n")
    await wait_until(pilot, lambda: screen.draft is not None and screen.draft.changed)


async def menu_with_a_game_to_resume() -> dict[str, list[str]]:
    """The main menu once the solo games played before it are there to resume: g joins its
    keys (looked up after the first frame) and the footer is drawn again."""
    from textual.widgets._footer import FooterKey

    from tests.tui.pilots import make_app, wait_until

    def resume_drawn(app: Any) -> bool:
        keys = app.screen.query(FooterKey)
        return any(key.action == "resume" and not key.disabled for key in keys)

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: resume_drawn(app))
        return await report(pilot, app.screen, lan=False)


async def replay() -> dict[str, list[str]]:
    """A kept Papayoo game opened as a replay from the menu's list of replays."""
    from tests.tui.pilots import make_app, wait_until
    from tests.tui.test_replays import keep, open_replays
    from tui.screens.replay import ReplayMixin

    keep("papayoo")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_replays(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayMixin))
        return await report(pilot, app.screen, lan=False)


async def draw(language: str) -> None:
    i18n.use(language)
    from textual.widgets._footer import FooterKey

    from tests.tui.pilots import make_app, open_game, wait_until
    from tests.tui.test_footers import host_a_game, hosted_app, until_my_move
    from tui.games import screen_class

    out: dict[str, Any] = {}
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: len(app.screen.query(FooterKey)) > 0)
        out["menu"] = await report(pilot, app.screen, lan=False)
    for game_id in GAMES:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await open_game(pilot, game_id=game_id)
            screen = await until_my_move(pilot, screen_class(game_id))
            out[f"{game_id}_solo"] = await report(pilot, screen, lan=False)
        app = hosted_app(game_id)
        async with app.run_test(size=SIZE) as pilot:
            screen = await host_a_game(pilot, game_id)
            out[f"{game_id}_lan"] = await report(pilot, screen, lan=True)
            if game_id == "rummikub":
                await mid_turn(pilot, screen)
                out["rummikub_lan_mid_turn"] = await report(pilot, screen, lan=True)
    out["menu_resume"] = await menu_with_a_game_to_resume()
    out["replay"] = await replay()
    print(json.dumps(out))


if __name__ == "__main__":
    asyncio.run(draw(sys.argv[1]))
