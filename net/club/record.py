"""The club record: the evening kept beside the match records, every game of it replayable.

Written when a round ends (and so at the evening's end), one file per club in the records'
folder of its own (`clubs/`), so the list of finished games is not flooded by a big club's
games and their pruning never drops an evening's game: each game's whole match record is kept
inside (a host's record, seed included, so every seat's eyes can be replayed). Private like
the records.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from core.club.standings import Finished, csv_text, standings
from net.paths import private_dir, private_file
from net.records import records_dir

CLUB_RECORD = "gamenight-club"
KEEP_CLUBS = 100


def clubs_dir() -> Path:
    return private_dir(records_dir() / "clubs")


def finished_games(games: list[dict[str, Any]]) -> list[Finished]:
    """The club's finished games (net/club/tables.py's `finished`) as the standings count them."""
    return [Finished(tuple(game["seats"]), game["result"]) for game in games]


def club_standings(games: list[dict[str, Any]], members: list[str]) -> list[dict[str, Any]]:
    """The standings rows of the finished games."""
    return [line.row() for line in standings(finished_games(games), members)]


def keep_club(club_id: str, data: dict[str, Any]) -> Path:
    """Write (or write again) the club's record; the oldest beyond KEEP_CLUBS are dropped."""
    path = clubs_dir() / f"club-{club_id}.json"
    temp = path.with_suffix(".tmp")
    with private_file(temp) as file:
        json.dump({"format": CLUB_RECORD, **data, "written": time.time()}, file)
    temp.replace(path)
    kept = sorted(clubs_dir().glob("club-*.json"), key=lambda p: p.stat().st_mtime)
    for old in kept[: max(0, len(kept) - KEEP_CLUBS)]:
        old.unlink(missing_ok=True)
    return path


def load_club(path: Path) -> dict[str, Any]:
    """A kept club record; ValueError when the file is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path.name} is not a club record: {err}") from None
    if not isinstance(data, dict) or data.get("format") != CLUB_RECORD:
        raise ValueError(f"{path.name} is not a club record")
    return data


def kept_clubs() -> list[tuple[Path, dict[str, Any]]]:
    """The kept club records, newest first (unreadable files left out)."""
    found = []
    for path in sorted(clubs_dir().glob("club-*.json"), key=lambda p: p.stat().st_mtime):
        try:
            found.append((path, load_club(path)))
        except ValueError:
            continue
    return found[::-1]


def standings_csv(data: dict[str, Any]) -> str:
    """The record's standings as CSV (recomputed from its games, so exactly what they say)."""
    return csv_text(standings(finished_games(data["games"]), data.get("members", [])))
