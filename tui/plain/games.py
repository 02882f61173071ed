"""The games the plain mode can seat you at: one presenter per game, named here and imported
when a table plays it (as tui/games/__init__.py names the screens)."""

from __future__ import annotations

import importlib

from tui.plain.presenter import Presenter

PRESENTERS = {
    "nothanks": "tui.plain.nothanks:NoThanksLines",
    "papayoo": "tui.plain.papayoo:PapayooLines",
    "pasovec": "tui.plain.pasovec:PasovecLines",
    "rummikub": "tui.plain.rummikub:RummikubLines",
}


def presenter_class(game_id: str) -> type[Presenter]:
    module, name = PRESENTERS[game_id].split(":")
    return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
