"""Stand-in games for the contract suite and the table's tests: each has one thing the real
games will have, in a form small enough to reason about.

- `Dice` rolls a die on every turn after `new` (chance from the state's seed and the roll's
  number, as design.md asks), and has a turn clock option.
- `Vote` is a simultaneous decision with hidden choices and a secret card per seat.

They honour the whole contract (typed options, default, timeout and random actions, twins), so
the contract suite checks them like any registered game, and `register` seats them in
`core.GAMES` for a test that needs a table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pytest

from core import registry
from core.api import (
    Action,
    IllegalMove,
    Option,
    action_kind,
    chance,
    check_options,
    check_players,
    check_seat,
    option_defaults,
)


@dataclass(frozen=True)
class DiceState:
    players: int
    seed: int
    rounds: int
    turn: int
    rolls: tuple[tuple[int, int], ...]  # (seat, value), in order
    clock_penalties: tuple[int, ...]

    @property
    def over(self) -> bool:
        return len(self.rolls) >= self.rounds * self.players


class Dice:
    """Each turn the player rolls a die (or, out of time, scores nothing); highest total wins."""

    id = "dice"
    title = "Dice"
    min_players = 2
    max_players = 4
    option_specs = (
        Option("rounds", "Rounds", 3, "Turns each player takes.", low=1, high=5),
        Option(
            "turn_seconds",
            "Turn clock",
            0,
            "Seconds a turn may take; 0: no clock.",
            choices=(0, 0.05, 0.3, 60),
        ),
    )
    options = option_defaults(option_specs)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> DiceState:
        players = check_players(self, players)
        opts = check_options(self, options, players)
        first = opts.get("first")
        turn = random.Random(seed).randrange(players) if first is None else first
        return DiceState(players, seed, opts["rounds"], turn, (), (0,) * players)

    def to_act(self, state: DiceState) -> list[int]:
        return [] if state.over else [state.turn]

    def legal_actions(self, state: DiceState, seat: int) -> list[Action]:
        return [{"kind": "roll"}] if seat in self.to_act(state) else []

    def apply(self, state: DiceState, seat: int, action: Action) -> DiceState:
        kind = action_kind(action, ("roll", "timeout"))
        check_seat(seat, state.players)
        if len(action) != 1:
            raise IllegalMove("a roll takes no other fields")
        if seat not in self.to_act(state):
            raise IllegalMove("it is not your turn")
        if kind == "timeout":
            value = 0
            penalties = list(state.clock_penalties)
            penalties[seat] += 1
            state = replace(state, clock_penalties=tuple(penalties))
        else:
            value = chance(state.seed, "roll", len(state.rolls)).randint(1, 6)
        return replace(state, turn=(seat + 1) % state.players, rolls=(*state.rolls, (seat, value)))

    def totals(self, state: DiceState) -> list[int]:
        totals = [0] * state.players
        for seat, value in state.rolls:
            totals[seat] += value
        return totals

    def view(self, state: DiceState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "to_act": self.to_act(state),
            "over": state.over,
            "turn": None if state.over else state.turn,
            "totals": self.totals(state),
            "log": [{"type": "roll", "seat": s, "value": v} for s, v in state.rolls],
        }
        if state.over:
            view["result"] = self.result(state)
        return view

    def is_over(self, state: DiceState) -> bool:
        return state.over

    def round_number(self, state: DiceState) -> int:
        return 0

    def result(self, state: DiceState) -> dict[str, list[int]]:
        totals = self.totals(state)
        if not state.over:
            return {"scores": totals, "winners": []}
        best = max(totals)
        return {"scores": totals, "winners": [s for s, t in enumerate(totals) if t == best]}

    def default_action(self, state: DiceState, seat: int) -> Action:
        return {"kind": "roll"}

    def timeout_action(self, state: DiceState, seat: int) -> Action:
        return {"kind": "timeout"}

    def random_action(self, state: DiceState, seat: int, rng: random.Random) -> Action:
        return {"kind": "roll"}

    def twin(self, state: DiceState, seat: int | None, rng: random.Random) -> DiceState:
        """Only the seed is unknown to everyone: the dice still to come."""
        return replace(state, seed=rng.getrandbits(64))


@dataclass(frozen=True)
class VoteState:
    players: int
    seed: int
    secrets: tuple[int, ...]  # a hidden card per seat
    votes: tuple[int | None, ...]  # this round's choices, hidden until all have voted
    history: tuple[tuple[int, ...], ...]  # revealed rounds
    rounds: int


class Vote:
    """Everyone votes 1-3 at once; a vote nobody else made scores its value plus your secret
    card's parity. The vote of a seat is hidden from the others until all have voted."""

    id = "vote"
    title = "Vote"
    min_players = 2
    max_players = 5
    option_specs = (Option("rounds", "Rounds", 2, "Votes in a game.", low=1, high=4),)
    options = option_defaults(option_specs)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> VoteState:
        players = check_players(self, players)
        opts = check_options(self, options, players)
        cards = list(range(10))
        random.Random(seed).shuffle(cards)
        return VoteState(
            players, seed, tuple(cards[:players]), (None,) * players, (), opts["rounds"]
        )

    def to_act(self, state: VoteState) -> list[int]:
        if len(state.history) >= state.rounds:
            return []
        return [seat for seat, vote in enumerate(state.votes) if vote is None]

    def legal_actions(self, state: VoteState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [{"kind": "vote", "value": value} for value in (1, 2, 3)]

    def apply(self, state: VoteState, seat: int, action: Action) -> VoteState:
        action_kind(action, ("vote",))
        check_seat(seat, state.players)
        if seat not in self.to_act(state):
            raise IllegalMove("you have already voted, or the game is over")
        value = action.get("value")
        if set(action) != {"kind", "value"} or value not in (1, 2, 3) or isinstance(value, bool):
            raise IllegalMove("a vote is 1, 2 or 3")
        votes = list(state.votes)
        votes[seat] = value
        if None in votes:
            return replace(state, votes=tuple(votes))
        return replace(state, votes=(None,) * state.players, history=(*state.history, tuple(votes)))

    def scores(self, state: VoteState) -> list[int]:
        scores = [0] * state.players
        for votes in state.history:
            for seat, vote in enumerate(votes):
                if votes.count(vote) == 1:
                    scores[seat] += vote + state.secrets[seat] % 2
        return scores

    def view(self, state: VoteState, seat: int | None) -> dict[str, Any]:
        over = self.is_over(state)
        view: dict[str, Any] = {
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "to_act": self.to_act(state),
            "over": over,
            "secret": None if seat is None else state.secrets[seat],
            "my_vote": None if seat is None else state.votes[seat],
            "decided": [s for s, vote in enumerate(state.votes) if vote is not None],
            "log": [{"type": "votes", "votes": list(votes)} for votes in state.history],
        }
        if over:
            view["result"] = self.result(state)
            view["secrets"] = list(state.secrets)
        return view

    def is_over(self, state: VoteState) -> bool:
        return len(state.history) >= state.rounds

    def round_number(self, state: VoteState) -> int:
        """Each vote is a round: the stand-in for a game the table pauses in."""
        return len(state.history)

    def result(self, state: VoteState) -> dict[str, list[int]]:
        scores = self.scores(state)
        if not self.is_over(state):
            return {"scores": scores, "winners": []}
        best = max(scores)
        return {"scores": scores, "winners": [s for s, v in enumerate(scores) if v == best]}

    def default_action(self, state: VoteState, seat: int) -> Action:
        return {"kind": "vote", "value": 1}

    def timeout_action(self, state: VoteState, seat: int) -> Action:
        return self.default_action(state, seat)

    def random_action(self, state: VoteState, seat: int, rng: random.Random) -> Action:
        return rng.choice(self.legal_actions(state, seat))

    def twin(self, state: VoteState, seat: int | None, rng: random.Random) -> VoteState:
        """Other seats' secret cards and undecided votes changed; what `seat` knows kept."""
        if self.is_over(state):
            return replace(state, seed=rng.getrandbits(64))
        mine = None if seat is None else state.secrets[seat]
        others = [c for c in range(10) if c != mine]
        rng.shuffle(others)
        secrets = [mine if s == seat else others.pop() for s in range(state.players)]
        votes = [
            v if s == seat or v is None else rng.choice((1, 2, 3))
            for s, v in enumerate(state.votes)
        ]
        return replace(state, secrets=tuple(secrets), votes=tuple(votes), seed=rng.getrandbits(64))


class StandinBot:
    """Any level of any stand-in game: the default action, after a look at the view."""

    def __init__(self, **_settings: Any) -> None:
        pass

    def act(self, view: dict[str, Any], rng: random.Random) -> Action:
        if view["game"] == "vote":
            return {"kind": "vote", "value": rng.choice((1, 2, 3))}
        return {"kind": "roll"}


STANDINS = {game.id: game for game in (Dice(), Vote())}


@contextmanager
def register(*game_ids: str) -> Iterator[None]:
    """Seat stand-in games (all by default) in `core.GAMES`, with bots, for one test."""
    import sys
    import types

    bots = types.SimpleNamespace(BOTS=dict.fromkeys(registry.BOT_LEVELS, StandinBot))
    with pytest.MonkeyPatch.context() as patch:
        for game_id in game_ids or tuple(STANDINS):
            patch.setitem(registry.GAMES, game_id, STANDINS[game_id])
            patch.setitem(sys.modules, f"core.{game_id}", types.ModuleType(f"core.{game_id}"))
            patch.setitem(sys.modules, f"core.{game_id}.bots", bots)
        yield
