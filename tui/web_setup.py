"""`gamenight host --web PORT`: the browser door's settings, and opening it beside a table.

The plan is plain data, so the command line builds it without importing `net`, aiohttp or
textual-serve (the menu must open fast); `open_web_door` imports them once a door is opened.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tui.door_listen import door_addresses, serve_on

if TYPE_CHECKING:
    from net.host import Host
    from net.web_door import WebDoor

DEFAULT_WEB_PORT = 8080
"""The browser door's port unless told otherwise (a free one if another program has it): fixed,
so the address (and the QR code) friends were given works again next time."""
WEB_MAX = 16
WEB_IDLE = 1800.0


@dataclass(frozen=True)
class WebPlan:
    """A browser door to open: its port, where it listens, how many browsers, how idle.

    `port` None: DEFAULT_WEB_PORT, or a free one if that is taken (the lobby shows it). `bind`
    None listens on the addresses the lobby shows (and loopback), never on every
    interface unless asked for with 0.0.0.0."""

    port: int | None = None
    bind: str | None = None
    max_sessions: int = WEB_MAX
    idle_seconds: float = WEB_IDLE


def add_web_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument(
        "--web",
        type=int,
        nargs="?",
        const=0,
        metavar="PORT",
        help=f"also open a browser door (on PORT; default {DEFAULT_WEB_PORT}, or a free one): "
        "friends open http://ADDRESS:PORT (the lobby shows it, with a QR code) and play in "
        "their web browser; see --door-password",
    )
    host.add_argument(
        "--web-bind",
        metavar="ADDR",
        help="the address the browser door listens on (default: the addresses the lobby "
        "shows, and loopback; 0.0.0.0 for every interface)",
    )
    host.add_argument(
        "--web-max",
        type=int,
        default=WEB_MAX,
        metavar="N",
        help=f"most browsers connected at once (default {WEB_MAX})",
    )
    host.add_argument(
        "--web-idle",
        type=float,
        default=WEB_IDLE,
        metavar="SECONDS",
        help=f"close a browser that sent no key or click for this long (default {WEB_IDLE:.0f})",
    )


def web_plan(args: argparse.Namespace) -> WebPlan | None:
    if args.web is None:
        return None
    if args.web_max < 1 or args.web_idle <= 0:
        raise SystemExit("gamenight: --web-max and --web-idle must be positive")
    return WebPlan(args.web or None, args.web_bind, args.web_max, args.web_idle)


async def open_web_door(plan: WebPlan, host: Host, addresses: list[str]) -> WebDoor:
    """Open the door to `host`'s table (serving); OSError says why not (the port taken).

    The door clients join from loopback, so the host stops counting loopback joins: the door
    paces new browsers per address instead (net/web_door.py)."""
    from net.paths import data_dir
    from net.web_door import WebDoor
    from tui.door import door_command
    from tui.screens.door_join import DOOR_HOST

    table_port, title = host.port, host.table_name
    assert table_port is not None
    door = WebDoor(
        lambda visitor: door_command(table_port, visitor, host.table_name),
        max_sessions=plan.max_sessions,
        idle_seconds=plan.idle_seconds,
        title=title,
        error_log=data_dir() / "web-door.log",
    )
    host.admission.unlimited.add(DOOR_HOST)
    bind = door_addresses(plan.bind, addresses)
    await serve_on(lambda port: door.serve(bind, port), plan.port, DEFAULT_WEB_PORT)
    if door.everywhere:  # on every interface: give friends the lobby's addresses
        door.shown = door_addresses(None, addresses)
    return door
