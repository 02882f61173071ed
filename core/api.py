"""The contract every game honours, and the one exception the rules raise.

A game is a stateless object; its states are immutable values. Keeping the game and the state
apart is what lets the host hold one state, bots explore copies of it, and `replay` rebuild it
from a match record: nothing but `apply` moves a game forward, and `apply` never mutates.
"""

from __future__ import annotations

import reprlib
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
View = dict[str, Any]

_BRIEF = reprlib.Repr()  # keyword arguments need Python 3.12
_BRIEF.maxstring = _BRIEF.maxother = 40
_BRIEF.maxlist = _BRIEF.maxdict = 4
_BRIEF.maxlevel = 2


class IllegalMove(ValueError):
    """An action the rules refuse; `str(err)` is a sentence a player can read."""


@runtime_checkable
class Game(Protocol):
    """What the host, bots, arena and TUI rely on; see design.md, "The core contract"."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any: ...
    def to_act(self, state: Any) -> list[int]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action) -> Any: ...
    def view(self, state: Any, seat: int | None) -> View: ...
    def is_over(self, state: Any) -> bool: ...
    def result(self, state: Any) -> dict[str, list[int]]: ...


@runtime_checkable
class Bot(Protocol):
    """A player that sees exactly its seat's view, so it cannot cheat."""

    def act(self, view: View, rng: Any) -> Action: ...


def action_kind(action: object, kinds: tuple[str, ...]) -> str:
    """The action's kind, or IllegalMove when the action is not a dict with a known kind.

    Every game calls this first, so a malformed intent from a client is refused in the same
    words whatever the game.
    """
    if not isinstance(action, dict):
        raise IllegalMove(f"an action must be a map with a 'kind', not {type(action).__name__}")
    kind = action.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        known = ", ".join(repr(k) for k in kinds)
        raise IllegalMove(f"unknown action kind {brief(kind)}; this game knows {known}")
    return kind


def brief(value: object) -> str:
    """A short repr of something a client sent, for an error message: echoing a huge or
    hostile value in full would make the error itself too large to send."""
    return _BRIEF.repr(value)


def check_seat(seat: object, players: int) -> int:
    """The seat as an int in range, or IllegalMove."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalMove(f"there is no seat {brief(seat)} at this table of {players}")
    return seat


def check_players(game: Game, players: object) -> int:
    """The number of seats, or ValueError when the game cannot be played with it."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise ValueError(
            f"{game.title} is for {game.min_players} to {game.max_players} players, not {players}"
        )
    return players


def check_options(game: Game, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """The game's options merged over its defaults; unknown names or a bad `first` raise."""
    merged: dict[str, Any] = dict(game.options)
    for name, value in (options or {}).items():
        if name not in game.options and name not in ("first", "deck"):
            raise ValueError(f"{game.title} has no option {name!r}")
        merged[name] = value
    first = merged.get("first")
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise ValueError(f"option 'first' must be a seat from 0 to {players - 1}, not {first!r}")
    return merged
