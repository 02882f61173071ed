"""Issue 23 as a group meets it: a friend back from a drop picks the table from the discovery
list and is given their seat, with the table's talk so far; nobody connected is shown away."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from textual.widgets import Static

from net.host import Host
from tests.tui.lan_pilots import (
    dens_host,
    found,
    host_app,
    host_lobby,
    join_app,
    log_lines,
    on_screen,
)
from tests.tui.pilots import SIZE, wait_until
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.join import JoinScreen, TableEvent
from tui.screens.lobby import ClientLobbyScreen


@pytest.fixture
async def host() -> AsyncIterator[Host]:
    table = await dens_host()
    table.bot_delay = 30.0  # the game stays still while Kim comes and goes
    yield table
    await table.close()


async def test_back_from_the_list_a_player_takes_their_seat_and_hears_the_talk(
    host: Host,
) -> None:
    first = join_app()
    async with first.run_test(size=SIZE) as pilot:
        await on_screen(pilot, JoinScreen)
        await pilot.press(*f"127.0.0.1:{host.port}", "enter")
        await on_screen(pilot, ClientLobbyScreen)
        await pilot.press("c", *"see you at the table", "enter")
        await wait_until(pilot, lambda: len(host.talk) == 1)
        host.set_bot(2, "easy")
        host.start()
        await on_screen(pilot, NoThanksScreen)
        screen = pilot.app.screen
        # Issue 23 item 3: at the start, the host (seat 0) and Kim are both shown present.
        await wait_until(pilot, lambda: screen.state is not None)
        assert not any(seat["away"] for seat in screen.state["seats"])
    await wait_until(pilot, lambda: host.referee is not None and host.referee.seats[1].away)

    again = join_app()
    async with again.run_test(size=SIZE) as pilot:
        await on_screen(pilot, JoinScreen)
        screen = pilot.app.screen
        assert isinstance(screen, JoinScreen)
        table = found("x", "Hana's den", 3, 3, "playing", host.port or 0)
        screen.post_message(TableEvent("add", table))
        await wait_until(pilot, lambda: bool(screen.found))
        await pilot.press("enter")
        await on_screen(pilot, NoThanksScreen)
        game = pilot.app.screen
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None)
        assert game.state is not None and game.state["seat"] == 1
        assert host.referee is not None and not host.referee.seats[1].away
        await wait_until(
            pilot, lambda: any("see you at the table" in line for line in log_lines(game, "#log"))
        )
        lines = log_lines(game, "#log")
        assert sum("see you at the table" in line for line in lines) == 1


async def test_escape_after_a_chat_line_does_not_close_the_table() -> None:
    """Issue 23 item 8: Enter sent the line and closed the chat; the Escape a person presses
    next to "leave the chat" does nothing, the one after asks as usual."""
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        await pilot.press("c", *"back in five", "enter", "escape")
        assert app.table is not None and app.table.host is not None
        await wait_until(pilot, lambda: len(app.table.host.talk) == 1)  # type: ignore[union-attr]
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await on_screen(pilot, ConfirmScreen)


async def test_a_spectator_leaving_is_asked_about_watching_not_a_seat(host: Host) -> None:
    host.set_bot(1, "easy")
    host.set_bot(2, "easy")
    host.start()
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        await on_screen(pilot, JoinScreen)
        screen = pilot.app.screen
        assert isinstance(screen, JoinScreen)
        screen.post_message(
            TableEvent("add", found("x", "Hana's den", 3, 3, "playing", host.port or 0))
        )
        await wait_until(pilot, lambda: bool(screen.found))
        await pilot.press("enter")  # a table already playing, no seat of ours: watched
        await on_screen(pilot, NoThanksScreen)
        await pilot.press("q")
        await on_screen(pilot, ConfirmScreen)
        question = str(app.screen.query_one("#question", Static).render())
        assert "Stop watching" in question and "seat" not in question


async def test_the_highlight_stays_on_its_table_when_another_sorts_above_it() -> None:
    """Issue 23 item 8: Enter joins the table the highlight was on, not whatever came to sit
    in its row."""
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        await on_screen(pilot, JoinScreen)
        screen = pilot.app.screen
        assert isinstance(screen, JoinScreen)
        screen.post_message(TableEvent("add", found("z", "Zoe's table", 1, 4, "lobby", 47001)))
        await wait_until(pilot, lambda: len(screen.found) == 1)
        await pilot.pause()
        for name, service in (("Abe's table", "a"), ("Bea's table", "b")):
            screen.post_message(TableEvent("add", found(service, name, 1, 4, "lobby", 47002)))
            await wait_until(pilot, lambda s=service: s in screen.found)
            await pilot.pause()
            chosen = screen._chosen()
            assert chosen is not None and chosen.service == "z"
