"""The wire format: length-prefixed msgpack frames, decoded as untrusted input.

Every frame is a 4-byte big-endian length followed by that many bytes holding exactly one
msgpack map with a string `type` (net/PROTOCOL.md). The length prefix lets a reader refuse an
oversized frame before buffering it, and msgpack's own `max_*_len` limits stop a small frame
from claiming a huge container. Any decoding error is final for the connection: after a bad
frame nothing that follows can be trusted to be aligned (anchors.md, msgpack).
"""

from __future__ import annotations

import asyncio
import struct
import unicodedata
from typing import Any

import msgpack

PROTOCOL_VERSION = 1
MAX_FRAME = 256 * 1024  # bytes of msgpack after the length prefix
MAX_NAME = 24  # characters in a player name
MAX_CHAT = 200  # characters in a chat line
_HEADER = struct.Struct(">I")

# Containers in a legitimate frame are small: a view's log is the largest list (a few hundred
# entries); maps have a few dozen keys. Extension types are never used, so none are accepted.
_LIMITS = {
    "max_str_len": MAX_FRAME,
    "max_bin_len": MAX_FRAME,
    "max_array_len": 16384,
    "max_map_len": 1024,
    "max_ext_len": 0,
}


class ProtocolError(Exception):
    """A frame that breaks the protocol; `code` names the fault (net/PROTOCOL.md, errors)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def encode(message: dict[str, Any]) -> bytes:
    """One frame: the length prefix and the packed map. Refuses to build an oversized frame."""
    body = msgpack.packb(message, use_bin_type=True)
    if len(body) > MAX_FRAME:
        raise ValueError(f"a {message.get('type')!r} frame of {len(body)} bytes is too large")
    return _HEADER.pack(len(body)) + body


def decode(body: bytes) -> dict[str, Any]:
    """The map in one frame body, or ProtocolError: bad msgpack, not a map, no string type."""
    try:
        message = msgpack.unpackb(body, raw=False, strict_map_key=True, **_LIMITS)
    except Exception as err:  # msgpack raises many kinds (FormatError, StackError, ValueError...)
        raise ProtocolError("bad_frame", f"the frame is not valid msgpack: {err}") from None
    if not isinstance(message, dict):
        raise ProtocolError("bad_frame", "a frame must hold a map")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("bad_frame", "a frame must have a string 'type'")
    return message


async def read_frame(reader: asyncio.StreamReader) -> dict[str, Any]:
    """Read and decode one frame; EOF raises `asyncio.IncompleteReadError`."""
    (size,) = _HEADER.unpack(await reader.readexactly(_HEADER.size))
    if not 0 < size <= MAX_FRAME:
        raise ProtocolError("too_large", f"a frame of {size} bytes is over the {MAX_FRAME} limit")
    return decode(await reader.readexactly(size))


def clean_text(value: object, limit: int, what: str) -> str:
    """Printable text for a name or chat line, or ProtocolError saying what is wrong.

    Control and format characters (escape sequences, bidi overrides, zero-width joiners) are
    refused rather than silently stripped so the sender learns why; the TUI still renders the
    text without markup, as plain text.
    """
    if not isinstance(value, str):
        raise ProtocolError("bad_message", f"{what} must be text")
    text = value.strip()
    if not text:
        raise ProtocolError("bad_message", f"{what} is empty")
    if len(text) > limit:
        raise ProtocolError("bad_message", f"{what} is longer than {limit} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for ch in text):
        raise ProtocolError("bad_message", f"{what} contains control characters")
    return text


def error(
    code: str, message: str, *, fatal: bool = False, request: int | None = None
) -> dict[str, Any]:
    """An error frame; `fatal` tells the peer the connection is about to close, `request` echoes
    the `id` of the message refused, so a client can match the verdict to its intent."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message, "fatal": fatal}
    if request is not None:
        frame["id"] = request
    return frame
