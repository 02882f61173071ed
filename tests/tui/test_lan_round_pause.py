"""Two friends at two terminals play a Papayoo deal by keys; when it ends, each app shows the
deal's summary, the table waits for both (issue 25, net/pause.py), and says whom it waits for."""

from __future__ import annotations

from tests.tui.lan_pilots import host_lobby, join_app, on_screen
from tests.tui.pilots import SIZE, wait_until
from tests.tui.seat_keys import play_by_keys
from tui.app import GamenightApp
from tui.games.papayoo.screen import PapayooScreen
from tui.screens.join import JoinScreen
from tui.screens.lobby import ClientLobbyScreen
from tui.screens.round_summary import RoundSummary
from tui.table.plans import HostPlan


def papayoo_host() -> GamenightApp:
    plan = HostPlan("papayoo", player="Zoe", port=0, bind="127.0.0.1", discovery=False)
    return GamenightApp(bot_delay=0.0, host=plan, player="Zoe")


def waiting_line(app: GamenightApp) -> str:
    return str(app.screen.query_one("#round-wait").render())


async def test_two_friends_read_the_deal_summary_and_the_table_waits_for_both() -> None:
    host, guest = papayoo_host(), join_app()
    async with host.run_test(size=SIZE) as zoe, guest.run_test(size=SIZE) as kim:
        await host_lobby(zoe)
        table = host.table
        assert table is not None and table.host is not None
        table.host.set_options({"deals": 2})
        await on_screen(kim, JoinScreen)
        await kim.press(*f"127.0.0.1:{table.host.port}", "enter")
        await on_screen(kim, ClientLobbyScreen)
        table.host.set_bot(2, "easy")
        await wait_until(zoe, lambda: table.host.lobby.not_ready() is None)  # type: ignore[union-attr]
        await zoe.press("s")
        await on_screen(zoe, PapayooScreen)
        await on_screen(kim, PapayooScreen)
        screens = {zoe: host.screen, kim: guest.screen}

        def paused() -> bool:
            return all(isinstance(app.screen, RoundSummary) for app in (host, guest))

        while not paused():  # whoever the deal waits for presses a key in their own app
            await wait_until(zoe, lambda: paused() or any(s.my_move for s in screens.values()))  # type: ignore[attr-defined]
            for pilot, screen in screens.items():
                assert isinstance(screen, PapayooScreen)
                if pilot.app.screen is screen and screen.my_move:
                    await play_by_keys(pilot, screen)

        referee = table.host.referee
        assert referee is not None and referee.pause is not None
        assert referee.pause.waiting == {0, 1}
        assert referee.state.chosen[2] is None  # the bot does not pass while the table waits
        for app in (host, guest):
            await wait_until(zoe, lambda app=app: app.screen.takes_keys)  # type: ignore[attr-defined]
        await kim.press("enter")
        await wait_until(kim, lambda: waiting_line(guest).startswith("Waiting for Zoe"))
        # the last one waited for sees the countdown too (issue 34 item 11), not only the others
        last = waiting_line(host)
        assert last.startswith("Enter, space or Esc: ready for the next round (the table goes on")
        assert int(last.split("at most ")[1].split(" s")[0]) > 0
        await zoe.press("enter")
        await wait_until(zoe, lambda: not paused() and host.screen is screens[zoe])
        await wait_until(kim, lambda: guest.screen is screens[kim])
        await wait_until(zoe, lambda: referee.state.chosen[2] is not None)  # the bot passed
