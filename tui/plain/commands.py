"""Typed commands: their names, the TUI's key letters as short forms, and forgiving matching.

A command is typed as its name or any prefix of it that no other command shares ("ta" for
take), or as the letter of the TUI's key for it ("t"). The command words are the same in every
language, as the TUI's keys are; what they say back is in the player's.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from tui.base.i18n import listing, words

Handler = Callable[[str], Awaitable[None] | None]


@dataclass(frozen=True)
class Command:
    """One command: `run` gets the rest of the typed line; `now` says whether it acts now
    (`help` lists only those)."""

    name: str
    help: str  # marked for the catalogs (N_): worded when listed
    run: Handler
    keys: tuple[str, ...] = ()
    usage: str = ""  # what follows the name, as typed: "S7 H3 …"
    now: Callable[[], bool] = lambda: True


def find(typed: str, commands: list[Command]) -> Command | str:
    """The command `typed` names, else why not in words (unknown, or which ones it could be)."""
    word = typed.casefold()
    for command in commands:
        if word == command.name or word in command.keys:
            return command
    matches = [c for c in commands if c.name.startswith(word)]
    acting = [c for c in matches if c.now()]
    if len(matches) == 1 or len(acting) == 1:
        return (acting or matches)[0]
    if matches:
        names = listing(c.name for c in matches)
        return words("{word} could be {names}: type more of it.", word=typed, names=names)
    return words("No command {word}: help lists what you can do now.", word=typed)


async def call(command: Command, rest: str) -> None:
    """Run the command with the rest of its line, awaiting it if it is a coroutine."""
    result = command.run(rest)
    if inspect.isawaitable(result):
        await result


def help_lines(commands: list[Command]) -> list[str]:
    """One line per command that acts now: its name, its short forms and what it does."""
    lines = [words("What you can do now:")]
    for command in commands:
        if command.now():
            typed = f"{command.name} {command.usage}".strip()
            keys = f" ({', '.join(command.keys)})" if command.keys else ""
            lines.append(f"  {typed}{keys}: {words(command.help)}")
    return lines
