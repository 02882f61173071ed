"""Notices of people coming and going, folded so that a crowd makes one line, not a flood.

The first arrival or departure after a quiet spell is told at once ("Ann joined"). Those that
follow within `NOTICE_WINDOW` seconds are gathered and told together when it ends, spectators
by number ("12 spectators joined; 11 spectators left"), so however fast outsiders come and go
each person at the table gets at most one such line per window, and a crowd's names never
reach anyone's screen. Seated players (a handful at most) are still named, and their arrivals
are told before the next move is shown (`before_move`), so the log keeps the order things
happened in.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

Say = Callable[[str, str, dict[str, Any]], None]
"""How a table tells everyone something: the English text, a code and its parameters (data
each client words in its own language; net/PROTOCOL.md, `notice`)."""

NOTICE_WINDOW = 1.0  # seconds over which arrivals and departures fold into one notice

# What happened to someone, and how one line says it of one named person or of many spectators.
_SEATED = {"joined": "joined", "back": ("is back", "are back"), "dropped": "dropped"}
_WATCHING = {"watching": ("is watching", "joined"), "left": ("left", "left")}


class Notices:
    """Arrivals and departures at one table, told through `say` (one notice line each time)."""

    def __init__(self, say: Say) -> None:
        """`say(text, code, params)`: the English line, and the same as data (the parts:
        `{event, names}` for seated people, `{event: "spectators_watching"/"spectators_left",
        names, count}` for spectators), so each client words it in its own language."""
        self.say = say
        self._named: dict[str, list[str]] = {}  # seated event: names, in order
        self._crowd: Counter[str] = Counter()  # spectator event: how many
        self._first: dict[str, str] = {}  # spectator event: the name, while there is one
        self._quiet_until = 0.0
        self._timer: asyncio.TimerHandle | None = None

    def seated(self, event: str, name: str) -> None:
        """A seated player `event`s: one of "joined", "back", "dropped"."""
        names = self._named.setdefault(event, [])
        if name not in names:
            names.append(name)
        self._soon()

    def spectator(self, event: str, name: str) -> None:
        """A spectator `event`s: "watching" (arrived) or "left"."""
        self._crowd[event] += 1
        self._first.setdefault(event, name)
        self._soon()

    def before_move(self) -> None:
        """A move is about to be shown: the seated people's arrivals gathered so far are told
        first, so nobody reads a player's move before the line saying they joined (a bot
        member plays the moment it sits down). Seated people are a handful, so this adds at
        most a line per arrival; spectators alone wait for the window as before."""
        if self._named and self._timer is not None:
            self._timer.cancel()
            self._flush()

    @property
    def pending(self) -> bool:
        """Whether arrivals or departures are gathered, still to be told."""
        return self._timer is not None

    def close(self) -> None:
        """Drop what is gathered (the table is closing)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None

    def _soon(self) -> None:
        if self._timer is not None:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        if now >= self._quiet_until:
            self._flush()
        else:
            self._timer = loop.call_at(self._quiet_until, self._flush)

    def _flush(self) -> None:
        self._timer = None
        parts = [
            f"{_and(names)} {_verb(event, len(names))}" for event, names in self._named.items()
        ]
        data: list[dict[str, object]] = [
            {"event": event, "names": list(names)} for event, names in self._named.items()
        ]
        for event, count in self._crowd.items():
            one, many = _WATCHING[event]
            who = self._first[event] if count == 1 else f"{count} spectators"
            parts.append(f"{who} {one if count == 1 else many}")
            names = [self._first[event]] if count == 1 else []
            data.append({"event": f"spectators_{event}", "names": names, "count": count})
        self._named.clear()
        self._crowd.clear()
        self._first.clear()
        if parts:
            self._quiet_until = asyncio.get_running_loop().time() + NOTICE_WINDOW
            self.say("; ".join(parts), "arrivals", {"parts": data})


def _verb(event: str, people: int) -> str:
    """ "joined", or "is back" / "are back" as many people as there are."""
    verb = _SEATED[event]
    return verb if isinstance(verb, str) else verb[0 if people == 1 else 1]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
