"""The host's journal: the match record written as it grows, so a crashed host can resume.

A journal is JSON lines: a header (the match record's header, the seats with their reconnect
tokens, the tokens kicked before the start, the table's name, options and settings), then one
`[seat, action]` line per applied action, and a `{"kick": seat}` line whenever the host removes
a seat's player mid-game (the header's tokens were written at the start, and a resumed host must
refuse the kicked one all the same), and a `{"chat": line}` line for each line of table talk.
The table calls `append` once the rules accepted an action
but before the table takes the new state, and each line is flushed at once: an action either
reached the file or it never happened (a failed write leaves the table as it was), so a resume
loses nothing anyone played. (Written to the OS, not fsynced: it survives the process dying, not
the machine losing power, and keeps each action well under a millisecond.) The journal of a game
that ends is deleted.

A refused line must never reach the file in any form. So the journal writes through an
unbuffered binary file (a text file's buffer keeps the bytes a failed write could not place and
writes them with the next good line: a refused move journaled after all, or twice with its
retry) and, when a write fails part-way (a file-size limit, a full disk), cuts the file back to
its last whole line before saying so. If even the cut fails, the next write cuts first, and
`reopen` cuts a torn tail, so a journal only ever holds whole lines of moves that were made.

The talk is bounded: a table keeps its last `kept` chat lines, so once the journal holds twice
that many, it is written again with the last `kept` only (to a new file, put in the old one's
place whole by a rename: a crash mid-way leaves the old journal as it was). Every action and
kick stays. Chat lines come at most 8 per 10 s a seat (net/roster.py), but an evening is long.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any, BinaryIO

from core import get_game, replay
from core.api import Action
from net.paths import data_dir, private_dir, private_raw_file

JOURNAL_VERSION = 1
CHAT_LINE = b'{"chat": '  # how a chat line of the journal begins (json.dumps of {"chat": …})


def journal_dir() -> Path:
    return private_dir(data_dir() / "journals")


class Journal:
    """An open journal file that one table appends to, a whole line at a time or not at all."""

    def __init__(self, path: Path, file: BinaryIO) -> None:
        """`file` is unbuffered (every `write` goes to the OS) and positioned at its end."""
        self.path = path
        self._file = file
        self._whole = file.seek(0, os.SEEK_END)  # bytes up to the end of the last whole line
        self._torn = False  # a failed write may have left bytes past `_whole`
        self.chats = 0  # chat lines in the file (a reopened journal counts its own)

    @classmethod
    def create(cls, path: Path, header: dict[str, Any]) -> Journal:
        """Start a journal with its header (which must not contain actions); OSError, and no
        journal, if the header cannot be written whole."""
        journal = cls(path, private_raw_file(path))
        try:
            journal._write({"journal": JOURNAL_VERSION, **header})
        except OSError:
            journal.discard()
            raise
        return journal

    @classmethod
    def reopen(cls, path: Path) -> Journal:
        """Append to an existing journal (a resumed host), first cutting off a torn last line
        (the host died while writing it, so its move was never made)."""
        file = path.open("r+b", buffering=0)
        data = file.read()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            file.truncate(whole)
        file.seek(whole)
        journal = cls(path, file)
        journal.chats = sum(line.startswith(CHAT_LINE) for line in data[:whole].split(b"\n"))
        return journal

    def append(self, seat: int, action: Action) -> None:
        """Journal an action; OSError (and nothing on disk) if it cannot be written whole."""
        self._write([seat, action])

    def kick(self, seat: int) -> None:
        """Record that the host removed the seat's player, before the host acts on it."""
        self._write({"kick": seat})

    def chat(self, line: dict[str, Any], kept: int) -> None:
        """Keep a chat line of the table's talk, so a resumed host can tell it again; past
        twice `kept` lines, only the last `kept` are kept (see the module's docstring)."""
        self._write({"chat": line})
        self.chats += 1
        if self.chats > 2 * kept:
            with contextlib.suppress(OSError):  # the line is kept; compacting waits for the next
                self._compact(kept)

    def _compact(self, kept: int) -> None:
        """Write the journal again with its last `kept` chat lines only; OSError leaves the
        journal as it was (it is only longer than it need be)."""
        lines = self.path.read_bytes()[: self._whole].split(b"\n")[:-1]
        chats = [number for number, line in enumerate(lines) if line.startswith(CHAT_LINE)]
        dropped = set(chats[: max(0, len(chats) - kept)])
        data = b"".join(line + b"\n" for n, line in enumerate(lines) if n not in dropped)
        fresh = self.path.with_name(self.path.name + ".new")
        file = private_raw_file(fresh)
        try:
            view = memoryview(data)
            while view:
                written = file.write(view)
                if not written:
                    raise OSError(f"could not write to {fresh}")
                view = view[written:]
            os.replace(fresh, self.path)
        except OSError:
            file.close()
            fresh.unlink(missing_ok=True)
            raise
        self._file.close()
        self._file, self._whole, self.chats = file, len(data), len(chats) - len(dropped)

    def note(self, entry: dict[str, Any]) -> None:
        """Write one line of another kind, whole or not at all (the club's journal, whose
        lines are its own: net/club/journal.py)."""
        self._write(entry)

    def _write(self, entry: object) -> None:
        data = (json.dumps(entry) + "\n").encode()
        if self._torn:
            self._cut()
        try:
            view = memoryview(data)
            while view:
                written = self._file.write(view)
                if not written:
                    raise OSError(f"could not write to {self.path}")
                view = view[written:]
        except OSError:
            self._torn = True
            with contextlib.suppress(OSError):  # if not now, before the next write or on reopen
                self._cut()
            raise
        self._whole += len(data)

    def _cut(self) -> None:
        """Drop whatever a failed write left past the last whole line."""
        self._file.truncate(self._whole)
        self._file.seek(self._whole)
        self._torn = False

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()

    def discard(self) -> None:
        """Close and delete the journal of a finished game: there is nothing left to resume,
        and the file holds every seat's token and the seed."""
        self.close()
        self.path.unlink(missing_ok=True)


def load(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and the match record of a journal.

    The header gains `kicks`: the seats kicked mid-game, in order (none in a journal written
    before kicks were journaled), and `talk`: the table's chat lines, the header's (said in the
    lobby) then the journaled ones. A last line cut off mid-write (the host died while writing
    it) is ignored: its action was never broadcast, its kick never done.
    """
    header, entries = read_lines(path)
    actions, kicks, talk = [], [], list(header.get("talk", []))
    for entry in entries:
        if isinstance(entry, dict) and "chat" in entry:
            talk.append(entry["chat"])
        elif isinstance(entry, dict):
            kicks.append(entry["kick"])
        else:
            seat, action = entry
            actions.append([seat, action])
    record = {key: header[key] for key in ("game", "players", "seed", "options")}
    record["actions"] = actions
    header["kicks"] = kicks
    header["talk"] = talk
    return header, record


def read_lines(path: Path) -> tuple[dict[str, Any], list[Any]]:
    """A journal's header and its lines after it (a table's here, a club's: net/club), with
    a last line cut off mid-write left out: the host died writing it, so it never happened.
    ValueError when the file is not a journal of this version."""
    lines = path.read_text(encoding="utf-8").split("\n")
    header = json.loads(lines[0])
    if header.get("journal") != JOURNAL_VERSION:
        raise ValueError(f"{path} is not a version {JOURNAL_VERSION} journal")
    entries = []
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        try:
            entries.append(json.loads(line))
        except ValueError:
            if number == len(lines):  # the unterminated last line
                break
            raise
    return header, entries


def unfinished(solo: bool = False) -> list[Path]:
    """Journals in the data dir whose game is not over, newest first (to offer a resume):
    solo games, or LAN games.

    A club's tables are left out: their club resumes them (net/club). A host deletes the
    journal of a game that ends, so this replays only games cut off by a
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
        if not over and header.get("solo", False) == solo and not header.get("club"):
            found.append(path)
    return found
