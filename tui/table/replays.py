"""Finished games to watch again: the kept records listed, a record file opened, a replay
exported. Files only, no Textual, so the list can be read in a worker thread.

A record kept by a host holds every seat's hand (and the seed): its replay offers every seat's
eyes and the spectator's. A seen record (a LAN player's own, or an export) holds one seat's
views: it offers those eyes only. Either opens as a `Replay`, whose `message` is a state message
as the table would have sent it, so a game's own screen draws it.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from core.replay_views import SEEN_FORMAT, RecordReplay, SeenReplay, open_replay, seen_record
from net import records
from net.paths import data_dir
from tui.base.game_names import game_name
from tui.base.i18n import listing, words


@dataclass(frozen=True)
class Replay:
    """An opened record: its positions, who sat where, and the eyes it opens with."""

    positions: RecordReplay | SeenReplay
    seats: list[dict[str, Any]]
    name: str  # the file's name, for titles and errors
    own: int | None = None  # the seat this person played, when a seen record of it says so

    @property
    def game_id(self) -> str:
        return self.positions.game.id

    @property
    def first_eyes(self) -> int | None:
        """The seat the person played: theirs when known, a seen record's seat, else the
        first human seat."""
        eyes = self.positions.eyes
        if self.own is not None and self.own in eyes:
            return self.own
        humans = [i for i, s in enumerate(self.seats) if s["kind"] == "human"]
        return humans[0] if humans and humans[0] in eyes else eyes[0]

    def message(self, position: int, eyes: int | None) -> dict[str, Any]:
        """The state message `eyes` were sent at `position` (nobody is away in a replay)."""
        return {
            "type": "state",
            "version": position,
            "seat": eyes,
            "seats": [{**seat, "away": False} for seat in self.seats],
            "view": self.positions.view(position, eyes),
            "clock": None,
        }


def read_replay(path: Path, own: int | None = None) -> Replay:
    """The replay of a record file (opening on seat `own`, when given and it has its eyes);
    ValueError naming the file and what is wrong with it."""
    return replace(replay_of(records.load(path), path.name), own=own)


def replay_of(data: dict[str, Any], name: str) -> Replay:
    """The replay of a record (a file's, or a game kept in a club record), called `name`;
    ValueError saying what is wrong with it."""
    try:
        positions = open_replay(data)
        seats = _seats(data.get("seats"), positions.view(0, positions.eyes[0])["players"])
    except ValueError as err:
        raise ValueError(
            words("{name} is not a Gamenight record: {err}", name=name, err=err)
        ) from None
    return Replay(positions, seats, name)


def _seats(seats: object, players: int) -> list[dict[str, Any]]:
    """The record's seats as state messages carry them; 'Seat 2' and so on for a record
    without them (one made by hand or by a tool)."""
    named = isinstance(seats, list) and len(seats) == players
    if named and all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        bots = [s.get("kind") == "bot" for s in seats]
        return [
            {
                "name": s["name"],
                "kind": "bot" if bot else "human",
                "level": str(s.get("level")) if bot else None,
            }
            for s, bot in zip(seats, bots, strict=True)
        ]
    return [
        {"name": words("Seat {seat}", seat=i + 1), "kind": "human", "level": None}
        for i in range(players)
    ]


@dataclass(frozen=True)
class Entry:
    """One line of the list of kept games: one game, however many kinds of its record are
    kept here (a club's host keeps its table's whole record and their own seat's)."""

    path: Path  # the record opened: the whole one when it is kept
    when: str
    game: str
    players: str
    winner: str
    every_seat: bool = True  # the whole record (a host's): every seat's eyes
    own: int | None = None  # the seat this person played, from their seat's own record


SAME_GAME_SECONDS = 120.0  # a seat's record and the whole one of a game end this close


@dataclass(frozen=True)
class Kept:
    """A record file as read for the list."""

    path: Path
    data: dict[str, Any]
    table_id: str
    seen: bool

    @property
    def finished(self) -> float:
        finished = self.data.get("finished")
        return float(finished) if isinstance(finished, int | float) else 0.0

    def scores(self) -> object:
        result = self.data.get("result")
        return result.get("scores") if isinstance(result, dict) else None

    def same_game(self, other: Kept) -> bool:
        """Whether two records (one a seat's, one whole) are of one game: the same table,
        game and scores, ended together (a table plays game after game under one id)."""
        return (
            self.table_id == other.table_id
            and self.data.get("game") == other.data.get("game")
            and self.scores() == other.scores()
            and abs(self.finished - other.finished) <= SAME_GAME_SECONDS
        )


def _table_id(path: Path, seen: bool) -> str:
    """The table's id in a record's file name ('20261202-013000-<id>[-seen].json')."""
    stem = path.stem.removesuffix("-seen") if seen else path.stem
    return stem.split("-", 2)[-1]


def kept_games() -> list[Entry]:
    """The kept games, newest first, one line each (a seat's record of a game whose whole
    record is kept too opens the whole one, on that seat); files that are not records are
    left out."""
    from core import GAMES

    kept = []
    paths = sorted(records.records_dir().glob("*.json"), key=lambda p: p.stat().st_mtime)
    for path in reversed(paths):
        try:
            data = records.load(path)
        except ValueError:
            continue
        if GAMES.get(str(data.get("game"))) is None or not isinstance(data.get("seats"), list):
            continue
        seen = data.get("format") == SEEN_FORMAT
        kept.append(Kept(path, data, _table_id(path, seen), seen))
    whole = [k for k in kept if not k.seen]
    entries = []
    for record in kept:
        twin = next((w for w in whole if record.seen and record.same_game(w)), None)
        if twin is not None:
            continue  # listed with its whole record, below or above
        seat = next((k for k in kept if k.seen and k.same_game(record)), None)
        own = None if seat is None else seat.data.get("seat")
        entries.append(_entry(record, own if isinstance(own, int) else None))
    return entries


def _entry(record: Kept, own: int | None) -> Entry:
    from core import GAMES

    data = record.data
    seats = data["seats"]
    names = [_seat_text(seat) for seat in seats if isinstance(seat, dict)]
    result = data.get("result") or _result_of(data)
    winners = [
        str(seats[i].get("name", "?"))
        for i in result.get("winners", [])
        if isinstance(i, int) and 0 <= i < len(seats) and isinstance(seats[i], dict)
    ]
    finished = data.get("finished")
    when = (
        datetime.datetime.fromtimestamp(finished).strftime("%Y-%m-%d %H:%M")
        if isinstance(finished, int | float)
        else "?"
    )
    game = game_name(GAMES[str(data["game"])])
    if record.seen:
        seat = data.get("seat")
        own = seat if isinstance(seat, int) else None
    return Entry(record.path, when, game, listing(names), listing(winners) or "?",
                 every_seat=not record.seen, own=own)  # fmt: skip


def kinds_text(entry: Entry) -> str:
    """Which eyes a game's replay has, in reading order."""
    if entry.every_seat and entry.own is not None:
        return words("Every seat's eyes, opening on yours.")
    if entry.every_seat:
        return words("Every seat's eyes.")
    return words("What your seat saw.")


def _result_of(data: dict[str, Any]) -> dict[str, Any]:
    """The result of a record kept before records held it: replayed (the list is read in a
    worker thread); empty when it does not replay."""
    from core import get_game, replay

    try:
        return get_game(str(data["game"])).result(replay(data))
    except Exception:  # a broken record is listed without a winner; opening it says why
        return {}


def _seat_text(seat: dict[str, Any]) -> str:
    """'Ana', 'Bot 2 (hard)'."""
    name = str(seat.get("name", "?"))
    return f"{name} ({seat.get('level')})" if seat.get("kind") == "bot" else name


def export(replay: Replay, eyes: int | None) -> Path:
    """Write what `eyes` saw of the whole game as a seen record a friend can open (never the
    seed, nor any view those eyes did not have); the path written."""
    positions = replay.positions
    views = [positions.view(p, eyes) for p in range(positions.count)]
    data = seen_record(replay.game_id, eyes, replay.seats, views)
    folder = data_dir() / "exports"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    who = "spectator" if eyes is None else f"seat{eyes + 1}"
    path = folder / f"{stamp}-{replay.game_id}-{who}.json"
    path.write_text(json.dumps({**data, "result": views[-1].get("result")}), encoding="utf-8")
    return path
