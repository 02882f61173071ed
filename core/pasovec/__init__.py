"""Pásovec: rules in `rules`, dice tables in `dice`, odds for screens and hints in `odds`,
bots in `bots` and hints in `hints` (imported only when asked for)."""

from core.pasovec.rules import GAME, Pasovec, PasovecState, cost

__all__ = ["GAME", "Pasovec", "PasovecState", "cost"]
