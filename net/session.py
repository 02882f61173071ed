"""A seat's session: what the TUI talks to, whether the table is in this process or remote.

The host person and a remote player see the same thing: the protocol's host-to-client messages
(net/PROTOCOL.md), delivered to a callback or through `async for`. They send the same intents,
and the host checks both through the same code path, so the local player has no back door.

A game screen plays every seat through one (solo runs on the host's path too, as a
`HostSession`): `act` waits for the host's verdict and raises IllegalMove with the host's
reason when refused. (The SSH door's `DoorSession` and the browser door's `WebSession` are
another idea, named after their libraries': one person's SSH or browser connection to a door.)
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Callable
from typing import Any

from core import IllegalMove
from net.protocol import ERROR_WORDS, request_id

Message = dict[str, Any]


def refusal(frame: Message) -> IllegalMove:
    """The IllegalMove an error frame for an `act` stands for: rebuilt from its `reason` (code
    and params, worded here) when it has one; else, for an error of the table's own (ERROR_WORDS:
    `not_saved`, `not_started`), its English keeping the code and details, so the client words
    it in its reader's language; else its English `message` as a bare sentence (an older host)."""
    english = str(frame.get("message"))
    reason = frame.get("reason")
    if isinstance(reason, dict):
        code, params = reason.get("code"), reason.get("params", {})
        if (
            isinstance(code, str)
            and isinstance(params, dict)
            and all(isinstance(name, str) and _plain(value) for name, value in params.items())
        ):
            return IllegalMove.rebuilt(code, params, english)
    code, params = frame.get("code"), frame.get("params")
    if isinstance(code, str) and code in ERROR_WORDS:  # the table's own (not_saved, not_started)
        return IllegalMove.rebuilt(code, params if isinstance(params, dict) else {}, english)
    return IllegalMove(english)


def _plain(value: object) -> bool:
    """A parameter value a refusal may carry: a str or an int (not a bool)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


class Session:
    """Receives one seat's messages; subclasses say how intents reach the host (`send`)."""

    def __init__(self, on_message: Callable[[Message], None] | None = None) -> None:
        self.on_message = on_message
        self.seat: int | None = None
        self.token: str | None = None
        self.state: Message | None = None  # the latest "state" message
        self.lobby: Message | None = None  # the latest "lobby" message
        self.closed_reason: str | None = None
        self._queue: asyncio.Queue[Message] = asyncio.Queue()
        self._pending: dict[int, asyncio.Future[None]] = {}  # act() calls awaiting a verdict
        self._ids = itertools.count(1)

    # ---- receiving --------------------------------------------------------------------------
    def push(self, message: Message) -> None:
        """Take one message from the host (the Endpoint side); never blocks.

        The host's verdict on an `act()` call goes to that call, not to the callback.
        """
        kind = message["type"]
        request = request_id(message)
        if kind in ("acted", "error") and request in self._pending:
            future = self._pending.pop(request)
            if kind == "acted":
                future.set_result(None)
            else:
                future.set_exception(refusal(message))
            return
        if kind == "state":
            self.state = message
        elif kind == "lobby":
            self.lobby = message
        elif kind == "welcome":
            self.seat = message["seat"]
            self.token = message.get("token")
        elif kind == "closed":
            self.closed_reason = message["reason"]
            self._fail_pending()
        if self.on_message is not None:
            self.on_message(message)
        else:
            self._queue.put_nowait(message)

    def connect(self, push: Callable[[Message], None]) -> None:
        """Deliver messages to `push` from now on, starting with any that arrived before."""
        self.on_message = push
        while not self._queue.empty():
            push(self._queue.get_nowait())

    async def __aiter__(self) -> AsyncIterator[Message]:
        """Every message in order; ends after the `closed` message (only without a callback)."""
        while True:
            message = await self._queue.get()
            yield message
            if message["type"] == "closed":
                return

    # ---- sending ---------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        """Send one protocol message as is; any refusal arrives as an `error` message."""
        raise NotImplementedError

    async def act(self, action: dict[str, Any], version: int | None = None) -> None:
        """Send an intent made on `version` (default: the latest state held) and wait until the
        host applied it; IllegalMove with the host's reason if it was refused."""
        if version is None:
            version = self.state["version"] if self.state is not None else 0
        if self.closed_reason is not None:
            raise IllegalMove("not_connected", reason=str(self.closed_reason))
        request = next(self._ids)
        future = asyncio.get_running_loop().create_future()
        self._pending[request] = future
        self.send({"type": "act", "action": action, "version": version, "id": request})
        try:
            await future
        finally:
            self._pending.pop(request, None)

    def chat(self, text: str) -> None:
        self.send({"type": "chat", "text": text})

    def ready(self) -> None:
        """This seat has read the round's summary: the table's pause need not wait for it."""
        self.send({"type": "ready"})

    def hurry(self) -> None:
        """Skip the pause before the next bot move, where this session may (the host's)."""

    async def close(self) -> None:
        raise NotImplementedError

    def _fail_pending(self) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(IllegalMove("connection_lost"))
        self._pending.clear()
