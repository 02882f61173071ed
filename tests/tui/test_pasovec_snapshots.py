"""Snapshots of the Pásovec table at 80x24: choosing dice and deciding with six players, the
round summary, and the final table.

Deterministic by construction: a fixed seed, easy bots with no pause (and so no tumbling
dice), positions reached by bots at core speed (`open_late`), and the decide screen taken once
every other player has decided. Update the baselines with `pytest tests/tui --snapshot-update`
and look at the SVGs before committing them.
"""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.pasovec_pilots import (
    all_others_decided,
    before_our_last_decision,
    bots_record,
    decide_by_keys,
    open_late,
    our_move_in_round_two,
    our_roll,
    phase_of,
)
from tests.tui.pilots import SEED, SIZE, make_app, wait_until
from tui.screens.final import FinalScreen


async def my_roll(pilot: Pilot[None]) -> None:
    """Six players, our roll; then a second blue die (odds redrawn)."""
    screen = await open_late(pilot, bots_record(6, SEED, our_roll))
    await wait_until(pilot, lambda: phase_of(screen) == "roll")
    await pilot.press("1")
    await pilot.pause()


async def my_decision(pilot: Pilot[None]) -> None:
    await my_roll(pilot)
    await pilot.press("enter", "right")
    screen = pilot.app.screen
    await wait_until(pilot, lambda: phase_of(screen) == "decide" and all_others_decided(screen))
    await pilot.pause()


async def round_summary(pilot: Pilot[None]) -> None:
    """Round 1 just over: its penalties in the log and the players' table (PA-11, PA-12)."""
    record = bots_record(4, SEED, our_move_in_round_two)
    screen = await open_late(pilot, record)
    await wait_until(pilot, lambda: phase_of(screen) is not None)
    await pilot.pause()


async def final_table(pilot: Pilot[None]) -> None:
    """A game played by bots up to our last decision, made by keys: the final table, its
    tie-break explained (PA-14)."""
    record, last = before_our_last_decision(4, SEED)
    screen = await open_late(pilot, record)
    await wait_until(pilot, lambda: phase_of(screen) == "decide")
    await decide_by_keys(pilot, screen, last)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
    await pilot.pause()


def test_pasovec_roll(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=my_roll)


def test_pasovec_decide(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=my_decision)


def test_pasovec_round_summary(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=round_summary)


def test_pasovec_final_table(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=final_table)
