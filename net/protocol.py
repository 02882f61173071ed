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

from core.api import MAX_ECHO, brief
from core.refusals import N_

__all__ = ["MAX_ECHO", "brief"]  # re-exported: core's is the one way to quote a peer's value

PROTOCOL_VERSION = 1
MAX_FRAME = 256 * 1024  # bytes of msgpack after the length prefix
MAX_NAME = 24  # code points in a player name
MAX_CHAT = 200  # code points in a chat line
PHASES = ("lobby", "playing", "over")  # a table's phase, in `info` and the mDNS record
_HEADER = struct.Struct(">I")
_REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")  # Unicode categories never shown
_ZWJ = "\u200d"

# Containers in a legitimate frame are small: a view's log is the largest list (a few hundred
# entries); maps have a few dozen keys. Extension types are never used, so none are accepted.
_LIMITS = {
    "max_str_len": MAX_FRAME,
    "max_bin_len": MAX_FRAME,
    "max_array_len": 16384,
    "max_map_len": 1024,
    "max_ext_len": 0,
}


ERROR_WORDS: dict[str, str] = {
    "name_taken": N_("someone at this table is already called {name}; pick another"),
    "too_many_joins": N_("too many joins from your address; try again in {seconds} s"),
    "version": N_(
        "this table speaks Gamenight protocol {host} and your program speaks {yours}; use the "
        "same Gamenight version as the host"
    ),
    "kicked": N_("the host removed you from this table"),
    "left_club": N_("you left the club; a bot plays your seat"),
    "host_seat": N_("that seat is the host's own; it cannot be joined from afar"),
    "full": N_("this table has too many connections; try again later"),
    "slow_down": N_("too many chat lines; wait a few seconds"),
    "not_saved": N_("the host could not save that move (is its disk full?); nothing changed"),
    "not_started": N_("the game has not started yet"),
    "internal": N_("the host hit an internal error; reconnect to continue"),
}
"""The errors a player may meet, by code, as English templates: an error frame carries its
`params`, so each client words these in its own language (the `message` is their English)."""


class ProtocolError(ValueError):
    """A frame that breaks the protocol; `code` names the fault (net/PROTOCOL.md, errors).

    A ValueError, so a caller checking a value it was handed (the host's own name for the
    table, say) needs no knowledge of the wire to catch it. An error a player may meet is
    raised by its code and `params` alone (`ProtocolError("full")`): ERROR_WORDS words it.
    """

    def __init__(self, code: str, message: str = "", /, **params: str | int) -> None:
        super().__init__(message or ERROR_WORDS[code].format(**params))
        self.code = code
        self.params = params


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

    White space (every Unicode White_Space character, as `str.strip`) is trimmed from both
    ends, then the length is counted in code points, as net/PROTOCOL.md says. Control and
    format characters (escape sequences, bidi overrides and isolates, zero-width spaces) are
    refused rather than silently stripped so the sender learns why; the TUI still renders the
    text without markup, as plain text. The one format character allowed is the zero width
    joiner, which glues emoji sequences (a family, a flag) and cannot reorder text.
    """
    if not isinstance(value, str):
        raise ProtocolError("bad_message", f"{what} must be text")
    text = value.strip()
    if not text:
        raise ProtocolError("bad_message", f"{what} is empty")
    if len(text) > limit:
        raise ProtocolError("bad_message", f"{what} is longer than {limit} code points")
    if any(ch != _ZWJ and unicodedata.category(ch) in _REFUSED for ch in text):
        raise ProtocolError("bad_message", f"{what} contains control characters")
    return text


def request_id(message: dict[str, Any]) -> int | None:
    """A message's `id` when it is an integer (not a bool), else None: ids are matched as keys,
    and a peer's `true` would otherwise pass for id 1."""
    request = message.get("id")
    return request if isinstance(request, int) and not isinstance(request, bool) else None


def error(
    code: str,
    message: str,
    *,
    fatal: bool = False,
    request: int | None = None,
    reason: dict[str, Any] | None = None,
    params: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An error frame; `fatal` tells the peer the connection is about to close, `request` echoes
    the `id` of the message refused, so a client can match the verdict to its intent.

    `reason` (an `illegal` refusal's `{"code": ..., "params": {...}}`, see core/refusals.py)
    is the refusal as data, so each client words it in its own language; `message` stays the
    English, for a client that does not know the code. `params` are an error's details (its
    ERROR_WORDS template's), for the same reason."""
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message, "fatal": fatal}
    if request is not None:
        frame["id"] = request
    if reason is not None:
        frame["reason"] = reason
    if params:
        frame["params"] = params
    return frame
