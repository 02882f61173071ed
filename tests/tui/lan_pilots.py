"""Ways through the LAN screens, shared by the LAN Pilot tests, their snapshots and
screenshots/make_screenshots.py. Everything listens and connects on 127.0.0.1 only, with
discovery off unless a test says otherwise (tests/conftest.py pins zeroconf to loopback anyway).
"""

from __future__ import annotations

import fcntl
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Log, OptionList, Static

from net.client import ClientSession
from net.discovery import FoundTable
from net.host import Host
from tests.net.conftest import BotDriver, join
from tests.tui.pilots import wait_until
from tui.app import GamenightApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.host_lobby import HostLobbyScreen
from tui.screens.join import JoinScreen, TableEvent
from tui.table.plans import HostPlan, JoinPlan

LAN_PORT = 47011  # a fixed port for the pictures, so that the address shown never changes


@contextmanager
def port_to_ourselves(port: int) -> Iterator[int]:
    """Wait until no other run of these tests on this machine holds the fixed `port` (a
    picture's address), then hold it: a table asked for a port that is taken does not open,
    and the machine is shared (two runs of the same language's pictures at once failed)."""
    lock = Path(tempfile.gettempdir()) / f"gamenight-tests-port-{port}.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # let go when closed, or when this process ends
        yield port


def host_app(port: int = 0, player: str = "Zoe") -> GamenightApp:
    """An app that opens straight in the lobby of a loopback table, as `gamenight host` does."""
    plan = HostPlan(player=player, port=port, bind="127.0.0.1", discovery=False)
    return GamenightApp(bot_delay=0.0, host=plan, player=player)


def join_app(player: str = "Kim", address: str | None = None) -> GamenightApp:
    """An app that opens on the join screen, as `gamenight join` does (discovery off)."""
    plan = JoinPlan(player=player, address=address, discovery=False)
    return GamenightApp(bot_delay=0.0, join=plan, player=player)


async def on_screen(pilot: Pilot[None], kind: type[Screen[None]], timeout: float = 30.0) -> None:
    """Wait until a `kind` screen is in front and mounted: a pushed screen is in front before
    its widgets exist, and on a busy machine a query can come in between. A screen that takes
    no key in its first moment (a final table, a round's summary) is waited for past it."""
    await wait_until(
        pilot,
        lambda: (
            isinstance(pilot.app.screen, kind)
            and pilot.app.screen.is_mounted
            and getattr(pilot.app.screen, "takes_keys", True)
        ),
        timeout,
    )


async def host_lobby(pilot: Pilot[None]) -> HostLobbyScreen:
    await on_screen(pilot, HostLobbyScreen)
    screen = pilot.app.screen
    assert isinstance(screen, HostLobbyScreen)
    await wait_until(pilot, lambda: screen.query_one("#seat-list", OptionList).option_count > 0)
    return screen


async def remote_player(pilot: Pilot[None], name: str = "Bo") -> tuple[ClientSession, BotDriver]:
    """A scripted player joining the app's table by its address; a bot plays their seat."""
    lan = pilot.app.table  # type: ignore[attr-defined]
    assert lan is not None and lan.host is not None and lan.host.port is not None
    driver = BotDriver(seed=7)
    session = await join(lan.host.port, name, driver)
    await wait_until(pilot, lambda: any(s.name == name for s in lan.host.lobby.seats))
    return session, driver


async def confirm(pilot: Pilot[None], key: str = "q") -> None:
    """Press `key` and answer yes to the question it asks."""
    await pilot.press(key)
    await on_screen(pilot, ConfirmScreen)
    await pilot.press("y")


def text_of(screen: Screen[None], selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def log_lines(screen: Screen[None], selector: str) -> list[str]:
    return list(screen.query_one(selector, Log).lines)


def found(service: str, table: str, taken: int, seats: int, phase: str, port: int) -> FoundTable:
    """A table as the browser reports it after its `info` probe answered."""
    info = {"table": table, "game": "nothanks", "taken": taken, "seats": seats, "phase": phase}
    return FoundTable(service, "127.0.0.1", port, {"type": "info", "protocol": 1, **info})


async def join_screen_with_tables(pilot: Pilot[None]) -> JoinScreen:
    """The join screen listing two tables, as the browser would have found them."""
    await on_screen(pilot, JoinScreen)
    screen = pilot.app.screen
    assert isinstance(screen, JoinScreen)
    screen.post_message(TableEvent("add", found("a", "Zoe's table", 2, 4, "lobby", LAN_PORT)))
    screen.post_message(TableEvent("add", found("b", "Kitchen", 5, 5, "playing", 47012)))
    await wait_until(pilot, lambda: len(screen.found) == 2)
    await pilot.pause()
    return screen


async def dens_host(*bot_seats: int) -> Host:
    """A 3-seat loopback table, "Hana's den", whose host person Hana is played by a bot;
    `bot_seats` get easy bots. Close it when done."""
    driver = BotDriver(seed=3)
    table = Host("nothanks", name="Hana", table_name="Hana's den", players=3, on_message=driver)
    driver.session = table.local
    await table.serve("127.0.0.1", 0)
    for seat in bot_seats:
        table.set_bot(seat, "easy")
    return table
