"""Where a hosted table and its doors (SSH, browser) listen: which addresses, which port.

One place for both doors and the table, so they choose alike: the port asked for, else a fixed
default (the address given to friends works again next time), else any free one (a second table
on this machine, another program on the default); the lobby shows the port either way. A door
listens on the addresses the lobby shows and loopback, never on every interface unless asked.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

LOOPBACK = "127.0.0.1"


def door_addresses(bind: str | None, shown: list[str]) -> list[str]:
    """The address the host asked the door to listen on, else the lobby's `shown` and loopback."""
    return [bind] if bind else sorted({*shown, LOOPBACK})


async def serve_on(serve: Callable[[int], Awaitable[int]], port: int | None, default: int) -> int:
    """`serve(port)` on `port`; without one on `default`, or on a free one (0) if that is
    taken. The port listened on."""
    if port is not None:
        return await serve(port)
    try:
        return await serve(default)
    except OSError:
        return await serve(0)
