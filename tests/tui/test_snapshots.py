"""Snapshots of the main screens at 80x24 (pytest-textual-snapshot).

Deterministic by construction: a fixed seed, easy bots (no randomness) with no pause, the
cursor's blink frozen. Update the baselines with `pytest tests/tui --snapshot-update` and look
at the SVGs in __snapshots__ before committing them.
"""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.late import open_late_game
from tests.tui.pilots import SIZE, make_app, my_turn, open_game, play_to_the_end, wait_until


async def freeze_cursor(pilot: Pilot[None]) -> None:
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False


async def game_in_progress(pilot: Pilot[None]) -> None:
    """Four moves of ours into a seeded game against easy bots, waiting for our next turn."""
    screen = await open_game(pilot)
    for key in "ptpp":
        await wait_until(pilot, lambda: my_turn(screen))
        await pilot.press(key)
    await wait_until(pilot, lambda: my_turn(screen))


async def final_table(pilot: Pilot[None]) -> None:
    await play_to_the_end(pilot, await open_late_game(pilot))


def test_menu(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE)


def test_solo_setup(snap_compare) -> None:
    async def setup(pilot: Pilot[None]) -> None:
        await pilot.press("s", "ctrl+u", *"Zoe", "tab", "tab", "right")
        await freeze_cursor(pilot)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=setup)


def test_game_in_progress(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=game_in_progress)


def test_final_table(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=final_table)


def test_help_over_game(snap_compare) -> None:
    async def help_over_game(pilot: Pilot[None]) -> None:
        await game_in_progress(pilot)
        await pilot.press("question_mark")

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=help_over_game)


def test_leave_confirmation(snap_compare) -> None:
    async def leave(pilot: Pilot[None]) -> None:
        await game_in_progress(pilot)
        await pilot.press("q")

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=leave)
