"""Hosting from the TUI: the host's app in the lobby and at the table, with scripted remote
players (net clients played by bots) connecting over loopback."""

from __future__ import annotations

from textual.widgets import OptionList

from tests.tui.lan_pilots import (
    confirm,
    host_app,
    host_lobby,
    log_lines,
    on_screen,
    remote_player,
    text_of,
)
from tests.tui.pilots import SIZE, play_to_the_end, wait_until
from tui.base.seats import seat_label
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.host_lobby import SeatList
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen


async def test_host_seats_a_remote_player_and_a_bot_plays_a_whole_game_then_reopens() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        assert f"127.0.0.1:{host.port}" in text_of(lobby, "#join-at")
        seats = lobby.query_one("#seat-list", OptionList)
        assert seats.border_subtitle == "cannot start: seats 2 and 3 are open"
        await pilot.press("s")  # start is disabled while seats are open
        assert host.referee is None

        session, driver = await remote_player(pilot, "Bo")
        await pilot.press("down", "down", "b")  # seat 3: open → easy bot
        await wait_until(pilot, lambda: seats.border_subtitle == "ready: s starts")
        prompts = [str(seats.get_option_at_index(i).prompt) for i in range(3)]
        assert prompts == ["1  Zoe (you)", "2  Bo", "3  Ana — bot, easy"]
        said = "Seat 3: Ana, a bot playing easy; b again makes it normal."
        assert text_of(lobby, "#status") == said
        await pilot.press("left")  # back: the seat opens again
        await wait_until(
            pilot, lambda: text_of(lobby, "#status") == "Seat 3 is open again; b makes it easy."
        )
        await pilot.press("b")
        await wait_until(pilot, lambda: seats.border_subtitle == "ready: s starts")

        await pilot.press("s")
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        assert isinstance(game, NoThanksScreen)
        final = await play_to_the_end(pilot, game)
        assert final.state["view"]["over"]
        await wait_until(pilot, lambda: driver.last_state["view"]["over"])
        assert driver.last_state["view"]["result"] == final.state["view"]["result"]

        await pilot.press("j", "c", "x")  # keys of other screens do nothing here
        assert app.screen is final
        await pilot.press("a")  # play again: the host's lobby reopens, everyone still seated
        lobby = await host_lobby(pilot)
        assert [s.kind for s in host.lobby.seats] == ["human", "human", "bot"]
        await wait_until(pilot, lambda: driver.frames[-1]["type"] == "lobby")

        await confirm(pilot)  # closing the table says goodbye to everyone
        await on_screen(pilot, MenuScreen)
        await wait_until(pilot, lambda: session.closed_reason is not None)
        assert app.table is None
        assert "closed the table" in str(session.closed_reason)


async def test_chat_and_names_with_markup_or_control_characters_show_literally() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        # Names cannot hold brackets (net/names.py: they could pose as labels), so no markup.
        session, driver = await remote_player(pilot, "Bo")
        session.chat("[red]not red[/red]")
        await wait_until(pilot, lambda: "Bo: [red]not red[/red]" in log_lines(lobby, "#talk"))
        seats = lobby.query_one("#seat-list", OptionList)
        await wait_until(pilot, lambda: str(seats.get_option_at_index(1).prompt) == "2  Bo")

        await pilot.press("c", *"[i]hi", "enter")  # the host person's chat line
        chats = lambda: [f["text"] for f in driver.frames if f["type"] == "chat"]  # noqa: E731
        await wait_until(pilot, lambda: "[i]hi" in chats())
        assert "Zoe: [i]hi" in log_lines(lobby, "#talk")

        # A hostile host's control characters never reach the terminal.
        assert app.table is not None
        evil = {"type": "chat", "seat": 1, "name": "E\x1b[31mve", "text": "beep\x07\x1b]0;x\x07"}
        app.table.session.push(evil)
        await wait_until(pilot, lambda: "E[31mve: beep]0;x" in log_lines(lobby, "#talk"))
        assert not any("\x1b" in line or "\x07" in line for line in log_lines(lobby, "#talk"))
        await session.close()


async def test_kick_settings_and_names_in_the_host_lobby() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        session, _driver = await remote_player(pilot, "Bo")
        await pilot.press("k")  # the highlighted seat is the host's own
        assert "your own seat" in text_of(lobby, "#status")
        await pilot.press("down", "b")
        assert "k removes them first" in text_of(lobby, "#status")
        await pilot.press("k")
        await wait_until(pilot, lambda: session.closed_reason is not None)
        assert "removed you" in str(session.closed_reason)
        assert host.lobby.seats[1].kind == "open"
        assert "Bo left seat 2" in text_of(lobby, "#status")

        # Tab: your name, players, table name, away bot (←/→ change the choices).
        await pilot.press("tab", "ctrl+u", *"Ann", "tab", "right", "tab", "ctrl+u", *"Den")
        await pilot.press("tab", "right")
        await wait_until(pilot, lambda: host.table_name == "Den")
        assert len(host.lobby.seats) == 4
        assert host.lobby.seats[0].name == "Ann"
        assert host.lobby.settings.away_bot_seconds == 30.0
        # The lobby is redrawn from the host's next lobby message (coalesced, issue 8).
        await wait_until(pilot, lambda: "after 30 s" in text_of(lobby, "#settings"))
        assert "Hosting Den" in text_of(lobby, "#lobby-title")


async def test_a_dropped_player_is_marked_away_at_the_host_table() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        session, _driver = await remote_player(pilot, "Bo")
        await pilot.press("down", "down", "b", "s")
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        await session.close()
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None and game.state["seats"][1]["away"])
        assert game.state is not None and str(seat_label(game.state, 1)) == "Bo (away)"
        await wait_until(pilot, lambda: "· Bo dropped" in log_lines(game, "#log"))
        await confirm(pilot)
        await on_screen(pilot, MenuScreen)


async def test_stray_keys_in_the_host_lobby_and_at_its_table_never_crash() -> None:
    app = host_app()
    stray = ["x", "z", "1", "ctrl+x", "f5", "up", "down", "j", "enter"]
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        await pilot.press(*stray, "s", "k", "tab", *stray, "escape", "n")  # s, k: refused
        assert app.screen is lobby and app.table is not None and app.table.host is not None
        assert app.table.host.referee is None
        lobby.query_one(SeatList).focus()
        await pilot.press("down", "right", "down", "left", "s")  # seats 2 and 3: bots, start
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        await pilot.press(*stray, "c", *stray[:-1], "escape", "f", "r")  # chat line, rules
        await on_screen(pilot, RulesScreen)
        await pilot.press("q")
        assert app.screen is game and app.return_code is None
