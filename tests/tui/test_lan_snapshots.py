"""Snapshots of the LAN screens at 80x24. Deterministic: the host listens on a fixed loopback
port (LAN_PORT), discovery is off, and the join screen's tables are handed to it as the
browser would report them."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.lan_pilots import (
    LAN_PORT,
    host_app,
    host_lobby,
    join_app,
    join_screen_with_tables,
    log_lines,
    port_to_ourselves,
    remote_player,
)
from tests.tui.pilots import SIZE, wait_until
from tests.tui.test_snapshots import freeze_cursor


async def lobby_with_a_guest(pilot: Pilot[None]) -> None:
    """Bo joined and said hello, the host answered; seat 3 holds an easy bot; ready to start."""
    lobby = await host_lobby(pilot)
    session, _driver = await remote_player(pilot, "Bo")
    session.chat("hi all — first time at No Thanks!")
    await pilot.press("down", "down", "b")
    await wait_until(pilot, lambda: len(log_lines(lobby, "#talk")) == 3)
    await pilot.press("c", *"welcome! seat 3 is an easy bot", "enter")
    await wait_until(
        pilot, lambda: "Zoe: welcome! seat 3 is an easy bot" in log_lines(lobby, "#talk")
    )
    await freeze_cursor(pilot)
    await pilot.pause()


async def join_screen(pilot: Pilot[None]) -> None:
    await join_screen_with_tables(pilot)
    await freeze_cursor(pilot)


def test_host_lobby(snap_compare) -> None:
    with port_to_ourselves(LAN_PORT):
        app = host_app(port=LAN_PORT)
        assert snap_compare(app, terminal_size=SIZE, run_before=lobby_with_a_guest)


def test_join_screen(snap_compare) -> None:
    assert snap_compare(join_app(), terminal_size=SIZE, run_before=join_screen)
