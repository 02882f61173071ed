"""What a newcomer tripped over (issue 7), each pinned on the shared game-screen frame: the log
that follows, a table that never hangs on a dropped player, status lines that fit, the small
terminal notice, the host's question on the final table, and the final table's log."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import Input, Static

from net.client import ClientSession
from tests.tui.lan_pilots import confirm, host_app, host_lobby, on_screen, remote_player, text_of
from tests.tui.late import open_late_game
from tests.tui.pilots import SIZE, make_app, my_turn, open_game, play_to_the_end, wait_until
from tui.app import GamenightApp
from tui.base import settings
from tui.games.nothanks.screen import NoThanksScreen
from tui.games.nothanks.widgets import PlayersPanel
from tui.programs.cli import main
from tui.screens.confirm import ConfirmScreen
from tui.screens.final import FinalScreen
from tui.screens.game import MIN_SIZE
from tui.screens.join import JoinScreen
from tui.screens.menu import MenuScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.widgets.following_log import FollowingLog


def at_end(log: FollowingLog) -> bool:
    return log.scroll_y >= log.max_scroll_y


async def test_the_log_follows_again_after_reading_back() -> None:
    """Item 1: ↑ once no longer freezes the log for the rest of the game; End follows again."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        log = screen.query_one(FollowingLog)
        log.write_lines(f"filler {n}" for n in range(40))  # more than fit
        await pilot.pause()
        assert at_end(log)
        await pilot.press("up")
        await pilot.pause()
        assert not log.following and not at_end(log)
        log.write_line("a new move")
        await pilot.pause()
        assert not at_end(log) and "1 new line below" in str(log.border_subtitle)
        await pilot.press("end")
        await pilot.pause()
        assert log.following and at_end(log) and not log.border_subtitle
        log.write_line("another move")
        await pilot.pause()
        assert at_end(log) and log.lines[-1] == "another move"


async def test_a_chat_line_keeps_the_log_following_at_a_lan_table() -> None:
    """Item 1: sending a chat line while the log overflows showed neither it nor later moves."""
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        await remote_player(pilot, "Bo")
        await pilot.press("down", "down", "b", "s")
        await on_screen(pilot, NoThanksScreen)
        screen = app.screen
        assert isinstance(screen, NoThanksScreen)
        log = screen.query_one(FollowingLog)
        log.write_lines(f"filler {n}" for n in range(40))
        await pilot.press("c", *"hello table", "enter")
        await wait_until(pilot, lambda: any("hello table" in line for line in log.lines))
        await pilot.pause()
        assert log.following and at_end(log)


async def test_a_dropped_player_is_named_and_the_host_seats_a_bot_for_them() -> None:
    """Item 2: with the away bot off, the status tells the truth and `b` seats a bot."""
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        session, driver = await remote_player(pilot, "Kim")
        await pilot.press("down", "down", "b", "s")
        await on_screen(pilot, NoThanksScreen)
        screen = app.screen
        assert isinstance(screen, NoThanksScreen)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        driver.session = None  # Kim stops playing...
        assert isinstance(session, ClientSession)
        await session.close()  # ...and drops
        await wait_until(pilot, lambda: host.referee is not None and host.referee.seats[1].away)
        # Pass the card on until the table waits for Kim (seat 2, after us).
        await wait_until(pilot, lambda: my_turn(screen) or 1 in screen.state["view"]["to_act"])
        if my_turn(screen):
            await pilot.press("p")
        await wait_until(pilot, lambda: "Kim is away" in text_of(screen, "#status"))
        assert "waiting for them to rejoin" in text_of(screen, "#status")
        assert "deciding" not in text_of(screen, "#status")
        assert any(b.binding.action == "stand_in" for b in screen.active_bindings.values())
        await pilot.press("b")
        await wait_until(pilot, lambda: host.referee.seats[1].kind == "bot")
        await wait_until(pilot, lambda: 1 not in screen.state["view"]["to_act"])


async def test_every_status_line_fits_80_columns() -> None:
    """Item 4: a long status wraps instead of losing its end."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        status = screen.query_one("#status", Static)
        long = "Your turn: t takes 29 (+10 tokens), p passes. " * 2
        screen.say(long.strip())
        await pilot.pause()
        width = status.content_region.width
        assert status.content_region.height * width >= len(long.strip())
        assert screen.query_one("#status").region.right <= SIZE[0]


async def test_a_small_terminal_is_told_to_grow_instead_of_losing_a_column() -> None:
    """Item 5: at 60x20 a clear notice, never a silently missing column."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        await pilot.resize_terminal(60, 20)
        await wait_until(pilot, lambda: screen.query_one("#too-small").display)
        notice = text_of(screen, "#too-small")
        assert f"{MIN_SIZE[0]}x{MIN_SIZE[1]}" in notice
        assert not screen.query_one("#game-body").display
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: screen.query_one("#game-body").display)


async def test_the_host_is_asked_before_the_final_table_closes_the_lan_table() -> None:
    """Item 7: m on the final table closes the table for everyone, so the host is asked."""
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        await pilot.press("b", "down", "b", "down", "b", "s")
        await on_screen(pilot, NoThanksScreen)
        screen = app.screen
        assert isinstance(screen, NoThanksScreen)
        await play_to_the_end(pilot, screen)
        await pilot.press("m")
        await on_screen(pilot, ConfirmScreen)
        await pilot.press("n")
        await on_screen(pilot, FinalScreen)
        assert app.table is not None
        await confirm(pilot, "m")
        await on_screen(pilot, MenuScreen)
        assert app.table is None


async def test_the_final_table_shows_the_log_on_a_key() -> None:
    """Item 8: the last moves can be read on the final table."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        final = await play_to_the_end(pilot, await open_late_game(pilot))
        log = final.query_one("#final-log")
        assert not log.display
        await pilot.press("l")
        assert log.display and not final.query_one("#scores").display
        assert any("took" in line for line in log.lines)  # type: ignore[attr-defined]
        await pilot.press("l")
        assert not log.display


async def test_a_wide_terminal_keeps_points_beside_the_names() -> None:
    """Item 13: at 160x50 each seat's points and tokens stand next to its name, and the log
    gets the extra rows, instead of a players table stretched across the screen."""
    app = make_app()
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await open_game(pilot)
        await wait_until(pilot, lambda: screen.state is not None)
        panel = screen.query_one(PlayersPanel)
        console = Console(width=panel.content_region.width, record=True, file=io.StringIO())
        console.print(panel.content)
        header, me = console.export_text().splitlines()[:2]
        assert header.index("Pts") - header.index("Player") < 30
        assert me.index("0") - me.index("(you)") < 30  # no card yet: 0 points
        log = screen.query_one(FollowingLog)
        assert log.region.height > 2 * SIZE[1] // 3


async def test_names_are_remembered_from_hosting_to_the_next_launch() -> None:
    """Item 14: the name a player hosts (or joins, or plays solo) with is offered at the next
    launch, on the solo set-up and the join screen alike."""
    async with host_app(player="Zoë").run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
    app = GamenightApp(bot_delay=0.0)
    assert app.player_name == "Zoë"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        assert app.screen.query_one("#name", Input).value == "Zoë"
        await pilot.press("ctrl+u", *"Sam", "escape", "j")
        await on_screen(pilot, JoinScreen)
        assert app.screen.query_one("#name", Input).value == "Zoë"  # the set-up was left


def test_the_plain_command_offers_the_remembered_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 14: `gamenight` alone (the main menu) offers the name used last time, too."""
    settings.remember(player="Zoë")
    opened: list[str] = []
    monkeypatch.setattr(GamenightApp, "run", lambda app: opened.append(app.player_name))
    assert main([]) == 0
    assert opened == ["Zoë"]
