"""The games by the names their players know, in each language (a Hungarian player knows
Pásovec as Tatu): core's titles are the English ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.base.i18n import N_, words

if TYPE_CHECKING:
    from core import Game

GAME_NAMES = {
    "nothanks": N_("No Thanks!"),
    "papayoo": N_("Papayoo"),
    "pasovec": N_("Pásovec"),
    "rummikub": N_("Rummikub"),
}
"""Each game's name as its players know it (the catalogs give it per language: a Hungarian
player knows Pásovec as Tatu); a game of core without a screen keeps core's title."""


def game_name(game: Game | str) -> str:
    """The game's name in the chosen language, in reading order (a part of a line, like
    `words`): by its id, or the game itself."""
    game_id = game if isinstance(game, str) else game.id
    if game_id in GAME_NAMES:
        return words(GAME_NAMES[game_id])
    if isinstance(game, str):
        from core import get_game

        return get_game(game).title
    return game.title
