"""Gamenight's pure rules library: games, views, bots and match records. No I/O of any kind."""

from core.api import Action, Bot, Game, IllegalMove, View
from core.match import new_record, record_action, replay
from core.registry import BOT_LEVELS, GAMES, get_bot, get_game

__all__ = [
    "BOT_LEVELS",
    "GAMES",
    "Action",
    "Bot",
    "Game",
    "IllegalMove",
    "View",
    "get_bot",
    "get_game",
    "new_record",
    "record_action",
    "replay",
]
