"""The hint key (issue 13 part 3, on the frame for every game): what the hard bot would do and
why, computed off the UI thread; a host can switch hints off for the whole table."""

from __future__ import annotations

from dataclasses import replace

from tests.tui.lan_pilots import host_app, host_lobby, on_screen, text_of
from tests.tui.pilots import SIZE, make_app, my_turn, open_game, wait_until
from tui.games.nothanks.screen import NoThanksScreen


async def test_h_says_what_the_hard_bot_would_do_and_why() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        await wait_until(pilot, lambda: my_turn(screen))
        await pilot.press("h")
        await wait_until(pilot, lambda: text_of(screen, "#status").startswith("Hint: "), 60)
        hint = text_of(screen, "#status")
        assert hint.startswith(("Hint: Take", "Hint: Pass")), hint
        assert any(b.binding.action == "hint" for b in screen.active_bindings.values())


async def test_a_host_can_switch_hints_off_for_the_table() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        host.set_settings(replace(host.lobby.settings, hints=False))
        await pilot.press("b", "down", "b", "down", "b", "s")
        await on_screen(pilot, NoThanksScreen)
        screen = app.screen
        assert isinstance(screen, NoThanksScreen)
        await wait_until(pilot, lambda: screen.state is not None)
        await wait_until(pilot, lambda: my_turn(screen))
        shown = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
        assert "hint" not in shown and "take" in shown
        await pilot.press("h")
        await pilot.pause()
        assert "Hint" not in text_of(screen, "#status")
