"""What one seat may see of a Papayoo state (PY-19/20/21).

Everything that leaves the engine for a seat passes through `build_view`, log included: the
log's pass entries are filtered here, so the cards a seat gave and received reach that seat
only, and nobody learns a pass before every seat has chosen (PY-10).

The rules (core/papayoo/rules.py) call `build_view` and so import this module; it does not
import them back. What it asks of the game is the `ViewedGame` protocol below, which the rules'
`Papayoo` meets; the state and PY-13 come from core/papayoo/state.py.
"""

from __future__ import annotations

from typing import Any, Protocol

from core.api import View
from core.papayoo.cards import SUIT, pass_count
from core.papayoo.journal import shown
from core.papayoo.state import PapayooState, legal_cards


class ViewedGame(Protocol):
    """What a view needs of the rules: the game's id, who is to act, and the result."""

    @property
    def id(self) -> str: ...

    def to_act(self, state: PapayooState) -> list[int]: ...

    def result(self, state: PapayooState) -> dict[str, list[int]]: ...


def build_view(game: ViewedGame, state: PapayooState, seat: int | None) -> View:
    players = state.players
    passing = state.phase == "pass"
    trick = state.trick
    view: View = {
        "game": game.id,
        "seat": seat,
        "players": players,
        "to_act": game.to_act(state),
        "over": state.phase == "over",
        "phase": state.phase,
        "deal": state.deal + 1,
        "deals": state.deals,
        "dealer": state.dealer,
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "pass_count": pass_count(players),
        "passed_seats": [i for i, c in enumerate(state.chosen) if c is not None or not passing],
        "my_pass": None,
        "received": None,
        "papayoo": state.papayoo,
        "trick": [[s, card] for s, card in trick],
        "lead_suit": SUIT[trick[0][1]] if trick else None,
        "turn": state.turn,
        "legal": [],
        "last_trick": None,
        "points": list(state.points),
        "totals": list(state.totals),
        "log": _log(state, seat),
    }
    if seat is not None:
        if passing:
            chosen = state.chosen[seat]
            view["my_pass"] = None if chosen is None else list(chosen)
            view["legal"] = list(state.hands[seat]) if chosen is None else []
        else:
            view["my_pass"] = list(state.passes[-1][seat])
            view["received"] = list(state.passes[-1][seat - 1])
            if seat == state.turn:
                view["legal"] = list(legal_cards(state.hands[seat], trick))
    if state.last_trick is not None:
        cards, winner, value = state.last_trick
        view["last_trick"] = {
            "cards": [[s, c] for s, c in cards],
            "winner": winner,
            "points": value,
        }
    if state.phase == "over":
        view["result"] = game.result(state)
    return view


def _log(state: PapayooState, seat: int | None) -> list[dict[str, Any]]:
    """The log as rendered when logged (core/papayoo/journal.py); a seat's pass entries show
    it its own two packets only (PY-19/21)."""
    length = state.logged
    journal = state.journal
    log = shown(journal, length, state.players)
    if seat is None:
        return log
    for deal, index in enumerate(journal.pass_at):
        if index >= length:
            break
        passes = state.passes[deal]
        log[index] = {
            **log[index],
            "given": list(passes[seat]),
            "to": (seat + 1) % state.players,
            "received": list(passes[seat - 1]),
            "from": (seat - 1) % state.players,
        }
    return log
