"""Club nights kept on this machine: listed, opened (standings, and every game to replay) and
exported to CSV. Files only, no Textual (the list is read in a worker thread).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.club.standings import rows_csv
from net import records
from net.club.record import keep_club, kept_clubs, standings_csv
from net.paths import data_dir
from tui.base.game_names import game_name
from tui.base.i18n import listing, words
from tui.base.table_names import table_title
from tui.table.replays import Replay, replay_of


@dataclass(frozen=True)
class ClubEntry:
    """One club night of the list."""

    path: Path
    when: str
    name: str
    rounds: str
    winner: str
    data: dict[str, Any]


def club_entries() -> list[ClubEntry]:
    """The kept club nights, newest first."""
    entries = []
    for path, data in kept_clubs():
        written = data.get("written")
        when = (
            datetime.datetime.fromtimestamp(written).strftime("%Y-%m-%d %H:%M")
            if isinstance(written, int | float)
            else "?"
        )
        standings = data.get("standings") or []
        first = [str(row["player"]) for row in standings if row.get("rank") == 1]
        planned = len(data.get("plan", {}).get("games", []))
        rounds = words("{played} of {planned}", played=data.get("rounds", 0), planned=planned)
        name = table_title(data.get("name", "?"), data.get("name_words"))
        entries.append(ClubEntry(path, when, name, rounds, listing(first), data))
    return entries


def game_line(game: Mapping[str, Any]) -> str:
    """'Round 2 · table 1 · Papayoo · Ana 12, Bo 30, Cy 45, Bot 0 · won by Ana', in reading
    order."""
    title = game_name(str(game["record"]["game"]))
    names, scores = game["names"], game["result"]["scores"]
    played = listing(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    won = listing(names[i] for i in game["result"]["winners"])
    return words(
        "Round {round} · table {table} · {game} · {played} · won by {winners}",
        round=game["round"] + 1,
        table=game["table"] + 1,
        game=title,
        played=played,
        winners=won,
    )


def club_game_replay(game: Mapping[str, Any]) -> Replay:
    """The replay of one game of a club night (every seat's eyes: a host's record)."""
    seats = [{"name": name, "kind": "human", "level": None} for name in game["names"]]
    for seat, person in enumerate(game["seats"]):
        if person is None:
            seats[seat] = {"name": game["names"][seat], "kind": "bot", "level": "bot"}
    name = words("round {round}, table {table}", round=game["round"] + 1, table=game["table"] + 1)
    return replay_of({**game["record"], "seats": seats}, name)


def export_standings(club: str, rows: Sequence[Mapping[str, Any]]) -> Path:
    """Write standings rows (a `club` message's) as CSV; the path written."""
    safe = "".join(c if c.isalnum() else "-" for c in club)[:40].strip("-") or "club"
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return _export(f"{stamp}-{safe}-standings.csv", rows_csv(dict(row) for row in rows))


def export_record(entry: ClubEntry) -> Path:
    """A kept club night's standings as CSV: recomputed from its games where every game is
    kept (the host's), else as the club last sent them (a member's)."""
    data = entry.data
    if data.get("kept_by") == MEMBER:
        text = rows_csv(dict(row) for row in data.get("standings", []))
    else:
        text = standings_csv(data)
    return _export(f"{entry.path.stem}-standings.csv", text)


MEMBER = "member"  # `kept_by` of a member's club night: their own games only


def own_game(seat: Mapping[str, Any], path: Path) -> dict[str, Any] | None:
    """A member's finished game of a club night, as the club record keeps its games: their
    seat's own record (the file `path` their table link wrote), with the round and table of
    their `club_seat`; None when the file is not a finished seen record."""
    try:
        record = records.load(path)
    except ValueError:
        return None
    result, seats = record.get("result"), record.get("seats")
    if not isinstance(result, dict) or not isinstance(seats, list):
        return None
    names = [str(seat.get("name", "?")) for seat in seats]
    return {
        "round": int(seat["round"]),
        "table": int(seat["table"]),
        "table_id": path.stem,
        "record": record,
        "seats": [s.get("name") if s.get("kind") == "human" else None for s in seats],
        "names": names,
        "result": {"scores": result.get("scores", []), "winners": result.get("winners", [])},
    }


def keep_member_night(club_id: str, state: Mapping[str, Any], games: list[dict[str, Any]]) -> Path:
    """A member's club night, kept on their machine: the evening's plan and standings as
    the club last sent them (`club`), and their own games (`own_game`), so their list of
    club nights has it too (issue 35: friends' machines kept none)."""
    plain_id = club_id if re.fullmatch(r"[0-9a-z]{1,32}", club_id) else "lan"
    rounds = 0 if state["round"] is None else int(state["round"]) + 1
    data = {
        "club_id": plain_id,
        "name": state["club"],
        "name_words": state.get("club_words"),
        "plan": state["plan"],
        "members": [member["name"] for member in state["members"]],
        "rounds": rounds,
        "over": state["phase"] == "over",
        "games": games,
        "standings": state["standings"],
        "kept_by": MEMBER,
    }
    return keep_club(f"{plain_id}-{MEMBER}", data)


def _export(name: str, text: str) -> Path:
    folder = data_dir() / "exports"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
