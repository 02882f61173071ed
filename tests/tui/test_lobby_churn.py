"""Issue 8, point 1 (the TUI part): a host's lobby screen under join/leave churn keeps its
memory and stays responsive. Loopback only."""

from __future__ import annotations

import gc
import tracemalloc

from tests.net.conftest import Raw
from tests.tui.lan_pilots import host_app, host_lobby, text_of
from tests.tui.pilots import SIZE, wait_until

CYCLES = 500
WARM_UP = 50


async def churn(port: int, cycles: int, start: int) -> None:
    for i in range(start, start + cycles):
        raw = await Raw.open(port)
        assert (await raw.hello(f"Churn {i}", spectate=True))["type"] == "welcome"
        raw.close()


async def test_the_host_lobby_keeps_its_memory_under_churn() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        host.admission.joins = None  # one address churning: lift the per-address limit here
        port = host.port or 0
        await churn(port, WARM_UP, 0)  # caches, fonts of the log, first notices
        await wait_until(pilot, lambda: len(host.members) == 1 and not host.notices.pending)
        await pilot.pause(0.3)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        await churn(port, CYCLES, WARM_UP)
        await wait_until(pilot, lambda: len(host.members) == 1 and not host.notices.pending)
        await pilot.pause(0.3)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        assert grown < 3 * 2**20, f"the lobby grew by {grown / 2**20:.1f} MiB"
        await pilot.press("down", "b")  # still answers keys at once
        await wait_until(
            pilot, lambda: "bot" in str(lobby.query_one("#seat-list").get_option_at_index(1).prompt)
        )
        assert "Players join" in text_of(lobby, "#join-at")
