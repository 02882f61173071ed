"""Misbehaving bots for the arena tests, importable by worker processes as
`tests.tui.arena_bots:NAME` (a bot factory spec, like a sparring bot's)."""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import Any

TAKE = {"kind": "take"}
# A file that one bot creates to be the only one to press Ctrl+C; its path comes from here.
INTERRUPT_MARK = "ARENA_TEST_INTERRUPT_MARK"
SENT = ".sent"  # beside the mark, once Ctrl+C is pressed


class Bot:
    def __init__(self, **_settings: Any) -> None:
        pass


class CrashBot(Bot):
    """Raises on its first decision."""

    def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
        raise RuntimeError("boom")


class IllegalBot(Bot):
    """Answers with a move No Thanks! does not know."""

    def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
        return {"kind": "double"}


class ExitBot(Bot):
    """Kills the worker process it runs in, as an out-of-memory kill would."""

    def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
        if multiprocessing.parent_process() is not None:
            os._exit(3)
        return TAKE


class InterruptBot(Bot):
    """Presses Ctrl+C on the parent once (the first bot to create the mark file does), says it
    did (the mark's SENT file), then plays on, as a game in play does while the arena stops."""

    def act(self, view: dict[str, Any], rng: Any) -> dict[str, str]:
        if multiprocessing.parent_process() is None:  # never signal the test runner's parent
            raise RuntimeError("InterruptBot only runs in a worker process")
        try:
            os.close(os.open(os.environ[INTERRUPT_MARK], os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return TAKE
        os.kill(os.getppid(), signal.SIGINT)
        os.close(os.open(os.environ[INTERRUPT_MARK] + SENT, os.O_CREAT))
        return TAKE
