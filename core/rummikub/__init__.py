"""Rummikub: tiles and sets in `sets`, a play's check in `play`, the game in `rules`, the
exact solver in `solver`, hints in `hints`, bots in `bots` (imported only when asked for)."""

from core.rummikub.rules import GAME, Rummikub, RummikubState, game_scores
from core.rummikub.solver import best_play

__all__ = ["GAME", "Rummikub", "RummikubState", "best_play", "game_scores"]
