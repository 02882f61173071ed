"""The client: connect to a host, hand-shake, then relay frames to a `Session`.

A seat's reconnect token is kept on the player's machine (the data dir, tokens.json, keyed by
host:port and player name, so two terminals of one user on one machine keep separate seats).
A player whose connection or whole program died takes their seat back by connecting again,
even to a host that was itself restarted from its journal.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
from collections.abc import Callable
from typing import Any

from net.link import HEARTBEAT, Link, LinkClosed
from net.paths import data_dir, private_file
from net.protocol import PROTOCOL_VERSION, error
from net.session import Message, Session

CONNECT_TIMEOUT = 5.0
PACED_TIMEOUT = 30.0  # seconds a paced join may wait for its answer (net/limits.py: up to 5 s)
# Fatal errors after which the saved token is of no use: the host voided it (`kicked`), or the
# seat went to another connection holding it (`replaced`), which must not be fought back.
VOIDS_TOKEN = ("kicked", "replaced")


class HandshakeError(Exception):
    """The host refused us (or never answered); `str(err)` is the host's reason in English,
    `code` and `params` the same as data (net/protocol.py's ERROR_WORDS)."""

    def __init__(self, code: str, message: str, params: object = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = params if isinstance(params, dict) else {}


def load_token(host: str, port: int, name: str) -> str | None:
    """The reconnect token saved for `name` at the table at host:port, if any."""
    return _tokens().get(f"{host}:{port}/{name}")


def saved_names(host: str, port: int) -> list[str]:
    """The names with a reconnect token saved at host:port, the latest saved last."""
    prefix = f"{host}:{port}/"
    return [key.removeprefix(prefix) for key in _tokens() if key.startswith(prefix)]


def save_token(host: str, port: int, name: str, token: str | None) -> None:
    """Remember (or, with None, forget) a token; written atomically."""
    tokens = _tokens()
    if token is None:
        tokens.pop(f"{host}:{port}/{name}", None)
    else:
        tokens[f"{host}:{port}/{name}"] = token
    path = data_dir() / "tokens.json"
    temp = path.with_suffix(".tmp")
    with private_file(temp) as file:
        file.write(json.dumps(tokens))
    os.replace(temp, path)


def _tokens() -> dict[str, str]:
    try:
        tokens = json.loads((data_dir() / "tokens.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return tokens if isinstance(tokens, dict) else {}


class ClientSession(Session):
    """A session with a remote host; `reconnect()` takes the seat back after a drop."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        spectate: bool = False,
        heartbeat: float = HEARTBEAT,
        on_message: Callable[[Message], None] | None = None,
    ) -> None:
        super().__init__(on_message)
        self.host = host
        self.port = port
        self.name = name
        self.spectate = spectate
        self.heartbeat = heartbeat
        self.welcome: Message | None = None
        self._link: Link | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self, timeout: float = CONNECT_TIMEOUT) -> Message:
        """Connect and hand-shake (with this session's token, else the saved one, if any);
        returns the welcome."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port), timeout
        )
        link = Link(reader, writer, heartbeat=self.heartbeat)
        hello: dict[str, Any] = {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "name": self.name,
            "token": None if self.spectate else self.token or self._saved_token(),
            "spectate": self.spectate,
        }
        link.push(hello)
        try:
            welcome = await link.recv(timeout)
        except LinkClosed as closed:
            raise HandshakeError(
                "closed", f"the host closed the connection: {closed.reason}"
            ) from None
        if welcome["type"] == "error":
            link.close()
            self._refused(welcome)
            raise HandshakeError(
                welcome.get("code", "error"), str(welcome.get("message")), welcome.get("params")
            )
        if welcome["type"] != "welcome" or welcome.get("protocol") != PROTOCOL_VERSION:
            link.close()
            raise HandshakeError(
                "version",
                f"the host answered with protocol {welcome.get('protocol')!r}; this program "
                f"speaks {PROTOCOL_VERSION}; use the same Gamenight version as the host",
            )
        if welcome.get("token"):
            save_token(self.host, self.port, self.name, welcome["token"])
        self.welcome = welcome
        self.closed_reason = None
        self._link = link
        self.push(welcome)
        link.start_heartbeat()
        self._reader = asyncio.get_running_loop().create_task(self._read(link))
        return welcome

    async def open_paced(
        self, timeout: float = PACED_TIMEOUT, on_wait: Callable[[float], None] | None = None
    ) -> Message:
        """`open`, as a host that paces joins from one address asks (net/limits.py): its late
        answer waited for (up to `timeout`), and a `too_many_joins` refusal waited out (told
        to `on_wait` with the seconds) and tried again; any other refusal is raised."""
        while True:
            try:
                return await self.open(timeout)
            except HandshakeError as err:
                if err.code != "too_many_joins":
                    raise
                wait = float(err.params.get("seconds") or 1)
                if on_wait is not None:
                    on_wait(wait)
                await asyncio.sleep(wait)

    async def reconnect(self, timeout: float = CONNECT_TIMEOUT) -> Message:
        """Connect again after a drop; the saved token gives this player their seat back."""
        await self.close()
        return await self.open(timeout)

    async def close(self) -> None:
        """Say goodbye and close; the reader task ends with a `closed` message."""
        link, reader = self._link, self._reader
        if link is None or reader is None:
            return
        self._link = None
        with contextlib.suppress(Exception):
            link.push({"type": "bye"})
        link.close("you left the table")
        with contextlib.suppress(asyncio.CancelledError):
            await reader

    async def _read(self, link: Link) -> None:
        """Relay frames until the link ends; the `closed` message says why, in the host's words
        when it sent any (a `closed` frame or a fatal error such as being kicked), and
        `by_host` tells a table the host shut down (no rejoining) from a dropped connection."""
        reason = None
        by_host = False
        try:
            while True:
                message = await link.recv()
                if message["type"] == "closed":
                    reason = str(message.get("reason"))
                    by_host = True
                    break
                if message["type"] == "error" and message.get("fatal"):
                    reason = str(message.get("message"))
                    self._refused(message)
                self.push(message)
        except LinkClosed as closed:
            reason = reason or link.closed_reason or closed.reason
        finally:
            link.close(reason or "closed")
        self.push(
            {"type": "closed", "reason": reason or "the connection was closed", "by_host": by_host}
        )

    def _saved_token(self) -> str | None:
        return load_token(self.host, self.port, self.name)

    def _refused(self, error: Message) -> None:
        """Forget the token when the host's fatal error says it no longer gives us the seat.

        Only a kick erases it from disk: `replaced` means another program of ours took the
        seat with this very token and may have saved it, so the disk entry is left alone. A
        disk that refuses the write must not stop the session from reporting that it closed.
        """
        code = error.get("code")
        if code in VOIDS_TOKEN:
            self.token = None
        if code == "kicked" and self._saved_token() is not None:
            with contextlib.suppress(OSError):
                save_token(self.host, self.port, self.name, None)

    def send(self, message: Message) -> None:
        if self._link is None:
            self.push(error("closed", "not connected to the table"))
            return
        self._link.push(message)


COMEBACK_WAITS = (0.2, 0.5, 1.0, 2.0, 3.0)  # seconds between tries to come back; the last repeats


async def come_back(session: ClientSession, staying: Callable[[], bool]) -> bool:
    """Reconnect a session whose connection dropped, with its token, trying again after each
    of COMEBACK_WAITS (the last repeating) while `staying()` holds: a restarted host answers
    on its port again once it has read its journal. True once back; False when there is no
    point any more (no longer staying, or the host refuses the token: the seat went to a bot
    or another connection, a version differs)."""
    for attempt in itertools.count():
        await asyncio.sleep(COMEBACK_WAITS[min(attempt, len(COMEBACK_WAITS) - 1)])
        if not staying():
            return False
        try:
            await session.open_paced()
        except HandshakeError as err:
            if err.code != "closed":
                return False
        except (OSError, TimeoutError):
            continue  # not back yet
        else:
            return True
    return False  # never reached: the count is endless


async def connect(
    host: str, port: int, name: str, *, timeout: float = CONNECT_TIMEOUT, **settings: Any
) -> ClientSession:
    """Join the table at host:port as `name` (or watch it); HandshakeError if refused.

    `settings` are `ClientSession`'s (spectate, heartbeat, on_message)."""
    session = ClientSession(host, port, name, **settings)
    await session.open(timeout)
    return session
