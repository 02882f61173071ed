"""The referee: the one place a game's state lives, and the only code that changes it.

One name per idea: a *table* is what people see and join (`net.host.Host`: its lobby, its name,
everyone connected; `tui.table.link.TableLink` is the app's link to one); the *referee* is the
game in play at a table, holding its state and applying its rules.
Every game has one, solo included.

Seats are filled by bots (driven here) or by endpoints: anything with a `push(message)` method, a
local TUI screen or a TCP connection alike, so a remote player is just another endpoint. Each
endpoint is sent only its own seat's view (spectators the spectator view): the single filter every
outgoing state passes through.

Actions are applied one at a time: `apply` is synchronous and the referee lives on one event loop,
so no two intents can interleave (the one-queue-per-match rule boardgame.io learned, #828).
Bots think in a worker thread so a hard bot never freezes the screen or other games.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from core import IllegalMove, get_bot, get_game, new_record, record_action
from core.api import Action, Bot, View, check_seat
from net.pause import PAUSE_SECONDS, RoundPause

log = logging.getLogger(__name__)

SAVE_RETRY = 1.0  # seconds before a bot or the clock tries again a move that could not be saved
BOT_NAMES = ("Ana", "Bruno", "Chloé", "Dario", "Emi", "Farid", "Greta", "Hugo")


class Endpoint(Protocol):
    """Something that receives a seat's messages; `push` must not block."""

    def push(self, message: dict[str, Any]) -> None: ...


class Clock(Protocol):
    """What the referee needs of a turn clock (net/clock.py's `TurnClock`, which imports this
    module and sets itself as `Referee.clock`): its part of every state message."""

    def public(self) -> dict[str, Any] | None: ...

    def restart(self) -> None:
        """Run again for the seats to act now (after a pause between rounds)."""
        ...


@dataclass
class Seat:
    """Who sits in a seat: a human (local or remote) or a bot of some level.

    Whether its human is there is not stored but read from the endpoints attached to it: the
    host attaches exactly its connected members (net/roster.py), so the two cannot disagree.
    """

    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # for bots
    stand_in: bool = False  # a bot playing for a human who is away, until they are back
    endpoints: list[Endpoint] = field(default_factory=list)

    @property
    def away(self) -> bool:
        """A human (or the human a stand-in bot plays for) with no connection to the seat."""
        return (self.kind == "human" or self.stand_in) and not self.endpoints

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level, "away": self.away}


def new_seed() -> int:
    """A match seed from the OS's entropy, never from the clock (design.md, determinism)."""
    return int.from_bytes(os.urandom(8), "big")


class Referee:
    """A running match: state, seats, bots and the endpoints that watch it."""

    def __init__(
        self,
        game_id: str,
        seats: list[Seat],
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        bot_delay: float = 0.0,
        record: dict[str, Any] | None = None,
        write_ahead: Callable[[int, Action], None] | None = None,
        on_action: Callable[[int, Action], None] | None = None,
        bot_settings: dict[str, Any] | None = None,
        pause_seconds: float | None = PAUSE_SECONDS,
    ) -> None:
        """Start a game; with `record`, continue that match (a resumed journal) instead.

        `write_ahead(seat, action)` is told each action the rules accepted before the referee
        takes the new state (the host's journal): if it raises, nothing changed. `on_action` is
        told once the referee holds the new state, before anyone is sent it. `pause_seconds` is
        the longest pause between rounds (net/pause.py); None waits for the players however
        long (a solo table).
        """
        self.game = get_game(game_id)
        self.seats = seats
        if record is None:
            seed = new_seed() if seed is None else seed
            record = new_record(game_id, len(seats), seed, options)
        self.record = record
        if len(seats) != record["players"]:
            raise ValueError(f"the match has {record['players']} seats, not {len(seats)}")
        self.state = self.game.new(record["players"], record["seed"], record["options"] or None)
        # Who was to act in each version (state) so far; with the record's actions (who acted on
        # each), an intent is judged against it (see `_check_fresh`).
        self._to_act: list[frozenset[int]] = []
        for seat, action in record["actions"]:
            self._to_act.append(frozenset(self.game.to_act(self.state)))
            self.state = self.game.apply(self.state, seat, action)
        self._to_act.append(frozenset(self.game.to_act(self.state)))
        self.version = len(record["actions"])
        self.bot_delay = bot_delay
        self.write_ahead = write_ahead
        self.on_action = on_action
        self.spectators: list[Endpoint] = []
        self.clock: Clock | None = None  # set by a host whose game has a turn clock
        self.pause_seconds = pause_seconds
        self.pause: RoundPause | None = None  # the table waiting between rounds
        self.finished = asyncio.Event()
        self._bots: dict[int, Bot] = {}
        self._bot_rngs: dict[int, random.Random] = {}
        self._bot_tasks: dict[int, asyncio.Task[None]] = {}
        self._hurry = asyncio.Event()
        self._closed = False
        self._bot_settings = bot_settings or {}
        for index, seat in enumerate(seats):
            if seat.kind == "bot":
                self._seat_bot(index, seat)
        if self.game.is_over(self.state):
            self.finished.set()

    # ---- what endpoints see -------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        """The view of one seat (None: a spectator); nothing else ever leaves the referee."""
        return self.game.view(self.state, seat)

    def message(self, seat: int | None) -> dict[str, Any]:
        """The state message an endpoint of `seat` is pushed."""
        return {
            "type": "state",
            "version": self.version,
            "seat": seat,
            "seats": [s.public() for s in self.seats],
            "view": self.view(seat),
            "clock": None if self.clock is None else self.clock.public(),
            "pause": None if self.pause is None else self.pause.public(),
        }

    def attach(self, seat: int | None, endpoint: Endpoint) -> None:
        """Let an endpoint watch a seat (or spectate with None); it is sent the view at once."""
        self._watch(seat, endpoint)
        endpoint.push(self.message(seat))

    def attach_all(self, endpoints: list[tuple[int | None, Endpoint]]) -> None:
        """Attach everyone present at the start, then show each of them the table once: one by
        one, the first would be shown the later ones as away (issue 23)."""
        for seat, endpoint in endpoints:
            self._watch(seat, endpoint)
        self.broadcast()

    def _watch(self, seat: int | None, endpoint: Endpoint) -> None:
        if seat is None:
            self.spectators.append(endpoint)
        else:
            self.seats[check_seat(seat, len(self.seats))].endpoints.append(endpoint)

    def detach(self, endpoint: Endpoint) -> None:
        for index, seat in enumerate(self.seats):
            if endpoint in seat.endpoints:
                seat.endpoints.remove(endpoint)
                if not seat.endpoints:  # nobody left to read the summary: not waited for
                    self.ready(index)
        if endpoint in self.spectators:
            self.spectators.remove(endpoint)

    def broadcast(self) -> None:
        """Push every endpoint its own seat's view of the current state."""
        for index, seat in enumerate(self.seats):
            if seat.endpoints:
                message = self.message(index)
                for endpoint in list(seat.endpoints):
                    endpoint.push(message)
        if self.spectators:
            message = self.message(None)
            for endpoint in list(self.spectators):
                endpoint.push(message)

    # ---- changing the state ---------------------------------------------------------------
    def act(self, seat: int, action: Action, version: int | None = None) -> None:
        """Apply one intent of `seat`, or raise IllegalMove with the reason; nothing else changes.

        `version`, when given, is the state the sender decided on: an intent made on a stale
        view is refused rather than applied to a state its sender never saw. An error from
        `write_ahead` (a journal that cannot be written) also leaves the game as it was.
        """
        if self._closed:
            raise IllegalMove("table_closed")
        check_seat(seat, len(self.seats))
        if version is not None:
            self._check_fresh(seat, version)
        before = self.game.round_number(self.state)
        state = self.game.apply(self.state, seat, action)
        if self.write_ahead is not None:
            self.write_ahead(seat, action)
        self.state = state
        self.version += 1
        if self.pause is not None and self.pause.ready(seat):  # acting: done reading
            self._end_pause()
        self._pause_if_round_ended(before)
        self._to_act.append(frozenset(self.game.to_act(self.state)))
        record_action(self.record, seat, action)
        if self.on_action is not None:
            self.on_action(seat, action)
        self.broadcast()
        if self.game.is_over(self.state):
            self.finished.set()
        self.wake_bots()

    def _check_fresh(self, seat: int, version: object) -> None:
        """Refuse an intent decided on a state where it was not this seat's decision, or that
        this seat has already moved on from (a repeated or delayed intent).

        Other seats' moves alone do not make it stale: in a simultaneous decision (Papayoo's
        pass, Pásovec's decide) the others' choices change nothing this seat may do, and in a
        turn-based game nobody else moves while it is this seat's turn.
        """
        if isinstance(version, bool) or not isinstance(version, int):
            raise IllegalMove("version_missing")
        if not 0 <= version <= self.version:
            raise IllegalMove("no_such_version", version=version)
        stale = self._staleness(seat, version)
        if stale is not None:
            raise stale

    def _staleness(self, seat: int, version: int) -> IllegalMove | None:
        """Why a decision of `seat` made on state `version` no longer stands (the refusal, not
        raised: a bot's turn only asks), or None."""
        if seat not in self._to_act[version]:
            return IllegalMove("stale_not_your_move")
        if any(actor == seat for actor, _ in self.record["actions"][version:]):
            return IllegalMove("stale_moved_since")
        return None

    # ---- pausing between rounds -----------------------------------------------------------
    def _pause_if_round_ended(self, before: int) -> None:
        """A round just ended and the game goes on: wait for the people present. (Over, the
        game waits for nobody; a round that ended during a pause starts a pause of its own.)"""
        if self.game.is_over(self.state):
            self._end_pause()
            return
        if self.game.round_number(self.state) <= before:
            return
        present = {i for i, s in enumerate(self.seats) if s.kind == "human" and s.endpoints}
        if present:
            self._end_pause()
            self.pause = RoundPause(present, self.pause_seconds, self._pause_timed_out)

    def ready(self, seat: int) -> None:
        """`seat` has read the round's summary: the table goes on once nobody is left."""
        if self.pause is None or seat not in self.pause.waiting:
            return
        if self.pause.ready(seat):
            self._end_pause()
            self.wake_bots()
        self.broadcast()

    def _pause_timed_out(self) -> None:
        if self.pause is not None and not self._closed:
            self._end_pause()
            self.broadcast()
            self.wake_bots()

    def _end_pause(self) -> None:
        if self.pause is not None:
            self.pause.cancel()
            self.pause = None
            if self.clock is not None:
                self.clock.restart()

    def set_seat(self, index: int, seat: Seat) -> None:
        """Swap who sits in a seat (a bot standing in for an away player, and back)."""
        old = self.seats[index]
        seat.endpoints = old.endpoints
        self.seats[index] = seat
        task = self._bot_tasks.pop(index, None)
        if task is not None:
            task.cancel()
        self._bots.pop(index, None)
        if seat.kind == "bot":
            self._seat_bot(index, seat)
            if self.pause is not None and self.pause.ready(index):  # bots are always ready
                self._end_pause()
        self.broadcast()
        self.wake_bots()

    # ---- bots -------------------------------------------------------------------------------
    def _seat_bot(self, index: int, seat: Seat) -> None:
        """Make the bot of a seat, its random numbers drawn from the match seed.

        Seeding from the match seed makes a solo match reproducible from its record (tests,
        screenshots, bug reports); the string seed is hashed, so no move reveals the seed.
        """
        level = seat.level or "normal"
        self._bots[index] = get_bot(self.game.id, level, **self._bot_settings)
        self._bot_rngs[index] = random.Random(f"{self.record['seed']}:{index}:{level}")

    def start(self) -> None:
        """Begin driving the bots; call once, inside the running event loop."""
        self.wake_bots()

    def hurry(self) -> None:
        """Skip the pause before the next bot moves (the player pressed a key)."""
        self._hurry.set()

    def wake_bots(self) -> None:
        if self._closed or self.pause is not None:
            return
        for seat in self.game.to_act(self.state):
            if seat in self._bots and seat not in self._bot_tasks:
                task = asyncio.get_running_loop().create_task(
                    self._bot_turn(seat), name=f"bot of seat {seat}"
                )
                self._bot_tasks[seat] = task
                task.add_done_callback(self._bot_done)

    def _bot_done(self, task: asyncio.Task[None]) -> None:
        """Forget a finished bot turn, unless a newer turn of that seat already replaced it.

        A turn that failed (its move could not be journaled, say) is logged here: nothing
        awaits a bot's task, so its error would otherwise be lost while the game waits.
        """
        for seat, current in list(self._bot_tasks.items()):
            if current is task:
                del self._bot_tasks[seat]
        if not task.cancelled() and task.exception() is not None:
            log.error("the %s failed", task.get_name(), exc_info=task.exception())

    async def _bot_turn(self, seat: int) -> None:
        """Pause (skippably), think in a thread, then act; think again only if the decision went
        stale by the referee's own freshness rule (other seats deciding at the same time do not
        make it so: four bots passing cards together each think once)."""
        if self.bot_delay > 0:
            self._hurry.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._hurry.wait(), self.bot_delay)
        while not self._closed and seat in self.game.to_act(self.state):
            version = self.version
            view = self.view(seat)
            bot, rng = self._bots[seat], self._bot_rngs[seat]
            action = await asyncio.to_thread(_think, bot, view, rng)
            if self._closed or seat not in self._bots or self._bots[seat] is not bot:
                return
            if self._staleness(seat, version) is not None:
                continue
            # Leave the task table before acting, so the act can wake this seat's next turn
            # (a No Thanks! take keeps the turn).
            self._bot_tasks.pop(seat, None)
            try:
                self._bot_act(seat, action)
            except OSError as err:
                # The move could not be journaled, so nothing changed: try the turn again soon
                # rather than leave the game waiting on a bot that will never move.
                log.error("could not save seat %s's move (%s); retrying", seat, err)
                asyncio.get_running_loop().call_later(SAVE_RETRY, self.wake_bots)
            return

    def _bot_act(self, seat: int, action: Any) -> None:
        try:
            self.act(seat, action)
        except IllegalMove as err:
            # A bot bug must not stall the game: log it and make the game's default move
            # (legal_actions does not list every kind, so its first entry may not exist).
            log.error("bot in seat %s chose %r, which is illegal: %s", seat, action, err)
            self.act(seat, self.game.default_action(self.state, seat))

    async def close(self) -> None:
        """Stop the bots; the state stays readable."""
        self._closed = True
        if self.pause is not None:
            self.pause.cancel()
        tasks = list(self._bot_tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _think(bot: Bot, view: View, rng: random.Random) -> Any:
    """A bot's choice; a bot that crashes is logged and answers None, which the rules refuse
    (so the referee falls back to a legal move instead of waiting for ever)."""
    try:
        return bot.act(view, rng)
    except Exception:
        log.exception("bot %s crashed", type(bot).__name__)
        return None
