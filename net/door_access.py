"""Who may come in through a door (the SSH door, the browser door): the table password.

One small module shared by both doors, so a table has one password whatever way a friend
comes in. The password is set by the host (`gamenight host --door-password TEXT`) or by the
environment (GAMENIGHT_DOOR_PASSWORD), never stored on disk. Compared in constant time; a wrong
one is answered only after REFUSAL_DELAY, so guessing costs seconds per try.
"""

from __future__ import annotations

import asyncio
import hmac
import os
from dataclasses import dataclass

PASSWORD_ENV = "GAMENIGHT_DOOR_PASSWORD"
WEB_WHO_PREFIX = "web-"  # the browser door's people: web-<random hex> (net/web_door.py)
REFUSAL_DELAY = 1.0  # seconds before a wrong password is answered

_password: str | None = None


@dataclass(frozen=True)
class Visitor:
    """One person through a door, as the door's client program is told of them.

    `who` is their identity: the door client keeps their reconnect token and the name they sat
    down with under it, so it must be theirs alone (a random id per browser, per SSH connection,
    or per SSH key; never a user name anyone may type). `name` is a name to offer them (an SSH
    user name that is a name), `again` how to come back to their seat after a drop (told to
    them on the join screen and when the session ends)."""

    who: str
    name: str = ""
    again: str = ""


def set_password(text: str | None) -> None:
    """The table password from now on (None: fall back to $GAMENIGHT_DOOR_PASSWORD)."""
    global _password
    _password = text or None


def password() -> str | None:
    """The table password, or None when the doors have none."""
    return _password or os.environ.get(PASSWORD_ENV) or None


def check_password(given: str) -> bool:
    """Whether `given` is the table password (False when there is none to give)."""
    expected = password()
    if expected is None:
        return False
    return hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


async def refusal_pause() -> None:
    """Wait before answering a refused attempt: what makes guessing slow."""
    await asyncio.sleep(REFUSAL_DELAY)
