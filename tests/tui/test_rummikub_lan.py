"""Rummikub at a LAN table: a guest app plays turns by keys against the host's seat (played by
a bot), and every frame the guest receives is scanned for the host's rack and the pool."""

from __future__ import annotations

import json
from typing import Any

from net.host import Host
from tests.net.conftest import BotDriver
from tests.tui.lan_pilots import host_lobby, join_app, on_screen
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.games.rummikub.screen import RummikubScreen
from tui.table.plans import HostPlan


def leaks(frame: dict[str, Any], secrets: list[list[str]]) -> list[str]:
    """The hidden fields and the secret tile sequences (another rack, the pool's order) that
    `frame` shows, written out as the wire would carry them."""
    found = [key for key in ("racks", "pool", "seed") if key in frame.get("view", {})]
    text = json.dumps(frame)
    return found + [" ".join(tiles) for tiles in secrets if json.dumps(tiles)[1:-1] in text]


async def test_a_guest_plays_rummikub_turns_and_sees_no_other_rack() -> None:
    """RK-19 to RK-21: own rack only; the pool's order never sent (draws say only 'a tile')."""
    driver = BotDriver("rummikub", seed=3)
    host = Host("rummikub", name="Zoe", players=2, options={"turn_seconds": 0}, on_message=driver)
    driver.session = host.local
    await host.serve("127.0.0.1", 0)
    guest = join_app(address=f"127.0.0.1:{host.port}")  # joins at once: no address typed
    frames: list[dict[str, Any]] = []
    try:
        async with guest.run_test(size=SIZE) as kim:
            # the host seats Kim a moment before Kim's app holds its link to the table
            await wait_until(
                kim, lambda: host.lobby.not_ready() is None and guest.table is not None
            )
            assert guest.table is not None
            guest.table.listen(frames.append)
            host.start()
            await on_screen(kim, RummikubScreen)
            screen = guest.screen
            assert isinstance(screen, RummikubScreen)
            for _ in range(3):  # three turns of ours: draw each time
                await wait_until(kim, lambda: screen.my_move and screen.draft is not None)
                turns = len(screen.state["view"]["log"])
                await kim.press("d")
                await wait_until(kim, lambda n=turns: len(screen.state["view"]["log"]) > n)
            referee = host.referee
            assert referee is not None
            secrets = [list(referee.state.racks[0]), list(referee.state.pool[:5])]
            own = [f for f in frames if f["type"] == "state"]
            assert own and all(f["seat"] == 1 for f in own)
            assert [leaks(f, secrets) for f in frames] == [[] for _ in frames]
            draws = [e for f in own for e in f["view"]["log"] if e["type"] == "draw"]
            assert all("tile" not in e for e in draws if e["seat"] == 0)
    finally:
        await host.close()


async def test_a_tui_host_left_at_the_defaults_runs_the_default_clock() -> None:
    """RK-14 (issue 22): `gamenight host rummikub`, nothing changed in the lobby but a bot in
    seat 2, then s: the 60-second clock runs and the screen counts it down."""
    plan = HostPlan(game_id="rummikub", player="Zoe", port=0, bind="127.0.0.1", discovery=False)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zoe")
    async with app.run_test(size=SIZE) as pilot:
        await host_lobby(pilot)
        await pilot.press("down", "b")
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        await wait_until(pilot, lambda: host.lobby.not_ready() is None)
        assert host.lobby.options == {}
        await pilot.press("s")
        await on_screen(pilot, RummikubScreen)
        referee = host.referee
        assert referee is not None and referee.clock is not None
        assert referee.clock.seconds == 60
        screen = app.screen
        assert isinstance(screen, RummikubScreen)
        await wait_until(pilot, lambda: screen.state.get("clock") is not None)
        assert screen.state["clock"]["seconds"] == 60
