"""Snapshots of the Pásovec table at 80x24 with six players: choosing dice, and deciding.

Deterministic by construction: a fixed seed, easy bots with no pause (and so no tumbling
dice), and the decide screen taken once every other player has decided. Update the baselines
with `pytest tests/tui --snapshot-update` and look at the SVGs before committing them.
"""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.pasovec_pilots import all_others_decided, open_pasovec, phase_of, until_my_roll
from tests.tui.pilots import SIZE, make_app, wait_until


async def my_roll(pilot: Pilot[None]) -> None:
    """Six players; decide by keys until our roll; then a second blue die (odds redrawn)."""
    await until_my_roll(pilot, await open_pasovec(pilot, more_players=2))
    await pilot.press("1")
    await pilot.pause()


async def my_decision(pilot: Pilot[None]) -> None:
    await my_roll(pilot)
    await pilot.press("enter", "right")
    screen = pilot.app.screen
    await wait_until(pilot, lambda: phase_of(screen) == "decide" and all_others_decided(screen))
    await pilot.pause()


def test_pasovec_roll(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=my_roll)


def test_pasovec_decide(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=my_decision)
