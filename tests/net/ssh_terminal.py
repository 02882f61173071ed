"""An SSH client with a terminal, for the SSH door's tests and benchmark: what the remote
program drew, as plain text, and keys typed into it.

The screen arrives as a byte stream of text and escape sequences; `plain` strips the escapes,
which leaves the words a person sees (in drawing order), enough to know which screen is up.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

import asyncssh

ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
SIZE = (100, 32)


class Screen(asyncssh.SSHClientSession[bytes]):
    """The client side of one session: everything received, and when it last arrived."""

    def __init__(self) -> None:
        self.received = bytearray()
        self.arrivals: list[tuple[float, int]] = []  # (perf_counter, bytes so far)
        self.closed = asyncio.Event()
        self.exit_status: int | None = None
        self.heard: list[Callable[[bytes], None]] = []  # told each chunk, and b"" at the end

    def data_received(self, data: bytes, datatype: object) -> None:
        self.received += data
        self.arrivals.append((time.perf_counter(), len(self.received)))
        for hear in self.heard:
            hear(data)

    def exit_status_received(self, status: int) -> None:
        self.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()
        for hear in self.heard:
            hear(b"")


class Terminal:
    """One SSH connection with one pty session on it."""

    def __init__(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None
        self.screen = Screen()

    @classmethod
    async def open(
        cls,
        port: int,
        user: str = "zoe",
        *,
        size: tuple[int, int] = SIZE,
        term: str = "xterm-256color",
        env: dict[str, str] | None = None,
        **options: Any,
    ) -> Terminal:
        """Connect to 127.0.0.1:port as `user` and start a shell in a pty (the door's way in)
        of this `term` type, sending `env`; `options` go to asyncssh.connect (password,
        client_keys…)."""
        options.setdefault("client_keys", None)
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, agent_path=None, **options
        )
        terminal = cls(conn)
        terminal.chan, _ = await conn.create_session(
            lambda: terminal.screen, term_type=term, term_size=size, env=env or {}, encoding=None
        )
        return terminal

    def plain(self, since: int = 0) -> str:
        """What was drawn from byte `since` on, without escape sequences."""
        return ESCAPES.sub(b"", bytes(self.screen.received[since:])).decode(errors="replace")

    def mark(self) -> int:
        """A place in the stream: `expect(..., since=mark)` looks only at what came after."""
        return len(self.screen.received)

    async def expect(self, text: str, since: int = 0, timeout: float = 15.0) -> None:
        """Wait until `text` is drawn (after `since`); TimeoutError shows the screen's end."""
        try:
            async with asyncio.timeout(timeout):
                while text not in self.plain(since):
                    await asyncio.sleep(0.01)
        except TimeoutError:
            raise TimeoutError(f"{text!r} not drawn; last: {self.plain(since)[-600:]!r}") from None

    def press(self, keys: str | bytes) -> None:
        assert self.chan is not None
        self.chan.write(keys.encode() if isinstance(keys, str) else keys)

    def resize(self, columns: int, rows: int) -> None:
        assert self.chan is not None
        self.chan.change_terminal_size(columns, rows)

    def drop(self) -> None:
        """Cut the connection as a dead network would: no goodbye."""
        self.conn.abort()

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
