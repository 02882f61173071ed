"""The club night's set-up as questions, for the plain menu's "Host a club night": the
organiser's name, the game, the rounds and the bots, each with the club set-up screen's
default (Enter takes it; `start` takes every one left). The command line
(`gamenight --plain club GAMES… --table-size N --draw …`) sets everything else."""

from __future__ import annotations

from core import BOT_LEVELS
from tui.base import settings
from tui.base.i18n import words
from tui.base.seats import level_name
from tui.plain.lines import Lines
from tui.plain.setup import Questions
from tui.screens.club_setup import ROUNDS, round_games
from tui.table.plans import ClubHostPlan

DEFAULT_ROUNDS = 3  # the club set-up screen's first choice
DEFAULT_LEVEL = "normal"


async def club_setup(lines: Lines, game_id: str) -> ClubHostPlan | None:
    """The plan of an evening of `game_id`, asked; None when the input ends."""
    ask = Questions(lines)
    player = await ask.name(settings.player_name())
    if player is None:
        return None
    rounds = await ask.ask(words("Rounds"), [(str(n), n) for n in ROUNDS], DEFAULT_ROUNDS)
    if rounds is None:
        return None
    bots = [(words("fill empty seats ({level})", level=level_name(b)), b) for b in BOT_LEVELS]
    level = await ask.ask(words("Bots"), [*bots, (words("no bots"), "none")], DEFAULT_LEVEL)
    if level is None:
        return None
    return ClubHostPlan(
        games=round_games((game_id,), rounds),
        player=player,
        bots=level != "none",
        bot_level=DEFAULT_LEVEL if level == "none" else level,
    )
