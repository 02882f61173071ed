"""Who may come in through a door (the SSH door, the browser door): the table password, and
the words the doors say before the game's own screen is up.

One small module shared by both doors, so a table has one password whatever way a friend
comes in. The password is set by the host (`gamenight host --door-password TEXT`) or by the
environment (GAMENIGHT_DOOR_PASSWORD), never stored on disk. Compared in constant time; a wrong
one is answered only after REFUSAL_DELAY, so guessing costs seconds per try.
"""

from __future__ import annotations

import asyncio
import hmac
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

PASSWORD_ENV = "GAMENIGHT_DOOR_PASSWORD"
WEB_WHO_PREFIX = "web-"  # the browser door's people: web-<random hex> (net/web_door.py)
PLAIN_PAGE = "/?plain=1"  # the browser door's plain page (net/web_plain.py), from its own page
KEY_WHO_PREFIX = "key-"  # the SSH door's people with a key: key-<its digest> (net/ssh_door.py)
REFUSAL_DELAY = 1.0  # seconds before a wrong password is answered

_password: str | None = None


@dataclass(frozen=True)
class Visitor:
    """One person through a door, as the door's client program is told of them.

    `who` is their identity: the door client keeps their reconnect token and the name they sat
    down with under it, so it must be theirs alone (a random id per browser, per SSH connection,
    or per SSH key; never a user name anyone may type). `name` is a name to offer them (an SSH
    user name that is a name), `again` how to come back to their seat after a drop (told to
    them on the join screen and when the session ends), `languages` the ones their browser or
    their SSH client's locale asks for: the door's program speaks the first it has."""

    who: str
    name: str = ""
    again: str = ""
    languages: tuple[str, ...] = ()  # theirs, most wanted first (browser, SSH client's locale)
    plain: bool = False  # asked for the plain line mode (SSH user `plain`: screen readers)

    def secrets(self) -> dict[str, str]:
        """What the door's program is told only by an inherited pipe (net/handoff.py), never
        on its command line: `who` (their token's key) and `again` (it holds the handle)."""
        return {"who": self.who, "again": self.again}


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


# ---- the doors' words ---------------------------------------------------------------------
# What a door says itself (a refusal, its web page) is said in the person's language when the
# program that opened the door knows it: `net` has no catalogs (they are the TUI's), so that
# program hands the doors a `Wording` (tui/table/door_words.py). Until then, English. The
# doors mark their texts with core.refusals' `N_` (Babel extracts net/ssh_door.py, web_door.py).


class Wording(Protocol):
    """The doors' words in a person's language."""

    def language(self, wanted: Sequence[str]) -> str:
        """The language to speak to someone who wants `wanted` (most wanted first): the first
        one there are words for, else the host's."""
        ...

    def words(self, language: str, text: str, /, **params: object) -> str:
        """`text` (an N_-marked English template) in `language`, in reading order."""
        ...

    def for_terminal(self, language: str, text: str, /, **params: object) -> str:
        """`words`, laid out for a terminal that draws left to right (Persian reordered)."""
        ...

    def right_to_left(self, language: str) -> bool: ...


class English:
    """The doors' words when no program gave others."""

    def language(self, wanted: Sequence[str]) -> str:
        return "en"

    def words(self, language: str, text: str, /, **params: object) -> str:
        return text.format(**params) if params else text

    def for_terminal(self, language: str, text: str, /, **params: object) -> str:
        return self.words(language, text, **params)

    def right_to_left(self, language: str) -> bool:
        return False


_wording: Wording = English()


def set_wording(wording: Wording) -> None:
    """The doors' words from now on (the TUI sets its catalogs' when it opens a door)."""
    global _wording
    _wording = wording


def wording() -> Wording:
    return _wording


LANGUAGE_TAG = re.compile(r"([A-Za-z]{1,8})(?:[-_][A-Za-z0-9]{1,8})*(?:;q=([01](?:\.\d{0,3})?))?")
MAX_LANGUAGES = 8


def accept_languages(header: str) -> tuple[str, ...]:
    """A browser's languages (its Accept-Language header), most wanted first, by their
    primary tag: 'hu-HU,hu;q=0.9,en;q=0.8' gives ('hu', 'en'). What does not parse is left out;
    at most MAX_LANGUAGES."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.replace(" ", "").split(",")[: MAX_LANGUAGES * 4]):
        match = LANGUAGE_TAG.fullmatch(part)
        if match:
            weight = float(match.group(2)) if match.group(2) else 1.0
            if weight > 0:
                wanted.append((-weight, index, match.group(1).lower()))
    chosen: list[str] = []
    for _, _, code in sorted(wanted):
        if code not in chosen:
            chosen.append(code)
    return tuple(chosen[:MAX_LANGUAGES])


LOCALE_NAMES = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_languages(env: Mapping[str, object]) -> tuple[str, ...]:
    """The language of a locale an SSH client sent (LC_ALL, then LC_MESSAGES, then LANG: the
    first set decides, as in POSIX): 'hu_HU.UTF-8' gives ('hu',)."""
    for name in LOCALE_NAMES:
        value = env.get(name)
        if isinstance(value, str) and value:
            match = LANGUAGE_TAG.match(value)
            return (match.group(1).lower(),) if match else ()
    return ()
