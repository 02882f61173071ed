"""What a set-up asks for before any table exists: a solo table, a LAN table to host or join,
and the doors (SSH, browser) to open beside a hosted one.

Plain data only, so the command line and the set-up screens build them without importing `net`,
asyncssh or aiohttp: the menu must still open fast (bench/bench_startup.py). `StartSolo` and
`StartClub` are the messages here: the set-up screens hand their plans to the app with them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.message import Message

from tui.base.i18n import words

DEFAULT_PORT = 47474
"""The port a host listens on unless told otherwise: a fixed one, so that players typing an
address by hand, and reconnect tokens (kept per host:port), find the table again."""
DEFAULT_SSH_PORT = 2222
"""The SSH door's port unless told otherwise (a free one if another program has it): fixed, so
the command friends were given works again next time."""
DEFAULT_WEB_PORT = 8080
"""The browser door's port unless told otherwise (a free one if another program has it): fixed,
so the address (and the QR code) friends were given works again next time."""
WEB_MAX = 16
WEB_IDLE = 1800.0


@dataclass(frozen=True)
class SoloSetup:
    """A solo table as the player chose it: the game, their name, one bot level per other seat,
    the game's options, and how long bots pause before moving so a person can follow them.
    What the set-up screen produces and "play again" reuses."""

    game_id: str
    player: str
    levels: tuple[str, ...]
    bot_delay: float = 0.8
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return 1 + len(self.levels)


class StartSolo(Message):
    """Seat the player at a new solo table set up like this."""

    def __init__(self, setup: SoloSetup) -> None:
        super().__init__()
        self.setup = setup


@dataclass(frozen=True)
class SshPlan:
    """An SSH door to open: its port, the keys that may come in, where it listens.

    `port` None: DEFAULT_SSH_PORT, or a free one if that is taken (the lobby shows it). `bind`
    None listens on the addresses the lobby shows (and loopback), never on every interface
    unless asked for with 0.0.0.0."""

    port: int | None = None
    authorized_keys: Path | None = None
    bind: str | None = None


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


@dataclass(frozen=True)
class HostPlan:
    """A table to host: the game, who hosts it, where it listens, and whether to advertise it.

    `resume` continues an unfinished match from its journal instead of opening a lobby: the
    newest, or the one of table `resume_table` (an id, or its first characters). `interfaces`
    (comma-separated IPv4 addresses) restricts zeroconf; `bind` is the listening address;
    `ssh` and `web` open an SSH door and a browser door beside the table.
    """

    game_id: str = "nothanks"
    player: str = ""  # blank: the default name in the chosen language (tui.base.names.clean_name)
    table_name: str | None = None
    port: int | None = None  # None: DEFAULT_PORT, or any free port if another table has it
    bind: str = "0.0.0.0"
    resume: bool = False
    resume_table: str | None = None
    interfaces: str | None = None
    discovery: bool = True
    ssh: SshPlan | None = None  # an SSH door to open beside the table (tui/table/doors.py)
    web: WebPlan | None = None  # a browser door to open beside the table (tui/table/doors.py)


DEFAULT_CLUB_PORT = 47475
"""The port a club listens on unless told otherwise (its tables take free ports)."""


@dataclass(frozen=True)
class ClubHostPlan:
    """A club night to host: the evening (the game of each round, table size, seat draw,
    bots, clock), who hosts it, and where it is found (as a table's `HostPlan`). `resume`
    continues the newest club a crash cut off instead."""

    games: tuple[str, ...] = ("nothanks",)
    player: str = ""  # blank: the default name, as above
    club_name: str | None = None
    table_size: int | None = None
    draw: str = "mix"
    bots: bool = True
    bot_level: str = "normal"
    turn_seconds: int | None = None
    seed: int | None = None  # fixes the seat draws (tests); None: the OS's entropy
    port: int | None = None  # None: DEFAULT_CLUB_PORT, or any free port if it is taken
    bind: str = "0.0.0.0"
    resume: bool = False
    interfaces: str | None = None
    discovery: bool = True
    ssh: SshPlan | None = None
    web: WebPlan | None = None


class StartClub(Message):
    """Open a club night as planned (the club set-up screen's plan, for the app)."""

    def __init__(self, plan: ClubHostPlan) -> None:
        super().__init__()
        self.plan = plan


@dataclass(frozen=True)
class JoinPlan:
    """Where to look for tables, and a table to join at once when `address` is given."""

    player: str = ""  # blank: the default name, as above
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
        raise ValueError(words("type the address as host:port, e.g. 192.168.1.20:47474"))
    return host.strip("[]"), int(port_text)
