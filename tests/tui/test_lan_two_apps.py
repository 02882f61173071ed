"""Two Gamenight apps in one event loop, as two friends at two terminals: one hosts, the other
joins by typing the address; they chat, and play a whole No Thanks! game by keys with a bot."""

from __future__ import annotations

from tests.tui.lan_pilots import host_app, host_lobby, join_app, log_lines, on_screen
from tests.tui.pilots import SIZE, my_turn, quick_key, wait_until
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.final import FinalScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import ClientLobbyScreen


async def test_a_host_and_a_guest_app_play_a_whole_game_together() -> None:
    host, guest = host_app(), join_app()
    async with host.run_test(size=SIZE) as zoe, guest.run_test(size=SIZE) as kim:
        lobby = await host_lobby(zoe)
        assert host.table is not None and host.table.host is not None
        await on_screen(kim, JoinScreen)
        await kim.press(*f"127.0.0.1:{host.table.host.port}", "enter")
        await on_screen(kim, ClientLobbyScreen)
        await kim.press("c", *"ready?", "enter")
        await wait_until(zoe, lambda: "Kim: ready?" in log_lines(lobby, "#talk"))

        await zoe.press("down", "down", "b")
        await wait_until(zoe, lambda: host.table.host.lobby.not_ready() is None)  # type: ignore[union-attr]
        await zoe.press("s")
        await on_screen(zoe, NoThanksScreen)
        await on_screen(kim, NoThanksScreen)
        screens = {zoe: host.screen, kim: guest.screen}
        assert all(isinstance(s, NoThanksScreen) for s in screens.values())

        def over() -> bool:
            return all(isinstance(app.screen, FinalScreen) for app in (host, guest))

        while not over():  # whoever's turn it is presses a key in their own app
            await wait_until(zoe, lambda: over() or any(my_turn(s) for s in screens.values()))  # type: ignore[arg-type]
            for pilot, screen in screens.items():
                assert isinstance(screen, NoThanksScreen)
                if my_turn(screen) and screen.state is not None:
                    await pilot.press(quick_key(screen.state))
                    await pilot.pause()
        finals = [app.screen for app in (host, guest)]
        assert isinstance(finals[0], FinalScreen)
        assert isinstance(finals[1], FinalScreen)
        assert finals[0].state["view"]["result"] == finals[1].state["view"]["result"]
