"""Names for the seats of a solo table: the player's own, and the bots' around it."""

from __future__ import annotations

from net.table import BOT_NAMES

DEFAULT_PLAYER_NAME = "Player"
MAX_NAME_LENGTH = 12


def clean_name(name: str) -> str:
    """The name as typed, trimmed to fit the tables; the default when left blank."""
    name = " ".join(name.split())[:MAX_NAME_LENGTH]
    return name or DEFAULT_PLAYER_NAME


def bot_names(player: str, count: int) -> list[str]:
    """`count` bot names, skipping the player's own so that the log never reads ambiguously."""
    taken = clean_name(player).casefold()
    return [name for name in BOT_NAMES if name.casefold() != taken][:count]
