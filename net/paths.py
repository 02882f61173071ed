"""Where Gamenight keeps files on the player's machine: reconnect tokens and host journals.

One function, so the client's token store and the host's journals agree on the place and
tests can move both with one environment variable (GAMENIGHT_DATA_DIR).

Both hold secrets: a reconnect token is the only proof of a seat, and a journal's header holds
every seat's token and the match seed (which foretells the deck). So the folder is the user's
alone (0o700) and each file is written readable by its owner only (0o600), from the moment it
exists: never written first and restricted after.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, BinaryIO

import platformdirs


def data_dir() -> Path:
    """The user data directory (created if missing); GAMENIGHT_DATA_DIR overrides it."""
    override = os.environ.get("GAMENIGHT_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir("gamenight"))
    return private_dir(path)


def private_dir(path: Path) -> Path:
    """`path`, created if missing and made private (an older Gamenight created it 0o755)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def private_file(path: Path) -> IO[str]:
    """A new text file at `path` (replacing any), opened for writing, mode 0o600.

    An old file is removed first: `O_CREAT` sets the mode only of a file it creates.
    """
    return open(_private_fd(path), "w", encoding="utf-8")


def private_raw_file(path: Path) -> BinaryIO:
    """Like `private_file`, but binary and unbuffered: every write goes straight to the OS, so
    nothing a failed write could not place lingers in a buffer (net/journal.py)."""
    return open(_private_fd(path), "wb", buffering=0)


def _private_fd(path: Path) -> int:
    path.unlink(missing_ok=True)
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
