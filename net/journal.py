"""The host's journal: the match record written as it grows, so a crashed host can resume.

A journal is JSON lines: a header (the match record's header, the seats with their reconnect
tokens, the tokens kicked before the start, the table's name, options and settings), then one
`[seat, action]` line per applied action, and a `{"kick": seat}` line whenever the host removes
a seat's player mid-game (the header's tokens were written at the start, and a resumed host must
refuse the kicked one all the same). The table calls `append` once the rules accepted an action
but before the table takes the new state, and each line is flushed at once: an action either
reached the file or it never happened (a failed write leaves the table as it was), so a resume
loses nothing anyone played. (Flushed to the OS, not fsynced: it survives the process dying, not
the machine losing power, and keeps each action well under a millisecond.) The journal of a game
that ends is deleted.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from core import get_game, replay
from core.api import Action
from net.paths import data_dir, private_dir, private_file

JOURNAL_VERSION = 1


def journal_dir() -> Path:
    return private_dir(data_dir() / "journals")


class Journal:
    """An open journal file that one table appends to."""

    def __init__(self, path: Path, file: IO[str]) -> None:
        self.path = path
        self._file = file

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> Journal:
        """Start a journal with its header (which must not contain actions)."""
        file = private_file(path)
        file.write(json.dumps({"journal": JOURNAL_VERSION, **header}) + "\n")
        file.flush()
        return cls(path, file)

    @classmethod
    def reopen(cls, path: Path) -> Journal:
        """Append to an existing journal (a resumed host)."""
        return cls(path, path.open("a", encoding="utf-8"))

    def append(self, seat: int, action: Action) -> None:
        self._write([seat, action])

    def kick(self, seat: int) -> None:
        """Record that the host removed the seat's player, before the host acts on it."""
        self._write({"kick": seat})

    def _write(self, entry: object) -> None:
        self._file.write(json.dumps(entry) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def discard(self) -> None:
        """Close and delete the journal of a finished game: there is nothing left to resume,
        and the file holds every seat's token and the seed."""
        self.close()
        self.path.unlink(missing_ok=True)


def load(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and the match record of a journal.

    The header gains `kicks`: the seats kicked mid-game, in order (none in a journal written
    before kicks were journaled). A last line cut off mid-write (the host died while writing
    it) is ignored: its action was never broadcast, its kick never done.
    """
    lines = path.read_text(encoding="utf-8").split("\n")
    header = json.loads(lines[0])
    if header.get("journal") != JOURNAL_VERSION:
        raise ValueError(f"{path} is not a version {JOURNAL_VERSION} journal")
    actions, kicks = [], []
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            if number == len(lines):  # the unterminated last line
                break
            raise
        if isinstance(entry, dict):
            kicks.append(entry["kick"])
        else:
            seat, action = entry
            actions.append([seat, action])
    record = {key: header[key] for key in ("game", "players", "seed", "options")}
    record["actions"] = actions
    header["kicks"] = kicks
    return header, record


def unfinished(solo: bool = False) -> list[Path]:
    """Journals in the data dir whose game is not over, newest first (to offer a resume):
    solo games, or LAN games.

    A host deletes the journal of a game that ends, so this replays only games cut off by a
    crash; the check that the game is not over is for a crash during the very last action.
    """
    found = []
    for path in sorted(
        journal_dir().glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True
    ):
        try:
            header, record = load(path)
            over = get_game(record["game"]).is_over(replay(record))
        except (ValueError, KeyError, OSError):
            continue
        if not over and header.get("solo", False) == solo:
            found.append(path)
    return found
