"""The arena's runner: the same results on any number of cores, and clean stops."""

from __future__ import annotations

import signal
import time
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from core.arena import GameRecord, plan_series
from tests.tui.arena_bots import INTERRUPT_MARK, SENT
from tui.programs.arena_runner import Played, play_plans

BOTS = "tests.tui.arena_bots"


def outcomes(records: list[GameRecord]) -> list[tuple[int, list[int], list[int]]]:
    """Everything a record holds but its times, in game order."""
    ordered = sorted(records, key=lambda r: r.plan.index)
    return [(r.plan.index, r.scores, r.winners) for r in ordered]


@pytest.mark.parametrize("duplicate", [False, True])
def test_one_core_and_two_give_the_same_results(duplicate: bool) -> None:
    entrants = ["normal", "easy", "easy", "easy"]
    plans = plan_series(range(4), 16, seed=5, duplicate=duplicate)
    serial = play_plans("nothanks", entrants, plans, jobs=1)
    parallel = play_plans("nothanks", entrants, plans, jobs=2)
    assert serial.failure is parallel.failure is None
    assert len(serial.records) == len(parallel.records) == 16
    assert outcomes(serial.records) == outcomes(parallel.records)
    assert [len(t) for t in serial.records[0].times] == [
        len(t) for t in sorted(parallel.records, key=lambda r: r.plan.index)[0].times
    ]


def test_progress_is_reported_once_per_game_from_the_workers() -> None:
    done: list[int] = []
    plans = plan_series(range(3), 6, seed=1)
    play_plans("nothanks", ["easy"] * 3, plans, 2, on_game=lambda n, _result: done.append(n))
    assert done == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_crashing_bot_stops_the_series_and_is_named(jobs: int) -> None:
    entrants = ["easy", f"{BOTS}:CrashBot", "easy"]
    played = play_plans("nothanks", entrants, plan_series(range(3), 12, 1), jobs)
    assert not played.interrupted
    assert played.failure is not None
    assert f"the {BOTS}:CrashBot bot in seat 1 failed: RuntimeError: boom" in played.failure
    assert "arena_bots.py" in played.failure  # where it raised, for the bot's maker
    assert len(played.records) < 12


def test_an_illegal_move_is_a_crash_with_the_rules_reason() -> None:
    entrants = [f"{BOTS}:IllegalBot", "easy", "easy"]
    played = play_plans("nothanks", entrants, plan_series(range(3), 3, 1), 1)
    assert played.failure is not None
    assert "seat 0 failed: IllegalMove: unknown action kind 'double'" in played.failure
    assert played.records == []


def test_a_dead_worker_is_reported_and_the_pool_shut_down() -> None:
    entrants = ["easy", "easy", f"{BOTS}:ExitBot"]
    played = play_plans("nothanks", entrants, plan_series(range(3), 8, 1), 2)
    assert played.failure == "a worker process died (killed, or out of memory?)"


def test_ctrl_c_in_the_parent_stops_the_series_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker presses Ctrl+C on this process during game 0 or 1 of 200: the games not started
    are cancelled, the ones in play finish and are kept."""
    monkeypatch.setenv(INTERRUPT_MARK, str(tmp_path / "pressed"))
    played = interrupted_series()
    assert played.interrupted
    assert played.failure is None
    assert 1 <= len(played.records) < 200


def interrupted_series() -> Played:
    """200 games on 2 workers, InterruptBot in seat 0, met with Ctrl+C as `gamenight arena`
    meets it: Python's own handler (an event loop run by an earlier test in this process may
    have left its own SIGINT handler behind)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        entrants = [f"{BOTS}:InterruptBot", "easy", "easy"]
        return play_plans("nothanks", entrants, plan_series(range(3), 200, 1), 2)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_as_the_first_game_starts_still_keeps_that_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A starved core: this process is set aside right after handing game 0 to a worker, long
    enough for it to press Ctrl+C. Game 0 is in play, so it finishes and is kept (it was lost:
    Ctrl+C landed before the runner had noted the game, and no record came back)."""
    mark = tmp_path / "pressed"
    monkeypatch.setenv(INTERRUPT_MARK, str(mark))
    submit = ProcessPoolExecutor.submit
    handed: list[Future[Any]] = []

    def set_aside(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Future[Any]:
        handed.append(submit(pool, *args, **kwargs))
        if len(handed) == 1:
            deadline = time.monotonic() + 60
            while not Path(f"{mark}{SENT}").exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.2)  # still set aside as Ctrl+C comes in
        return handed[-1]

    monkeypatch.setattr(ProcessPoolExecutor, "submit", set_aside)
    played = interrupted_series()
    assert Path(f"{mark}{SENT}").exists()
    assert played.interrupted and played.failure is None
    assert 1 <= len(played.records) < 200


def test_ctrl_c_in_process_stops_the_series_too() -> None:
    class Interrupted:
        def __init__(self, **_settings: object) -> None:
            pass

        def act(self, view: object, rng: object) -> None:
            raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tests.tui.arena_bots.CrashBot", Interrupted)
        entrants = ["easy", f"{BOTS}:CrashBot", "easy"]
        played = play_plans("nothanks", entrants, plan_series(range(3), 4, 1), 1)
    assert played.interrupted and played.records == [] and played.failure is None
