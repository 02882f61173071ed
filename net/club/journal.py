"""The club's journal: what a crashed club host needs to go on with the evening.

JSON lines, written whole or not at all by the table journal's writer (net/journal.py): a
header (the club's id, name and plan), then `{"member": {name, token}}` for each member who
joins, `{"left": n}` / `{"back": n}` when member n leaves the club or returns, `{"round":
{"index", "tables"}}` when a round is drawn (each table's id, people, their tokens and bots,
written before any table opens), and `{"result": ...}` when a table's game ends (its match
record, who held each seat, the result). Each table's game has its own journal, under the id
the round line names, so `--resume` finds every game where it stood. The journal of a finished
evening is deleted; the club record (net/club/record.py) keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from net.journal import Journal, journal_dir, read_lines

CLUB_FORMAT = 1


def club_journal_path(club_id: str) -> Path:
    return journal_dir() / f"club-{club_id}.jsonl"


@dataclass
class SavedClub:
    """A club journal read back: the header and the lines in the order they were written."""

    header: dict[str, Any]
    members: list[dict[str, Any]] = field(default_factory=list)
    left: set[int] = field(default_factory=set)
    rounds: list[list[dict[str, Any]]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)


def load(path: Path) -> SavedClub:
    """Read a club journal; a last line cut off mid-write (the host died writing it) is ignored,
    as its change was never made. ValueError when the file is not a club journal."""
    header, entries = read_lines(path)
    if header.get("club") != CLUB_FORMAT:
        raise ValueError(f"{path.name} is not a club journal")
    saved = SavedClub(header)
    for entry in entries:
        if "member" in entry:
            saved.members.append(entry["member"])
        elif "left" in entry:
            saved.left.add(entry["left"])
        elif "back" in entry:
            saved.left.discard(entry["back"])
        elif "round" in entry:
            saved.rounds.append(entry["round"]["tables"])
        elif "result" in entry:
            saved.results.append(entry["result"])
    return saved


def unfinished_clubs() -> list[Path]:
    """Club journals in the data dir, newest first: evenings a crash cut off."""
    paths = journal_dir().glob("club-*.jsonl")
    return sorted(paths, key=lambda p: p.stat().st_mtime, reverse=True)


def create(club_id: str, header: dict[str, Any]) -> Journal:
    return Journal.create(club_journal_path(club_id), {"club": CLUB_FORMAT, **header})
