"""The games the TUI can seat you at: one package per game, registered here and nowhere else.

`tui/games/<id>/` holds the game's screen on the shared frame (`screen.py`, a
`tui.screens.game.GameScreen`), its widgets and CSS beside it, and the rules text for players
(`rules.md`). A game appears in the set-up screens only once it is here, so registering a game
in `core` cannot offer a table the TUI cannot draw. Screens are named as strings and imported on
demand: the main menu must open without loading any game code.
"""

from __future__ import annotations

import importlib
from importlib import resources
from typing import TYPE_CHECKING

from tui.base.i18n import current

if TYPE_CHECKING:
    from core import Game
    from tui.screens.game import GameScreen

GAME_SCREENS = {
    "nothanks": "tui.games.nothanks.screen:NoThanksScreen",
    "papayoo": "tui.games.papayoo.screen:PapayooScreen",
    "pasovec": "tui.games.pasovec.screen:PasovecScreen",
    "rummikub": "tui.games.rummikub.screen:RummikubScreen",
}


def playable_games() -> list[Game]:
    """The games of `core.GAMES` that have a screen, in registry order."""
    from core import GAMES

    return [game for game_id, game in GAMES.items() if game_id in GAME_SCREENS]


def screen_class(game_id: str) -> type[GameScreen]:
    """The game screen class of `game_id` (imported now)."""
    module_name, class_name = GAME_SCREENS[game_id].split(":")
    return getattr(importlib.import_module(module_name), class_name)  # type: ignore[no-any-return]


def rules_text(game_id: str) -> str | None:
    """The game's rules for players in the chosen language (`rules.<lang>.md`), else in
    English (`rules.md`), as Markdown; None when none ships."""
    folder = resources.files("tui") / "games" / game_id
    for name in (f"rules.{current()}.md", "rules.md"):
        path = folder / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None
