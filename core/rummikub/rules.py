"""Rummikub rules (../shared/rules/rummikub.md, RK-1 to RK-21): the game object.

The state is a frozen dataclass: a turn changes few fields and games are a few hundred turns,
so `dataclasses.replace` is cheap enough and keeps `apply` readable. Chance: the first game is
shuffled from the seed (or taken from option `deck`), every later game of a match from
`chance(seed, "game", n)`, so a match record replays exactly. Checking a play is in `play`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from core.api import (
    Action,
    IllegalMove,
    Option,
    View,
    action_kind,
    brief,
    chance,
    check_options,
    check_players,
    check_seat,
    first_deal,
    option_defaults,
    ranked,
    view_head,
)
from core.refusals import N_, NC_
from core.rummikub.changes import table_diff
from core.rummikub.greedy import greedy_sets, set_points
from core.rummikub.play import MELD_POINTS, Table, check_play
from core.rummikub.sets import full_deck, rack_value, sort_key

KINDS = ("play", "draw", "timeout")
RACK = 14  # RK-5
PENALTY = 3  # RK-14


@dataclass(frozen=True)
class RummikubState:
    """One moment of a match. `log` entries are tuples; `view` turns them into maps."""

    players: int
    seed: int
    games: int
    jokers_in_first_meld: bool
    turn_seconds: int
    game_no: int  # from 1
    first: int  # the seat that started this game
    racks: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]
    table: Table
    melded: tuple[bool, ...]
    turn: int | None  # None once the match is over
    passes: int  # RK-17: passes in a row with the pool already empty
    scores: tuple[int, ...]  # match totals (RK-18)
    log: tuple[tuple[Any, ...], ...]


def _deal(order: list[str], players: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    racks = tuple(
        tuple(sorted(order[i * RACK : (i + 1) * RACK], key=sort_key)) for i in range(players)
    )
    return racks, tuple(order[players * RACK :])


def _check_deck(deck: object) -> list[str]:
    if not isinstance(deck, list | tuple) or Counter(deck) != Counter(full_deck()):
        raise ValueError("option 'deck' must be the 106 tiles (every tile twice, J twice)")
    return list(deck)


def game_scores(racks: tuple[tuple[str, ...], ...]) -> tuple[list[int], list[int]]:
    """RK-16/RK-17: each game's scores and winners from the racks at its end.

    An empty rack has sum 0 and is the lowest, so one rule covers both endings: the others
    lose their sum minus the lowest sum, the winners split what they lose (rounded down).
    """
    sums = [rack_value(r) for r in racks]
    low = min(sums)
    winners = [i for i, s in enumerate(sums) if s == low]
    scores = [0 if s == low else low - s for s in sums]
    share = -sum(scores) // len(winners)
    for seat in winners:
        scores[seat] = share
    return scores, winners


class Rummikub:
    """The Rummikub game object registered as `core.GAMES["rummikub"]`."""

    id = "rummikub"
    title = "Rummikub"
    min_players = 2
    max_players = 4
    option_specs: tuple[Option, ...] = (
        Option(
            "turn_seconds",
            NC_("a game's option", "Seconds per turn"),
            60,
            N_("time for one turn; when it runs out the player takes 3 tiles (0 = no limit)"),
            choices=(0, 30, 60, 90, 120),
        ),
        Option(
            "games",
            NC_("a game's option", "Games"),
            1,
            N_("games in the match; scores add up"),
            low=1,
            high=10,
        ),
        Option(
            "jokers_in_first_meld",
            NC_("a game's option", "Jokers in the first meld"),
            False,
            N_("allow jokers in a player's initial meld"),
            choices=(False, True),
        ),
    )
    options: dict[str, Any] = option_defaults(option_specs)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RummikubState:
        players = check_players(self, players)
        opts = check_options(self, options, players)
        order, first = first_deal(opts, seed, players, full_deck(), _check_deck)
        racks, pool = _deal(order, players)
        return RummikubState(
            players=players,
            seed=seed,
            games=opts["games"],
            jokers_in_first_meld=opts["jokers_in_first_meld"],
            turn_seconds=opts["turn_seconds"],
            game_no=1,
            first=first,
            racks=racks,
            pool=pool,
            table=(),
            melded=(False,) * players,
            turn=first,
            passes=0,
            scores=(0,) * players,
            log=(("game_start", 1, first),),
        )

    def to_act(self, state: RummikubState) -> list[int]:
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: RummikubState, seat: int) -> list[Action]:
        """Only `draw`: plays are too many to list (design.md), `timeout` is the clock's."""
        return [{"kind": "draw"}] if seat == state.turn else []

    def apply(self, state: RummikubState, seat: int, action: Action) -> RummikubState:
        kind = action_kind(action, KINDS)
        allowed = {"kind", "table"} if kind == "play" else {"kind"}
        extra = sorted(str(k) for k in action if k not in allowed)
        if extra:
            raise IllegalMove("no_such_field", kind=kind, extra=brief(extra))
        if state.turn is None:
            raise IllegalMove("match_over")
        check_seat(seat, state.players)
        if seat != state.turn:
            raise IllegalMove("not_your_turn", turn=state.turn, seat=seat)
        if kind == "play":
            return self._play(state, seat, action.get("table"))
        count = 1 if kind == "draw" else PENALTY  # RK-7, RK-14
        return self._draw(state, seat, count, kind)

    def _play(self, state: RummikubState, seat: int, proposed: object) -> RummikubState:
        """RK-6 to RK-13."""
        rack = state.racks[seat]
        table, placed = check_play(
            state.table, rack, proposed, state.melded[seat], state.jokers_in_first_meld
        )
        left = Counter(rack) - Counter(placed)
        racks = list(state.racks)
        racks[seat] = tuple(sorted(left.elements(), key=sort_key))
        melded = list(state.melded)
        gone, made = table_diff(state.table, table)  # RK-20: what the play did to the table
        entry = ("play", seat, placed, not melded[seat], tuple(gone), tuple(made))
        melded[seat] = True
        after = replace(
            state,
            racks=tuple(racks),
            table=table,
            melded=tuple(melded),
            passes=0,
            log=(*state.log, entry),
        )
        if not racks[seat]:
            return self._end_game(after, "out")  # RK-15
        return replace(after, turn=(seat + 1) % state.players)

    def _draw(self, state: RummikubState, seat: int, count: int, kind: str) -> RummikubState:
        """RK-7 (draw, a pass on an empty pool), RK-14 (timeout: up to 3 tiles), RK-17."""
        taken = state.pool[:count]
        racks = list(state.racks)
        racks[seat] = tuple(sorted((*racks[seat], *taken), key=sort_key))
        passes = 0 if taken else state.passes + 1
        if kind == "timeout":
            entry: tuple[Any, ...] = ("timeout", seat, taken)
        else:
            entry = ("draw", seat, taken[0]) if taken else ("pass", seat)
        after = replace(
            state,
            racks=tuple(racks),
            pool=state.pool[count:],
            passes=passes,
            turn=(seat + 1) % state.players,
            log=(*state.log, entry),
        )
        if passes >= state.players:
            return self._end_game(after, "blocked")  # RK-17
        return after

    @staticmethod
    def _end_game(state: RummikubState, how: str) -> RummikubState:
        """Score the game (RK-16/17), then start the next one of the match (RK-18) or stop."""
        scores, winners = game_scores(state.racks)
        totals = tuple(a + b for a, b in zip(state.scores, scores, strict=True))
        end = ("game_end", state.game_no, tuple(scores), tuple(winners), how, state.racks)
        log = (*state.log, end)
        if state.game_no >= state.games:
            return replace(state, scores=totals, turn=None, log=log)
        number = state.game_no + 1
        order = full_deck()
        chance(state.seed, "game", number).shuffle(order)
        first = (state.first + 1) % state.players
        racks, pool = _deal(order, state.players)
        return replace(
            state,
            game_no=number,
            first=first,
            racks=racks,
            pool=pool,
            table=(),
            melded=(False,) * state.players,
            turn=first,
            passes=0,
            scores=totals,
            log=(*log, ("game_start", number, first)),
        )

    def default_action(self, state: RummikubState, seat: int) -> Action:
        """Draw (RK-7, RK-10): always legal; the clock applies `timeout` instead (RK-14)."""
        return {"kind": "draw"}

    def timeout_action(self, state: RummikubState, seat: int) -> Action:
        """RK-14: the host's clock, never a client, applies the penalty draw."""
        return {"kind": "timeout"}

    def random_action(self, state: RummikubState, seat: int, rng: random.Random) -> Action:
        """Draw, or lay random new sets from the rack when they are a legal play."""
        sets = greedy_sets(state.racks[seat], rng)
        meld_ok = state.melded[seat] or set_points(sets) >= MELD_POINTS
        if sets and meld_ok and rng.random() < 0.7:
            return {"kind": "play", "table": [list(s) for s in (*state.table, *sets)]}
        return {"kind": "draw"}

    def twin(self, state: RummikubState, seat: int | None, rng: random.Random) -> RummikubState:
        """The same table with the pool and the other racks dealt anew from their tiles, sizes
        kept, and another seed: what `seat` cannot tell apart (RK-19, RK-21)."""
        hidden_seats = [i for i in range(state.players) if i != seat]
        hidden = [*state.pool, *(t for i in hidden_seats for t in state.racks[i])]
        rng.shuffle(hidden)
        racks = list(state.racks)
        at = len(state.pool)
        for i in hidden_seats:
            size = len(state.racks[i])
            racks[i] = tuple(sorted(hidden[at : at + size], key=sort_key))
            at += size
        return replace(
            state,
            pool=tuple(hidden[: len(state.pool)]),
            racks=tuple(racks),
            seed=rng.getrandbits(63),
        )

    def is_over(self, state: RummikubState) -> bool:
        return state.turn is None

    def round_number(self, state: RummikubState) -> int:
        """The game of the match (RK-18, option `games`)."""
        return state.game_no

    def result(self, state: RummikubState) -> dict[str, list[int]]:
        """Match totals; the highest total wins once the match is over (RK-18)."""
        return ranked(list(state.scores), state.turn is None)

    def view(self, state: RummikubState, seat: int | None) -> View:
        """RK-19 to RK-21: own rack only; racks' sizes, table, pool size and the log public.
        A game's end shows every rack in its log entry: the scores are counted from them
        (RK-16, RK-17), as players turn their racks face up to count them."""
        over = state.turn is None
        view: View = {
            **view_head(self, state, seat, state.players),
            "active": state.turn,
            "rack": None if seat is None else list(state.racks[seat]),
            "rack_sizes": [len(r) for r in state.racks],
            "table": [list(s) for s in state.table],
            "pool_left": len(state.pool),
            "melded": list(state.melded),
            "scores": list(state.scores),
            "turn_seconds": state.turn_seconds,
            "jokers_in_first_meld": state.jokers_in_first_meld,
            "game_no": state.game_no,
            "games": state.games,
            "log": [_log_entry(entry, seat) for entry in state.log],
        }
        if over:
            view["result"] = self.result(state)
        return view


def _log_entry(entry: tuple[Any, ...], seat: int | None) -> dict[str, Any]:
    """A log line as `seat` may know it: what a draw or a penalty took is its taker's alone.
    A play says which sets it took away (`gone`) and which it made (`made`), so a reader can
    tell an extension or a split from a new set (core.rummikub.changes)."""
    kind = entry[0]
    if kind == "play":
        _, player, placed, initial, gone, made = entry
        return {
            "type": kind,
            "seat": player,
            "tiles": list(placed),
            "initial": initial,
            "gone": [list(s) for s in gone],
            "made": [list(s) for s in made],
        }
    if kind == "draw":
        return {"type": kind, "seat": entry[1], **({"tile": entry[2]} if seat == entry[1] else {})}
    if kind == "timeout":
        out = {"type": kind, "seat": entry[1], "count": len(entry[2])}
        return {**out, "tiles": list(entry[2])} if seat == entry[1] else out
    if kind == "pass":
        return {"type": kind, "seat": entry[1]}
    if kind == "game_start":
        return {"type": kind, "game_no": entry[1], "first": entry[2]}
    _, number, scores, winners, how, racks = entry
    return {
        "type": kind,
        "game_no": number,
        "scores": list(scores),
        "winners": list(winners),
        "how": how,
        "racks": [list(r) for r in racks],  # counted face up at the end (RK-16, RK-17)
    }


GAME = Rummikub()
