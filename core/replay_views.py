"""A finished game as positions to step through, and the views a seat had at each of them.

Two kinds of file can be replayed. A match record (core/match.py, kept by a host) holds the seed
and every action: `RecordReplay` rebuilds any position and shows it through any seat's eyes or a
spectator's. A seen record (`seen_record`) holds only the views one seat received — what a LAN
client keeps, since it never has the seed or others' hands, and what an export writes — so
sharing it shares nothing that seat did not see: `SeenReplay` shows those views and no others.

Stepping must stay fast on long games (a 4-deal Papayoo, a long Rummikub match: issue 16 asks
<= 50 ms), yet rebuilding from the start costs every action so far. `RecordReplay` keeps a
keyframe (the state itself: states are immutable values) every `KEYFRAME_EVERY` actions, so any
position is at most that many `apply` calls away, and the last position shown is kept too, so a
step forward is one `apply`.

"Previous/next deal" is derived from the views, not written per game: each game's view carries
its counter (Papayoo `deal`, Pásovec `round`, Rummikub `game_no`; No Thanks! has none), and a
segment starts wherever that counter changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from core.api import Game, View, check_players, check_seat
from core.registry import GAMES, get_game

KEYFRAME_EVERY = 16  # actions between kept states: at most this many applies per step
SEGMENT_KEYS = ("deal", "round", "game_no")  # view counters that start a new deal/round/game
SEEN_FORMAT = "gamenight-seen"  # the `format` of a seen record
SEEN_VERSION = 1


class Positions(Protocol):
    """What a replay viewer needs: `count` positions (0 = the start, `count - 1` = the end),
    the seats whose eyes are on offer (None: a spectator), and a view at each position."""

    game: Game
    count: int
    eyes: list[int | None]

    def view(self, position: int, seat: int | None) -> View: ...

    def segment_starts(self) -> list[int]: ...


def segment_starts(views: Iterable[View]) -> list[int]:
    """The positions where a deal, round or game begins (always 0): where the first of
    SEGMENT_KEYS the views hold changes value. A game without such a counter has one segment."""
    starts: list[int] = []
    last: object = object()
    for position, view in enumerate(views):
        key = next((k for k in SEGMENT_KEYS if k in view), None)
        value = view.get(key) if key is not None else None
        if position == 0 or value != last:
            starts.append(position)
        last = value
    return starts


def neighbour_start(starts: Sequence[int], position: int, step: int, count: int) -> int:
    """The start of the previous (`step` < 0) or next segment from `position`; the first and
    last positions when there is none further."""
    if step < 0:
        return max((s for s in starts if s < position), default=0)
    return min((s for s in starts if s > position), default=count - 1)


class RecordReplay:
    """A match record's positions, rebuilt with keyframes; ValueError if it is not a record
    of a known game whose actions all apply."""

    def __init__(self, record: dict[str, Any], every: int = KEYFRAME_EVERY) -> None:
        game_id = record.get("game")
        if game_id not in GAMES:
            raise ValueError(f"a record of an unknown game {game_id!r}")
        self.game = get_game(str(game_id))
        self.players = check_players(self.game, record.get("players"))
        self.actions = _actions(record.get("actions"), self.players)
        seed = record.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("a record's seed must be a whole number")
        self.every = every
        self.count = len(self.actions) + 1
        self.eyes: list[int | None] = [*range(self.players), None]
        try:
            state = self.game.new(self.players, seed, record.get("options") or None)
            self.keyframes = [state]
            for index, (seat, action) in enumerate(self.actions, 1):
                state = self.game.apply(state, seat, action)
                if index % every == 0:
                    self.keyframes.append(state)
        except (ValueError, TypeError, KeyError) as err:  # IllegalMove is a ValueError
            raise ValueError(f"the record does not replay: {err}") from None
        if not self.game.is_over(state):
            raise ValueError("the record's game is not finished")
        self._last = (self.count - 1, state)
        self._starts: list[int] | None = None

    def state(self, position: int) -> Any:
        """The state after `position` actions: from the last one shown when stepping on from
        it, else from the nearest keyframe before."""
        position = max(0, min(position, self.count - 1))
        at, state = self._last
        if not at <= position < at + self.every:
            at = position // self.every * self.every
            state = self.keyframes[at // self.every]
        for seat, action in self.actions[at:position]:
            state = self.game.apply(state, seat, action)
        self._last = (position, state)
        return state

    def view(self, position: int, seat: int | None) -> View:
        return self.game.view(self.state(position), seat)

    def mover(self, position: int) -> int | None:
        """The seat whose action leads from `position` to the next, None at the end."""
        return self.actions[position][0] if position < len(self.actions) else None

    def segment_starts(self) -> list[int]:
        """Computed once, from the spectator's views (the counters are public)."""
        if self._starts is None:
            self._starts = segment_starts(self.view(p, None) for p in range(self.count))
        return self._starts


class SeenReplay:
    """The views of one seat kept in a seen record; ValueError if the data is not one."""

    def __init__(self, data: dict[str, Any]) -> None:
        game_id = data.get("game")
        if data.get("format") != SEEN_FORMAT or game_id not in GAMES:
            raise ValueError("not a seen record of a known game")
        self.game = get_game(str(game_id))
        self.seat = data.get("seat")
        self.views = decode_views(data.get("views"))
        if not self.views or not self.views[-1].get("over"):
            raise ValueError("a seen record must hold its seat's views to the game's end")
        players = check_players(self.game, self.views[0].get("players"))
        if self.seat is not None:
            self.seat = check_seat(self.seat, players)
        # Every view must have what the game's own views have, or its screen cannot draw it.
        needed = set(self.game.view(self.game.new(players, 0), self.seat))
        if any(v.get("seat") != self.seat or not needed <= set(v) for v in self.views):
            raise ValueError(f"a seen record must hold {self.game.title} views of its seat")
        self.count = len(self.views)
        self.eyes: list[int | None] = [self.seat]

    def view(self, position: int, seat: int | None) -> View:
        if seat != self.seat:
            raise ValueError("a seen record holds one seat's views only")
        return self.views[max(0, min(position, self.count - 1))]

    def segment_starts(self) -> list[int]:
        return segment_starts(self.views)


def open_replay(data: object) -> RecordReplay | SeenReplay:
    """The replay of a match record or a seen record; ValueError saying why it is neither."""
    if not isinstance(data, dict):
        raise ValueError("not a Gamenight record")
    if data.get("format") == SEEN_FORMAT:
        return SeenReplay(data)
    if not {"game", "players", "seed", "actions"} <= set(data):
        raise ValueError("not a Gamenight record")
    return RecordReplay(data)


def _actions(actions: object, players: int) -> list[tuple[int, dict[str, Any]]]:
    """The record's `[seat, action]` pairs, checked for shape (the rules check the rest)."""
    if not isinstance(actions, list):
        raise ValueError("a record's actions must be a list")
    pairs = []
    for pair in actions:
        if (
            not isinstance(pair, list | tuple)
            or len(pair) != 2
            or isinstance(pair[0], bool)
            or not isinstance(pair[0], int)
            or not 0 <= pair[0] < players
            or not isinstance(pair[1], dict)
        ):
            raise ValueError("a record's actions must be [seat, action] pairs")
        pairs.append((pair[0], pair[1]))
    return pairs


# ---- seen records: one seat's views, the log kept once ---------------------------------------
def seen_record(
    game: str, seat: int | None, seats: list[dict[str, Any]], views: Sequence[View]
) -> dict[str, Any]:
    """A seen record of `views` (equal neighbours dropped). Each view's log is stored as what
    it adds to the previous one's, so a long game's file stays linear in its length."""
    kept: list[View] = []
    for view in views:
        if not kept or view != kept[-1]:
            kept.append(view)
    return {
        "format": SEEN_FORMAT,
        "version": SEEN_VERSION,
        "game": game,
        "seat": seat,
        "seats": seats,
        "views": encode_views(kept),
    }


def encode_views(views: Sequence[View]) -> list[dict[str, Any]]:
    """Views with `log` replaced by `log_keep` (entries kept from the previous view's log) and
    `log_add` (the entries after them)."""
    encoded = []
    previous: list[Any] = []
    for view in views:
        log = list(view.get("log", []))
        keep = 0
        while keep < min(len(log), len(previous)) and log[keep] == previous[keep]:
            keep += 1
        rest = {key: value for key, value in view.items() if key != "log"}
        encoded.append({**rest, "log_keep": keep, "log_add": log[keep:]})
        previous = log
    return encoded


def decode_views(encoded: object) -> list[View]:
    """The views `encode_views` stored; ValueError if they are not such."""
    if not isinstance(encoded, list):
        raise ValueError("a seen record's views must be a list")
    views: list[View] = []
    previous: list[Any] = []
    for item in encoded:
        if not isinstance(item, dict):
            raise ValueError("a seen record's view must be a map")
        keep, add = item.get("log_keep"), item.get("log_add")
        if (
            isinstance(keep, bool)
            or not isinstance(keep, int)
            or not 0 <= keep <= len(previous)
            or not isinstance(add, list)
        ):
            raise ValueError("a seen record's view has a broken log")
        log = previous[:keep] + add
        view = {key: value for key, value in item.items() if key not in ("log_keep", "log_add")}
        views.append({**view, "log": log})
        previous = log
    return views
