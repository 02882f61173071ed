"""Joining from the TUI: the player's app against a host running in the same event loop (the
host person played by a bot), all over loopback."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from net.host import Host
from net.link import Link
from tests.tui.lan_pilots import (
    confirm,
    dens_host,
    found,
    join_app,
    join_screen_with_tables,
    log_lines,
    on_screen,
    text_of,
)
from tests.tui.pilots import SIZE, my_turn, play_to_the_end, wait_until
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.final import FinalScreen
from tui.screens.join import JoinScreen, TableEvent
from tui.screens.lobby import ClientLobbyScreen
from tui.screens.menu import MenuScreen


@pytest.fixture
async def host() -> AsyncIterator[Host]:
    """Hana's den with two open seats."""
    table = await dens_host()
    yield table
    await table.close()


async def join_by_address(pilot, port: int) -> ClientLobbyScreen:  # type: ignore[no-untyped-def]
    await on_screen(pilot, JoinScreen)
    await pilot.press(*f"127.0.0.1:{port}", "enter")
    await on_screen(pilot, ClientLobbyScreen)
    lobby = pilot.app.screen
    await wait_until(pilot, lambda: lobby.query_one("#seats").border_subtitle is not None)
    return lobby


async def test_join_by_address_play_a_whole_game_and_follow_the_host_back_to_the_lobby(
    host: Host,
) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await join_by_address(pilot, host.port or 0)
        assert "Hana's den — No Thanks!" in text_of(lobby, "#lobby-title")
        assert text_of(lobby, "#seats") == "1  Hana\n2  Kim (you)\n3  open"
        assert lobby.query_one("#seats").border_subtitle == "waiting: seat 3 is open"
        host.set_bot(2, "easy")
        await wait_until(
            pilot, lambda: lobby.query_one("#seats").border_subtitle == "waiting for the host"
        )

        host.start()
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None)
        assert "f" not in game.active_bindings  # only the host can skip a bot's pause
        final = await play_to_the_end(pilot, game)
        assert final.state["view"] == host.referee.view(1)  # type: ignore[union-attr]
        assert "host decides" in text_of(final, ".hint")
        await pilot.press("a")  # not the guest's decision: nothing happens
        assert isinstance(app.screen, FinalScreen)

        host.new_game()  # the host reopens the lobby: the player is taken there, still seated
        await on_screen(pilot, ClientLobbyScreen)
        await confirm(pilot)
        await on_screen(pilot, MenuScreen)
        await wait_until(pilot, lambda: not host.connected(1))
        assert host.lobby.seats[1].kind == "human"  # the seat stays theirs to rejoin


async def test_a_dropped_player_sees_it_and_rejoins_the_same_seat(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        await join_by_address(pilot, host.port or 0)
        host.set_bot(2, "easy")
        host.start()
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None)
        assert "j" not in game.active_bindings

        member = next(m for m in host.members if m.seat == 1)
        assert isinstance(member.endpoint, Link)
        member.endpoint.close("cable pulled")  # the connection drops
        await wait_until(pilot, lambda: "Disconnected" in text_of(game, "#status"))
        await wait_until(pilot, lambda: host.referee is not None and host.referee.seats[1].away)
        assert "j" in game.active_bindings

        await pilot.press("j")
        await wait_until(pilot, lambda: host.referee is not None and not host.referee.seats[1].away)
        await wait_until(pilot, lambda: app.table is not None and app.table.dropped is None)
        assert game.state is not None and game.state["seat"] == 1
        # Arrivals and departures close together fold into one notice (net/notices.py).
        await wait_until(
            pilot, lambda: any("Kim is back" in line for line in log_lines(game, "#log"))
        )
        await wait_until(pilot, lambda: my_turn(game))
        version = game.state["version"]
        await pilot.press("t")  # the seat is playable again
        await wait_until(pilot, lambda: game.state is not None and game.state["version"] > version)


async def test_watching_a_game_under_way_from_the_list(host: Host) -> None:
    host.bot_delay = 30.0  # the game stays still while we watch
    host.set_bot(1, "easy")
    host.set_bot(2, "easy")
    host.start()
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await on_screen_join(pilot)
        table = found("x", "Hana's den", 3, 3, "playing", host.port or 0)
        screen.post_message(TableEvent("add", table))
        await wait_until(pilot, lambda: bool(screen.found))
        await pilot.press("enter")  # a table already playing is watched
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None)
        assert game.state is not None and game.state["seat"] is None
        # Issue 7 item 3: a spectator gets no play controls, in the footer or as buttons.
        shown = {b.binding.action for b in game.active_bindings.values() if b.enabled}
        assert not shown & {"take", "pass", "hint"}
        assert not any(button.display for button in game.query("#actions Button"))
        await pilot.press("t")
        assert "You are watching" in text_of(game, "#status")


async def watch_from_the_list(pilot: Pilot[None], host: Host, phase: str) -> NoThanksScreen | None:
    """Pick the host's table in the join list (as `phase`) and press Enter to watch it."""
    screen = await on_screen_join(pilot)
    screen.post_message(TableEvent("add", found("x", "Hana's den", 3, 3, phase, host.port or 0)))
    await wait_until(pilot, lambda: bool(screen.found))
    await pilot.press("enter")
    await wait_until(pilot, lambda: not isinstance(pilot.app.screen, JoinScreen))
    return pilot.app.screen if isinstance(pilot.app.screen, NoThanksScreen) else None


async def test_a_spectator_watches_a_lan_game_to_the_final_table(host: Host) -> None:
    host.bot_delay = 30.0  # still while the spectator sits down, then hurried to the end
    host.set_bot(1, "easy")
    host.set_bot(2, "normal")
    host.start()
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await watch_from_the_list(pilot, host, "playing")
        assert game is not None
        await wait_until(pilot, lambda: game.state is not None)
        assert game.state is not None and game.state["seat"] is None
        assert host.referee is not None
        host.referee.bot_delay = 0.0
        host.referee.hurry()
        await on_screen(pilot, FinalScreen)
        final = app.screen
        assert isinstance(final, FinalScreen)
        assert final.state["seat"] is None and final.state["view"]["over"]
        assert "You" not in text_of(final, "#verdict")  # nobody is "you" for a spectator
        assert "host decides" in text_of(final, ".hint")
        await pilot.press("m")
        await on_screen(pilot, MenuScreen)


async def test_watching_a_table_whose_game_is_already_over(host: Host) -> None:
    host.set_bot(1, "easy")
    host.set_bot(2, "easy")
    host.start()
    referee = host.referee
    assert referee is not None
    await asyncio.wait_for(_over(host), 30)
    assert host.info()["phase"] == "over"
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        await watch_from_the_list(pilot, host, "over")
        await on_screen(pilot, FinalScreen)
        final = app.screen
        assert isinstance(final, FinalScreen)
        assert final.state["seat"] is None
        assert final.state["view"] == referee.view(None)


async def _over(host: Host) -> None:
    while not (host.referee is not None and host.referee.game.is_over(host.referee.state)):
        await asyncio.sleep(0.01)


async def on_screen_join(pilot) -> JoinScreen:  # type: ignore[no-untyped-def]
    await on_screen(pilot, JoinScreen)
    screen = pilot.app.screen
    assert isinstance(screen, JoinScreen)
    return screen


async def test_refusals_and_bad_addresses_are_said_in_plain_words() -> None:
    async def other_version(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(reader, writer)
        await link.recv(5.0)
        link.fail("version", "this table speaks Gamenight protocol 2 and your program speaks 1")

    server = await asyncio.start_server(other_version, "127.0.0.1", 0)
    newer = server.sockets[0].getsockname()[1]
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        nobody = probe.getsockname()[1]
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await on_screen_join(pilot)
        await pilot.press(*"nonsense:port", "enter")
        assert "Not an address" in text_of(screen, "#status")
        await pilot.press("ctrl+u", *f"127.0.0.1:{nobody}", "enter")
        await wait_until(pilot, lambda: "Nobody is hosting" in text_of(screen, "#status"))
        await pilot.press("ctrl+u", *f"127.0.0.1:{newer}", "enter")
        await wait_until(pilot, lambda: "refused" in text_of(screen, "#status"))
        assert "protocol 2" in text_of(screen, "#status")
        assert isinstance(app.screen, JoinScreen) and app.table is None
    server.close()
    await server.wait_closed()


async def test_the_list_follows_tables_appearing_filling_and_vanishing() -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await join_screen_with_tables(pilot)
        listed = screen.query_one("#found", OptionList)
        prompts = lambda: [  # noqa: E731
            str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)
        ]
        assert prompts() == [
            "Kitchen · No Thanks! · 5/5 seats · playing (watch) · 127.0.0.1:47012",
            "Zoe's table · No Thanks! · 2/4 seats · in the lobby · 127.0.0.1:47011",
        ]
        screen.post_message(TableEvent("update", found("a", "Zoe's table", 3, 4, "lobby", 47011)))
        await wait_until(pilot, lambda: "3/4 seats" in prompts()[1])
        screen.post_message(TableEvent("remove", found("b", "Kitchen", 5, 5, "playing", 47012)))
        await wait_until(pilot, lambda: len(prompts()) == 1)
        screen.post_message(TableEvent("remove", found("a", "Zoe's table", 3, 4, "lobby", 47011)))
        await wait_until(pilot, lambda: "Type its address in the field above" in prompts()[0])
        await pilot.press("enter")
        assert "No table chosen" in text_of(screen, "#status")


async def test_stray_keys_on_the_join_screen_and_in_the_lobby_never_crash(host: Host) -> None:
    app = join_app()
    stray = ["x", "z", "1", "ctrl+x", "f5", "up", "down", "left", "right", "w", "j", "s", "k"]
    async with app.run_test(size=SIZE) as pilot:
        screen = await on_screen_join(pilot)
        screen.query_one("#found").focus()
        await pilot.press(*stray, "enter", "tab", "tab")  # list → name → address
        assert app.screen is screen
        await pilot.press("ctrl+u", *f"127.0.0.1:{host.port}", "enter")
        await on_screen(pilot, ClientLobbyScreen)
        lobby = app.screen
        await pilot.press(*stray, "enter", "escape", "n", "c", *stray, "escape")
        assert app.screen is lobby and app.return_code is None
