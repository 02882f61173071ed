"""Issue 34 item 10: keys pressed ahead. A player who keeps pressing Enter through the last
tricks of a Papayoo game sees the final table and stays there: the Enter that played the last
card, pressed again and again, neither skips the final table nor deals a new game at 0 points.
A new game needs its own key ("a"), and not in the final table's first moment either.

The real app (Textual's Pilot) at a real solo table, resumed late in its last deal."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.tui.pilots import SIZE, wait_until
from tests.tui.test_papayoo import late_actions, resume_at
from tui.games.papayoo.screen import PapayooScreen
from tui.screens.final import FinalScreen
from tui.screens.round_summary import KEY_GRACE

PRESSES_AFTER = 12  # Enter presses once the final table is up


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))


async def enter_until_final(pilot: Pilot[None]) -> FinalScreen:
    """Enter, again and again, as an impatient player does, until the final table is up."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PapayooScreen))
    deadline = time.monotonic() + 60
    while not isinstance(pilot.app.screen, FinalScreen):
        assert time.monotonic() < deadline, "the game never ended"
        await pilot.press("enter")
        await pilot.pause(0.02)
    final = pilot.app.screen
    assert isinstance(final, FinalScreen)
    await wait_until(pilot, lambda: final.is_mounted)  # its moment starts once it is up
    return final


async def test_enter_pressed_through_the_last_tricks_keeps_the_final_table() -> None:
    app = resume_at(late_actions(4, players=4, deals=1), players=4, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        final = await enter_until_final(pilot)
        result = final.state["view"]["result"]
        assert final.state["view"]["over"] and result["winners"]
        assert sum(result["scores"]) == 250  # PY-6: the deal's points, not a fresh deal's 0
        for _ in range(PRESSES_AFTER):  # still pressing, past the grace too
            await pilot.press("enter")
            await pilot.pause(KEY_GRACE / 4)
        assert app.screen is final
        assert app.table is not None and app.table.state is not None
        assert app.table.state["view"]["over"]  # no new deal was dealt behind it

        await pilot.press("a")  # a deliberate key deals again
        await wait_until(pilot, lambda: isinstance(app.screen, PapayooScreen))
        game = app.screen
        assert isinstance(game, PapayooScreen)
        await wait_until(pilot, lambda: game.state is not None)
        assert not game.state["view"]["over"]
        assert game.state["view"]["totals"] == [0, 0, 0, 0]


async def test_the_final_table_takes_no_key_in_its_first_moment() -> None:
    """ "a" pressed ahead, in the same instant the final table opens, is not taken."""
    app = resume_at(late_actions(1, players=4, deals=1), players=4, deals=1)
    async with app.run_test(size=SIZE) as pilot:
        final = await enter_until_final(pilot)
        final.opened = time.monotonic() + 3600  # its first moment, held (a busy machine is slow)
        assert not final.takes_keys
        await pilot.press("a", "m", "enter")
        await pilot.pause()
        assert app.screen is final and app.table is not None and app.table.state["view"]["over"]
        final.opened = time.monotonic() - KEY_GRACE  # the moment is over
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, PapayooScreen))
