"""What `gamenight host` and `gamenight join` (or the menu) ask for, before any networking.

Plain data only, so the command line can build them without importing `net`: the menu must
still open fast (bench/bench_startup.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from tui.ssh_setup import SshPlan
from tui.web_setup import WebPlan

DEFAULT_PORT = 47474
"""The port a host listens on unless told otherwise: a fixed one, so that players typing an
address by hand, and reconnect tokens (kept per host:port), find the table again."""


@dataclass(frozen=True)
class HostPlan:
    """A table to host: the game, who hosts it, where it listens, and whether to advertise it.

    `resume` continues an unfinished match from its journal instead of opening a lobby: the
    newest, or the one of table `resume_table` (an id, or its first characters). `interfaces`
    (comma-separated IPv4 addresses) restricts zeroconf; `bind` is the listening address;
    `ssh` and `web` open an SSH door and a browser door beside the table.
    """

    game_id: str = "nothanks"
    player: str = "Player"
    table_name: str | None = None
    port: int | None = None  # None: DEFAULT_PORT, or any free port if another table has it
    bind: str = "0.0.0.0"
    resume: bool = False
    resume_table: str | None = None
    interfaces: str | None = None
    discovery: bool = True
    ssh: SshPlan | None = None  # an SSH door to open beside the table (tui/ssh_setup.py)
    web: WebPlan | None = None  # a browser door to open beside the table (tui/web_setup.py)


@dataclass(frozen=True)
class JoinPlan:
    """Where to look for tables, and a table to join at once when `address` is given."""

    player: str = "Player"
    address: str | None = None
    spectate: bool = False
    interfaces: str | None = None
    discovery: bool = True


def parse_address(text: str) -> tuple[str, int]:
    """'host:port' (or a bare host, meaning the default port); ValueError says the format."""
    text = text.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep:
        host, port_text = text, str(DEFAULT_PORT)
    if not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError("type the address as host:port, e.g. 192.168.1.20:47474")
    return host.strip("[]"), int(port_text)
