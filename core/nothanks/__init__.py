"""No Thanks!: rules in `rules`, bots in `bots` (imported only when a bot is asked for)."""

from core.nothanks.rules import GAME, NoThanks, NoThanksState, card_points, runs, start_tokens

__all__ = ["GAME", "NoThanks", "NoThanksState", "card_points", "runs", "start_tokens"]
