"""Papayoo: cards and rules here, views, knowledge (sampling) and bots beside them; bots are
imported only when a bot is asked for."""

from core.papayoo.rules import GAME, Papayoo, PapayooState, legal_cards

__all__ = ["GAME", "Papayoo", "PapayooState", "legal_cards"]
