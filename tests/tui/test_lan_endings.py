"""How a LAN table ends and what goes wrong on the way, as the app says it: a name the host
refuses, a journal that cannot be written, discovery that will not start, a goodbye that
fails, being removed by the host, the host closing the table, and garbage from the network.
Everything is on loopback; discovery is faked where a test needs it to fail."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.pilot import Pilot

import net.journal
from net.discovery import FoundTable
from net.host import Host
from tests.tui.lan_pilots import (
    confirm,
    dens_host,
    host_app,
    host_lobby,
    join_app,
    on_screen,
    text_of,
)
from tests.tui.pilots import SIZE, play_to_the_end, wait_until
from tui.app import GamenightApp
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.final import FinalScreen
from tui.screens.join import JoinScreen, table_line
from tui.screens.lobby import ClientLobbyScreen
from tui.screens.menu import MenuScreen
from tui.table import hosting as tui_hosting
from tui.table.link import TableLink
from tui.table.plans import HostPlan, JoinPlan


def notes(app: GamenightApp) -> list[str]:
    """The notifications the app is showing."""
    return [str(note.message) for note in app._notifications]


@pytest.fixture
async def host() -> AsyncIterator[Host]:
    """Hana's den with a bot in seat 3, so one joiner fills the table."""
    table = await dens_host(2)
    yield table
    await table.close()


async def join_lobby(pilot: Pilot[None], port: int) -> ClientLobbyScreen:
    await on_screen(pilot, JoinScreen)
    await pilot.press(*f"127.0.0.1:{port}", "enter")
    await on_screen(pilot, ClientLobbyScreen)
    lobby = pilot.app.screen
    assert isinstance(lobby, ClientLobbyScreen)
    await wait_until(pilot, lambda: lobby.query_one("#seats").border_subtitle is not None)
    return lobby


async def final_table_of_a_lan_game(
    pilot: Pilot[None], app: GamenightApp, host: Host
) -> FinalScreen:
    """Join `host`'s table, let it start, and play the game to its final table by keys."""
    await join_lobby(pilot, host.port or 0)
    host.start()
    await on_screen(pilot, NoThanksScreen)
    game = app.screen
    assert isinstance(game, NoThanksScreen)
    final = await play_to_the_end(pilot, game)
    assert isinstance(final, FinalScreen)
    return final


# ---- hosting that fails -------------------------------------------------------------------
async def test_hosting_with_a_name_the_host_refuses_is_said_not_a_crash() -> None:
    plan = HostPlan(player="Zo\x07e", port=0, bind="127.0.0.1", discovery=False)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zo\x07e")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(notes(app)))
        assert any("Cannot host" in note and "control" in note for note in notes(app))
        assert isinstance(app.screen, MenuScreen) and app.table is None


async def test_any_failure_to_open_a_table_is_said_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(app: GamenightApp, plan: HostPlan) -> TableLink:
        raise RuntimeError("the journal folder is a file")

    monkeypatch.setattr(tui_hosting, "open_host", broken)
    app = GamenightApp(bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await wait_until(pilot, lambda: bool(notes(app)))
        assert notes(app) == ["Cannot host: the journal folder is a file"]
        assert isinstance(app.screen, MenuScreen)


async def test_a_failed_discovery_start_closes_the_table_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hosts: list[Host] = []

    async def refuse(self: Any) -> None:
        hosts.append(self.host)
        raise OSError(99, "Cannot assign requested address")

    monkeypatch.setattr(tui_hosting.Advertiser, "start", refuse)
    plan = HostPlan(player="Zoe", port=0, bind="127.0.0.1", discovery=True)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zoe")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(notes(app)))
        assert "cannot advertise the table" in notes(app)[0]
        assert app.table is None and isinstance(app.screen, MenuScreen)
        [ghost] = hosts
        assert ghost.port is not None
        with pytest.raises(OSError):  # nobody is listening any more: no ghost table
            await asyncio.open_connection("127.0.0.1", ghost.port)


async def test_a_journal_that_cannot_be_written_is_said_in_the_lobby(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.host is not None
        host = app.table.host

        def full(*args: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(net.journal.Journal, "create", full)
        await pilot.press("down", "b", "down", "b")  # two bots: the table is ready
        await wait_until(pilot, lambda: host.lobby.not_ready() is None)
        await pilot.press("s")
        assert "could not be saved" in text_of(lobby, "#status")
        assert "No space left" in text_of(lobby, "#status")
        assert host.referee is None and app.screen is lobby


async def test_a_failing_goodbye_to_discovery_still_closes_the_table() -> None:
    class Stuck:
        async def close(self) -> None:
            raise OSError("the network went away")

    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        assert host.port is not None
        app.table.advertiser = Stuck()  # type: ignore[assignment]
        await confirm(pilot)
        await on_screen(pilot, MenuScreen)
        await wait_until(pilot, lambda: bool(notes(app)))
        assert "the network went away" in notes(app)[0]
        with pytest.raises(OSError):  # the table closed all the same
            await asyncio.open_connection("127.0.0.1", host.port)


async def test_discovery_that_cannot_start_leaves_the_address_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from net import discovery

    async def refuse(self: Any) -> None:
        raise RuntimeError("zeroconf refused the interface")

    monkeypatch.setattr(discovery.Browser, "start", refuse)
    app = GamenightApp(bot_delay=0.0, join=JoinPlan(player="Kim", discovery=True))
    async with app.run_test(size=SIZE) as pilot:
        screen = await on_screen_join(pilot)
        await wait_until(pilot, lambda: "Cannot look for tables" in text_of(screen, "#status"))
        assert "zeroconf refused the interface" in text_of(screen, "#status")


async def on_screen_join(pilot: Pilot[None]) -> JoinScreen:
    await on_screen(pilot, JoinScreen)
    screen = pilot.app.screen
    assert isinstance(screen, JoinScreen)
    return screen


# ---- the table ending under a player ------------------------------------------------------
async def test_a_kicked_player_is_told_plainly_and_cannot_rejoin(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await join_lobby(pilot, host.port or 0)
        host.kick(1)
        # The fatal error's interim line also says "removed you": wait for the final sentence,
        # which comes with the closed connection (issue 6: this raced on a busy machine).
        final = "The host removed you from this table"
        await wait_until(pilot, lambda: final in text_of(lobby, "#status"))
        assert "rejoin" not in text_of(lobby, "#status")
        assert "j" not in lobby.active_bindings
        await pilot.press("j")  # refused: nothing happens
        assert app.table is not None and app.table.dropped is not None
        await pilot.press("q")  # nothing left to confirm: straight back to the menu
        await on_screen(pilot, MenuScreen)


async def test_rejoining_after_being_removed_while_away_is_refused_for_good(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await join_lobby(pilot, host.port or 0)
        member = next(m for m in host.members if m.seat == 1)
        member.endpoint.close("cable pulled")  # type: ignore[union-attr]
        await wait_until(pilot, lambda: "j rejoins" in text_of(lobby, "#status"))
        host.kick(1)  # removed while away: the saved token no longer gives the seat back
        await pilot.press("j")
        await wait_until(pilot, lambda: "removed you" in text_of(lobby, "#status"))
        assert text_of(lobby, "#status").startswith("The host removed you from this table.")
        assert "j" not in lobby.active_bindings


async def test_a_player_removed_mid_game_cannot_rejoin(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        await join_lobby(pilot, host.port or 0)
        host.bot_delay = 30.0
        host.start()
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        await wait_until(pilot, lambda: game.state is not None)  # type: ignore[attr-defined]
        host.kick(1)
        await wait_until(pilot, lambda: "removed you" in text_of(game, "#status"))
        assert "j" not in game.active_bindings


async def test_the_host_closing_the_table_is_said_and_rejoin_is_not_offered(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await join_lobby(pilot, host.port or 0)
        await host.close()
        await wait_until(pilot, lambda: "closed the table" in text_of(lobby, "#status"))
        assert text_of(lobby, "#status") == "The host closed the table. q goes back to the menu."
        assert "j" not in lobby.active_bindings
        await pilot.press("q")
        await on_screen(pilot, MenuScreen)


async def test_the_final_table_says_when_the_host_closed_the_table(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        final = await final_table_of_a_lan_game(pilot, app, host)
        assert "host decides" in text_of(final, "#hint")
        await host.close()
        await wait_until(pilot, lambda: "closed the table" in text_of(final, "#hint"))
        assert text_of(final, "#hint") == "The host closed the table. m goes back to the menu."
        await pilot.press("m")
        await on_screen(pilot, MenuScreen)


async def test_the_final_table_says_when_the_connection_dropped(host: Host) -> None:
    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        final = await final_table_of_a_lan_game(pilot, app, host)
        member = next(m for m in host.members if m.seat == 1)
        member.endpoint.close("cable pulled")  # type: ignore[union-attr]
        await wait_until(pilot, lambda: "Disconnected" in text_of(final, "#hint"))
        assert "m goes back to the menu" in text_of(final, "#hint")


# ---- garbage from the network -------------------------------------------------------------
@pytest.mark.parametrize(
    "info",
    [
        {"table": "T", "game": ["nothanks"], "phase": {"lobby": 1}, "taken": 1, "seats": 3},
        {"table": ["x"], "game": {"a": 1}, "phase": ["lobby"], "taken": None},
        {"game": 7, "phase": 3.5, "table": b"\x1b[31mred"},
        {},
    ],
)
def test_a_table_line_survives_any_info(info: dict[str, Any]) -> None:
    line = table_line(FoundTable("s", "127.0.0.1", 47474, info)).plain
    assert line.endswith("127.0.0.1:47474")
    assert "\x1b" not in line


async def test_the_join_list_shows_a_table_with_garbled_info() -> None:
    from tui.screens.join import TableEvent

    app = join_app()
    async with app.run_test(size=SIZE) as pilot:
        await on_screen(pilot, JoinScreen)
        screen = app.screen
        assert isinstance(screen, JoinScreen)
        bad = {"table": {"x": 1}, "game": ["nothanks"], "phase": ["playing"], "seats": 3}
        screen.post_message(TableEvent("add", FoundTable("s", "127.0.0.1", 1, bad)))
        screen.post_message(TableEvent("add", FoundTable("t", "127.0.0.1", 2, {"table": 5})))
        await wait_until(pilot, lambda: len(screen.found) == 2)
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen)
