"""One TCP connection speaking the protocol, for host and client alike.

A link never blocks its sender: `push` queues the frame in the transport and, if the peer has
stopped reading and the queue passes `write_limit`, drops the connection instead of letting the
host's memory grow (point 8: a client that stops reading). Heartbeats are symmetric: each side
pings every `heartbeat` seconds and `recv` gives up after `3 * heartbeat` of silence, so a peer
that vanished without closing the socket is noticed by both sides.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any

from net.protocol import ProtocolError, brief, encode, error, read_frame

log = logging.getLogger(__name__)

WRITE_LIMIT = 1024 * 1024  # bytes queued for a peer before it counts as not reading
# The kernel's own send buffer, capped: autotuned it grows to megabytes, which would hide a peer
# that stopped reading behind that much buffering. 128 KiB still fills a LAN link.
SOCKET_BUFFER = 128 * 1024
HEARTBEAT = 5.0  # seconds between pings; silence for three of them drops the link


class LinkClosed(Exception):
    """The link is gone; `reason` says why in words a person can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Link:
    """A framed, heartbeating, bounded-buffer connection."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        heartbeat: float = HEARTBEAT,
        write_limit: int = WRITE_LIMIT,
    ) -> None:
        self.reader = reader
        self.writer = writer
        self.heartbeat = heartbeat
        self.write_limit = write_limit
        self.closed_reason: str | None = None
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_BUFFER)
        self._pinger: asyncio.Task[None] | None = None
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.address = str(peer[0]) if isinstance(peer, tuple) else self.peer  # the peer's host

    @property
    def closed(self) -> bool:
        return self.closed_reason is not None

    def push(self, message: dict[str, Any], frame: bytes | None = None) -> None:
        """Queue one frame without waiting; a peer that lets too much pile up is dropped.
        `frame` is `message` already encoded (a broadcast encodes once for everyone)."""
        if self.closed:
            return
        if self.writer.transport.is_closing():  # the peer is gone; recv() will say so
            self.close("the connection was closed")
            return
        try:
            frame = encode(message) if frame is None else frame
        except (ValueError, TypeError, OverflowError) as err:  # too large, or not msgpack
            log.error("cannot send %s a %s frame: %s", self.peer, brief(message.get("type")), err)
            self.fail("unsendable", f"a {brief(message.get('type'))} message could not be sent")
            return
        self.writer.write(frame)
        if self.writer.transport.get_write_buffer_size() > self.write_limit:
            self.abort("the connection stopped reading")

    def start_heartbeat(self) -> None:
        """Begin pinging the peer; call once the handshake is done."""
        self._pinger = asyncio.get_running_loop().create_task(self._ping())

    async def _ping(self) -> None:
        while not self.closed:
            await asyncio.sleep(self.heartbeat)
            self.push({"type": "ping"})

    async def recv(self, timeout: float | None = None) -> dict[str, Any]:
        """The next frame that is not a heartbeat, answering pings on the way.

        Raises LinkClosed when the peer closed, went silent for `timeout` (default three
        heartbeats), or sent a frame that breaks the protocol; in the last case the peer is
        first sent an error frame saying why.
        """
        timeout = 3 * self.heartbeat if timeout is None else timeout
        while True:
            message = await self.read(timeout)
            if message["type"] == "ping":
                self.push({"type": "pong"})
            elif message["type"] != "pong":
                return message

    async def read(self, timeout: float) -> dict[str, Any]:
        """Exactly one frame, heartbeats included, within `timeout`; LinkClosed as `recv`.

        The handshake reads its first frame with this: one deadline for the whole of it, which
        pings cannot extend (they are not answered before the handshake, but refused).
        """
        if self.closed:
            raise LinkClosed(self.closed_reason or "closed")
        try:
            return await asyncio.wait_for(read_frame(self.reader), timeout)
        except ProtocolError as err:
            self.fail(err.code, str(err), err.params)
            raise LinkClosed(str(err)) from None
        except TimeoutError:
            self.fail("timeout", f"nothing received for {timeout:g} seconds")
            raise LinkClosed("timed out") from None
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            self.abort("the connection was closed")
            raise LinkClosed("the connection was closed") from None

    def fail(self, code: str, message: str, params: dict[str, Any] | None = None) -> None:
        """Tell the peer why (`params`: the error's details, see ERROR_WORDS), then close."""
        if not self.closed:
            with contextlib.suppress(Exception):
                self.push(error(code, message, fatal=True, params=params))
        self.close(message)

    def close(self, reason: str = "closed") -> None:
        """Close after flushing what is queued."""
        if self.closed:
            return
        self.closed_reason = reason
        if self._pinger is not None:
            self._pinger.cancel()
        self.writer.close()

    def abort(self, reason: str) -> None:
        """Close at once, discarding what is queued (a peer that stopped reading)."""
        if self.closed:
            return
        log.info("dropping %s: %s", self.peer, reason)
        self.close(reason)
        self.writer.transport.abort()
