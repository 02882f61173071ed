"""The host's settings shared by every door (SSH, browser): the table password.

The password is best given in a file (`--door-password-file`) or typed at a prompt
(`--door-password -`): a value on the command line is visible to every local user in `ps`, so
it is still taken but warned about (issue 23).
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

SHOWN_WARNING = (
    "gamenight: warning: a password on the command line can be read by every user of this "
    "machine (ps); prefer --door-password-file FILE or --door-password - (asks for it)"
)


def add_door_arguments(host: argparse.ArgumentParser) -> None:
    given = host.add_mutually_exclusive_group()
    given.add_argument(
        "--door-password-file",
        type=Path,
        metavar="FILE",
        help="the password friends give at a door (SSH, browser), read from the first line of "
        "FILE; default: $GAMENIGHT_DOOR_PASSWORD; with none (and no authorized keys) the doors "
        "are open",
    )
    given.add_argument(
        "--door-password",
        metavar="TEXT",
        help="the door password itself; '-' asks for it without showing it (a value given "
        "here shows in ps: prefer --door-password-file)",
    )


def apply_door_arguments(args: argparse.Namespace) -> None:
    """Set the doors' password from the command line (the environment is read otherwise);
    SystemExit with the reason when the file cannot be read or is empty."""
    text = door_password(args)
    if text:
        from net import door_access

        door_access.set_password(text)


def door_password(args: argparse.Namespace) -> str | None:
    """The password the command line gives, by file, prompt or value (warned about)."""
    path: Path | None = getattr(args, "door_password_file", None)
    if path is not None:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise SystemExit(f"gamenight: cannot read the door password file: {err}") from None
        text = lines[0].strip() if lines else ""
        if not text:
            raise SystemExit(f"gamenight: the door password file {path} is empty")
        return text
    value: str | None = getattr(args, "door_password", None)
    if value == "-":
        return getpass.getpass("Door password (friends type it at the door): ") or None
    if value:
        print(SHOWN_WARNING, file=sys.stderr)
    return value
