"""Plays the games of a planned arena series, in this process or on every core.

`core.arena` plans the games and adds them up; this module only runs them, which core must not
do (processes, a real clock). Each game runs from its `GamePlan` alone, so the records, and
every figure made from them, are the same for any number of jobs; only decision times differ.

Failures stop the series cleanly and come back as one sentence: a bot that raises or plays an
illegal move (`BotCrash`), a game that breaks, a worker process that dies. Ctrl+C stops it too:
workers ignore SIGINT, the games not started are cancelled, the ones in play finish.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field

from core.arena import (
    BotCrash,
    BotSettings,
    GamePlan,
    GameRecord,
    Result,
    SeriesResult,
    check_series,
    describe_error,
    plan_series,
    play_plan,
    tally,
)

OnGame = Callable[[int, Result], None]
Clock = Callable[[], float]


class GameFailure(Exception):
    """A game broke for a reason other than a bot's move (the rules raised, a bot could not be
    made from its settings). A single string, so it crosses from a worker process intact."""


@dataclass
class Played:
    """The records of the games that finished, and why the series stopped early, if it did."""

    records: list[GameRecord] = field(default_factory=list)
    failure: str | None = None
    interrupted: bool = False

    def add(self, record: GameRecord, on_game: OnGame | None) -> None:
        self.records.append(record)
        if on_game is not None:
            on_game(len(self.records), record.result)


def default_jobs() -> int:
    """The cores this process may run on (all of them unless an affinity mask says less)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def play_one(
    game_id: str,
    entrants: Sequence[str],
    plan: GamePlan,
    bot_settings: BotSettings | None,
    clock: Clock = time.perf_counter,
) -> GameRecord:
    """One game, timed with `clock` (the real one, or `time.process_time` for the CPU time
    of the process playing it); any failure becomes a picklable one-line error."""
    try:
        return play_plan(game_id, entrants, plan, clock, bot_settings)
    except BotCrash:
        raise
    except Exception as err:
        raise GameFailure(f"game {plan.index} failed: {describe_error(err)}") from None


def _start_worker(path: list[str]) -> None:
    """Runs first in every worker: find the same modules as the parent (a sparring bot named
    `module:attribute` may live beside the working directory), and leave Ctrl+C to the parent."""
    sys.path[:] = path
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_plans(
    game_id: str,
    entrants: Sequence[str],
    plans: Sequence[GamePlan],
    jobs: int,
    bot_settings: BotSettings | None = None,
    on_game: OnGame | None = None,
    clock: Clock = time.perf_counter,
) -> Played:
    """Play `plans` with `jobs` worker processes (in this process when `jobs` is 1).

    `on_game(done, result)` is called in this process as games finish, in any order.
    Decisions are timed with `clock` in the process that plays them.
    """
    played = Played()
    try:
        if jobs <= 1 or len(plans) <= 1:
            for plan in plans:
                played.add(play_one(game_id, entrants, plan, bot_settings, clock), on_game)
        else:
            pool_args = (game_id, entrants, plans, jobs, bot_settings, clock)
            _play_in_pool(*pool_args, on_game, played)
    except KeyboardInterrupt:
        played.interrupted = True
    except (BotCrash, GameFailure) as err:
        played.failure = str(err)
    except BrokenProcessPool:
        played.failure = "a worker process died (killed, or out of memory?)"
    return played


def _play_in_pool(
    game_id: str,
    entrants: Sequence[str],
    plans: Sequence[GamePlan],
    jobs: int,
    bot_settings: BotSettings | None,
    clock: Clock,
    on_game: OnGame | None,
    played: Played,
) -> None:
    """Spread the games over fresh worker processes ("spawn": the same on every platform, and
    safe beside the progress bar's thread). On any way out, the games not yet started are
    cancelled; those in play finish before this returns, and are kept.

    A Ctrl+C pressed while the games are handed to the pool is raised once they all are:
    landing between a game's start and its tracking, it lost that game."""
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(plans)),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(list(sys.path),),
    )
    futures: list[Future[GameRecord]] = []
    told: dict[Future[GameRecord], GameRecord] = {}  # the games ended, in the order they did
    try:
        with _ctrl_c_deferred():
            for plan in plans:
                futures.append(pool.submit(play_one, game_id, entrants, plan, bot_settings, clock))
        for future in as_completed(futures):
            _tell(future, told, on_game)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        for future in futures:  # the games that were in play when the series stopped
            if _finished_well(future) and future not in told:
                _tell(future, told, on_game)
        played.records = list(told.values())


def _tell(
    future: Future[GameRecord], told: dict[Future[GameRecord], GameRecord], on_game: OnGame | None
) -> None:
    """A game that ended: kept (its failure raised instead), and reported."""
    told[future] = future.result()
    if on_game is not None:
        on_game(len(told), told[future].result)


def _finished_well(future: Future[GameRecord]) -> bool:
    return future.done() and not future.cancelled() and future.exception() is None


@contextmanager
def _ctrl_c_deferred() -> Iterator[None]:
    """Inside, a Ctrl+C is only noted; on the way out it is pressed again, for the handler
    that was there before (Python's raises KeyboardInterrupt). Signal handlers belong to the
    main thread (and one set outside Python cannot be put back): then nothing is deferred."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield
        return
    pressed: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, _frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        signal.raise_signal(signal.SIGINT)


class SeriesStopped(RuntimeError):
    """A series that `run_series` could not finish; the message says why."""


def run_series(
    game_id: str,
    entrants: list[str],
    games: int,
    seed: int,
    jobs: int,
    *,
    duplicate: bool = False,
    bot_settings: BotSettings | None = None,
    clock: Clock = time.perf_counter,
    on_game: OnGame | None = None,
) -> SeriesResult:
    """A whole series with `entrants[i]` in seat `i`, on `jobs` workers: `core.arena.play_series`
    for scripts that want every core. ValueError on a series `check_series` refuses;
    `SeriesStopped` when a bot, a game or a worker failed, or on Ctrl+C."""
    check_series(game_id, entrants, games, duplicate)
    plans = plan_series(range(len(entrants)), games, seed, duplicate)
    played = play_plans(game_id, entrants, plans, jobs, bot_settings, on_game, clock)
    if played.failure or played.interrupted:
        raise SeriesStopped(played.failure or "interrupted (Ctrl+C)")
    return tally(game_id, entrants, played.records, seed, duplicate)
