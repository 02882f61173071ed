"""Gamenight's pure rules library: games, views, bots and match records. No I/O of any kind.

`api` is the game contract every game meets; `value`, `match`, `replay_views` and `arena` build
on it; one package per game (`nothanks`, `papayoo`, `pasovec`, `rummikub`: cards or dice and
state at the bottom, then rules, views, knowledge, bots and hints on top); `registry` names them
all; `club` draws an evening's seats and adds up its standings. `core` imports neither `net`
nor `tui`, and no clock, socket, thread or Textual.
"""

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
