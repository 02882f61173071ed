"""The lobby: who sits where, the game's options and the host's table settings, before a start.

Pure bookkeeping with no I/O, so the host's rules for seats (a human seat keeps its reconnect
token, a kicked seat is opened, a table starts only with every seat filled and valid options)
are testable without sockets. Options are validated by the game itself (`game.new`), the one
authority on what its options mean.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from core import BOT_LEVELS, get_game
from core.api import IllegalMove, check_players, check_seat
from net.names import name_key
from net.referee import BOT_NAMES, Seat


@dataclass
class LobbySeat:
    """One seat: open, a human (with the token that lets them back in) or a bot of a level."""

    kind: str = "open"  # "open", "human" or "bot"
    name: str | None = None
    level: str | None = None
    token: str | None = None  # humans only; never sent to anyone but the seat's holder

    def public(self, connected: bool) -> dict[str, Any]:
        """The seat as the `lobby` message shows it; whether it is connected is the host's
        roster's to say (net/roster.py), so it is not kept here."""
        return {"kind": self.kind, "name": self.name, "level": self.level, "connected": connected}


@dataclass
class Settings:
    """Table settings that are the host's, not the game's."""

    away_bot_seconds: float | None = None  # a bot plays an away seat after this long; None: never
    away_bot_level: str = "easy"
    hints: bool = True  # players may ask what the hard bot would do

    def public(self) -> dict[str, Any]:
        return {
            "away_bot_seconds": self.away_bot_seconds,
            "away_bot_level": self.away_bot_level,
            "hints": self.hints,
        }


@dataclass
class Lobby:
    """Seats, options and settings of a table that has not started."""

    game_id: str
    seats: list[LobbySeat] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    settings: Settings = field(default_factory=Settings)
    kicked: set[str] = field(default_factory=set)  # tokens of players the host removed

    def __post_init__(self) -> None:
        self.game = get_game(self.game_id)
        if not self.seats:
            self.seats = [LobbySeat() for _ in range(self.game.min_players)]

    # ---- the host's changes -----------------------------------------------------------------
    def set_players(self, players: int) -> None:
        """Grow with open seats or shrink by removing open seats from the end."""
        check_players(self.game, players)
        while len(self.seats) < players:
            self.seats.append(LobbySeat())
        while len(self.seats) > players:
            if self.seats[-1].kind != "open":
                raise ValueError(f"seat {len(self.seats) - 1} is taken; open it first")
            self.seats.pop()

    def set_game(self, game_id: str) -> None:
        """Play another game at this table: its default options, and as many seats as it
        allows (bots and open seats at the end go; a person beyond its maximum must be moved
        out first, since every seated person keeps their seat number)."""
        game = get_game(game_id)
        seats = list(self.seats)
        while len(seats) > game.max_players:
            if seats[-1].kind == "human":
                raise ValueError(
                    f"{game.title} is for at most {game.max_players} players, and seat "
                    f"{len(seats)} is {seats[-1].name}'s"
                )
            seats.pop()
        seats += [LobbySeat() for _ in range(game.min_players - len(seats))]
        self.game_id, self.game, self.seats, self.options = game_id, game, seats, {}

    def set_bot(self, index: int, level: str, taken: Collection[str] = ()) -> None:
        """Put a bot in a seat that is open or already a bot (a human must be kicked first),
        named so that no one else at the table (`taken`: the spectators' name keys) is; a bot
        given another level keeps its name."""
        if level not in BOT_LEVELS:
            raise ValueError(f"no bot level {level!r}; the levels are {', '.join(BOT_LEVELS)}")
        seat = self.seat(index)
        if seat.kind == "human":
            raise ValueError(f"seat {index} is {seat.name}'s; kick them first")
        if seat.kind == "bot":
            self.seats[index] = LobbySeat("bot", seat.name, level)
            return
        taken = self.names(but=index) | set(taken)
        name = next((n for n in BOT_NAMES if name_key(n) not in taken), f"Bot {index + 1}")
        self.seats[index] = LobbySeat("bot", name, level)

    def names(self, but: int | None = None) -> set[str]:
        """The name keys (net/names.py) of the seats' humans and bots, but seat `but`'s."""
        return {name_key(s.name) for i, s in enumerate(self.seats) if s.name and i != but}

    def kick(self, index: int, replacement: LobbySeat) -> LobbySeat:
        """Put `replacement` in a seat (open, or a bot in a running game) and remember the
        token of the human sitting there, so it is refused from now on; returns who sat there."""
        old = self.seat(index)
        if old.token is not None:
            self.kicked.add(old.token)
        self.seats[index] = replacement
        return old

    def set_options(self, options: dict[str, Any]) -> None:
        """Replace the game's options after the game itself accepts them for this many seats.

        A fixed `deck` (core's option for tests and puzzles) is refused: every player at a LAN
        table would be sent it, and so would know every card to come.
        """
        if "deck" in options:
            raise ValueError("a fixed deck is for tests and puzzles, never for a LAN table")
        self.game.new(len(self.seats), 0, options or None)
        self.options = dict(options)

    # ---- people arriving ------------------------------------------------------------------------
    def claim(self, name: str) -> int | None:
        """Seat a new human in the first open seat; None when the table is full."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "open":
                self.seats[index] = LobbySeat("human", name, token=secrets.token_urlsafe(18))
                return index
        return None

    def find(self, token: object) -> int | None:
        """The seat a reconnect token belongs to."""
        for index, seat in enumerate(self.seats):
            if seat.kind == "human" and same_token(seat.token, token):
                return index
        return None

    def was_kicked(self, token: object) -> bool:
        """Whether `token` was the token of a player the host removed from this table."""
        return any(same_token(kicked, token) for kicked in self.kicked)

    # ---- starting -------------------------------------------------------------------------------
    def not_ready(self) -> str | None:
        """Why the table cannot start yet (in English), or None when it can."""
        reason = self.not_ready_reason()
        return None if reason is None else str(reason)

    def not_ready_reason(self) -> IllegalMove | None:
        """Why the table cannot start yet as a refusal (code and parameters: each player's
        program words it in their language), or None when it can."""
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        if open_seats:
            return IllegalMove("seats_open", seats=", ".join(str(i) for i in open_seats))
        try:
            self.game.new(len(self.seats), 0, self.options or None)
        except ValueError as err:
            return IllegalMove.of(err)
        return None

    def table_seats(self) -> list[Seat]:
        """The seats as the table holds them (a human is away until attached)."""
        return [Seat(s.name or "?", s.kind, s.level) for s in self.seats]

    def taken(self) -> int:
        return sum(s.kind != "open" for s in self.seats)

    def public(self, connected: Callable[[int], bool]) -> dict[str, Any]:
        """The `lobby` message's fields; `connected(seat)` says whether someone holds a seat."""
        return {
            "game": self.game_id,
            "options": {key: value for key, value in self.options.items() if key != "deck"},
            "settings": self.settings.public(),
            "seats": [s.public(connected(i)) for i, s in enumerate(self.seats)],
            "min_players": self.game.min_players,
            "max_players": self.game.max_players,
            "game_options": dict(self.game.options),
            **not_ready_fields(self.not_ready_reason()),
        }

    def saved(self) -> dict[str, Any]:
        """What a journal's header keeps of the lobby for a resumed host (net/running.py):
        the settings, the seats with their tokens, and the tokens kicked so far, which it must
        go on refusing. Secret: the header is written 0600 (net/paths.py)."""
        return {
            "settings": self.settings.public(),
            "seats": [
                {"kind": s.kind, "name": s.name, "level": s.level, "token": s.token}
                for s in self.seats
            ],
            "kicked": sorted(self.kicked),
        }

    def restore(self, saved: dict[str, Any]) -> None:
        """Take back the seats and kicked tokens of `saved()` (the settings are the caller's,
        as they are the host's constructor argument)."""
        self.seats = [
            LobbySeat(s["kind"], s["name"], s["level"], s["token"]) for s in saved["seats"]
        ]
        self.kicked = set(saved.get("kicked", []))  # absent from older journals

    def seat(self, index: int) -> LobbySeat:
        """The seat at `index`, or ValueError (IllegalMove) naming the seats there are."""
        return self.seats[check_seat(index, len(self.seats))]


def same_token(token: str | None, offered: object) -> bool:
    """Compare a token in constant time. Tokens are ASCII; a peer's non-ASCII string (which
    `compare_digest` refuses with a TypeError) simply does not match."""
    return (
        token is not None
        and isinstance(offered, str)
        and offered.isascii()
        and secrets.compare_digest(token, offered)
    )


def not_ready_fields(reason: IllegalMove | None) -> dict[str, Any]:
    """A `lobby` or `club` message's why-not: `not_ready` in English (older clients show it),
    `not_ready_reason` as a refusal's code and parameters (net/PROTOCOL.md)."""
    if reason is None:
        return {"not_ready": None, "not_ready_reason": None}
    return {
        "not_ready": str(reason),
        "not_ready_reason": {"code": reason.code, "params": dict(reason.params)},
    }
