"""Pásovec rules (../shared/rules/pasovec.md, PA-1 to PA-17).

The state is a small immutable value with `__slots__`, like No Thanks!'s: benchmarks and bots
play thousands of games, so `apply` copies the fields explicitly instead of going through
`dataclasses.replace`. Chance after `new` comes from `core.api.chance(seed, ...)` labelled by
what it decides — each round's shuffle, and the faces of every 64 rolls drawn as one tape
(`dice.tape`) — so a match record replays exactly.

The decision after a roll is simultaneous (PA-8/PA-9): each seat's choice waits in `choices`
until the last seat has decided, and only then are all of them carried out and logged
together. Until then a view shows who has decided, never what (PA-15), except to the seat
itself. A choice is stored as a number: the card to discard, or `TOKEN` (0, no card is 0).
"""

from __future__ import annotations

import random
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
    option_defaults,
)
from core.pasovec.dice import (
    COLOURS,
    COMBOS,
    MAX_EACH,
    TAPE_ROLLS,
    Combo,
    best_free_combo,
    combo_action,
    roll,
    tape,
)
from core.value import SlotValue

CARDS = tuple(sorted(list(range(1, 21)) * 3))  # PA-1: three copies of 1..20
HAND = 10  # PA-5
START_TOKENS = 2  # PA-4
MAX_TOKENS = 5  # PA-3
MAX_COST = 4  # PA-8: four tokens discard any card
ROUNDS = 3  # PA-13
KINDS = ("roll", "discard", "token")
TOKEN = 0
"""The stored choice "take a token" (PA-8); any other stored choice is the card discarded."""
TOKEN_ACTION: Action = {"kind": "token"}


def cost(card: int, total: int) -> int:
    """PA-8: tokens to discard `card` on the sum `total`: min(|card - sum|, 4)."""
    return min(abs(card - total), MAX_COST)


class PasovecState(SlotValue):
    """One moment of a game. Treat as immutable: `apply` returns a new one.

    `hands`, `aside` and the undecided `choices` of other seats are what views hide; `aside`
    is the part of the shuffled deck not dealt this round (PA-5, PA-17). `tape` holds the faces
    of the coming rolls (`dice.tape`), as hidden as the seed it is drawn from.
    """

    __slots__ = (
        "active",
        "aside",
        "choices",
        "dice",
        "discards",
        "first",
        "hands",
        "log",
        "penalties",
        "phase",
        "players",
        "roll",
        "rolls",
        "round",
        "seed",
        "starter",
        "sum",
        "tape",
        "tokens",
    )

    players: int
    seed: int
    first: int
    round: int
    starter: int
    active: int
    phase: str
    rolls: int
    hands: tuple[tuple[int, ...], ...]
    aside: tuple[int, ...]
    tokens: tuple[int, ...]
    dice: Combo | None
    roll: tuple[tuple[str, int], ...] | None
    sum: int | None
    tape: bytes
    choices: tuple[int | None, ...]
    discards: tuple[int, ...]
    penalties: tuple[tuple[int, ...], ...]
    log: tuple[tuple[Any, ...], ...]

    def clone(self) -> PasovecState:
        """A field-by-field copy for `apply` to change before returning it."""
        s = PasovecState()
        s.players = self.players
        s.seed = self.seed
        s.first = self.first
        s.round = self.round
        s.starter = self.starter
        s.active = self.active
        s.phase = self.phase
        s.rolls = self.rolls
        s.hands = self.hands
        s.aside = self.aside
        s.tokens = self.tokens
        s.dice = self.dice
        s.roll = self.roll
        s.sum = self.sum
        s.tape = self.tape
        s.choices = self.choices
        s.discards = self.discards
        s.penalties = self.penalties
        s.log = self.log
        return s

    def __repr__(self) -> str:
        return (
            f"PasovecState(round={self.round}, phase={self.phase!r}, active={self.active}, "
            f"sum={self.sum}, tokens={self.tokens}, hands={self.hands}, choices={self.choices})"
        )


def _validate_deck(deck: object) -> tuple[int, ...]:
    if (
        not isinstance(deck, list | tuple)
        or len(deck) != len(CARDS)
        or any(isinstance(c, bool) or not isinstance(c, int) for c in deck)
        or tuple(sorted(deck)) != CARDS
    ):
        raise ValueError("option 'deck' must be the 60 cards: 1..20, three of each")
    return tuple(deck)


def _deal(state: PasovecState, order: tuple[int, ...]) -> None:
    """PA-5: ten cards each from `order`, the rest set aside unseen; a fresh discard pile."""
    n = state.players
    state.hands = tuple(tuple(sorted(order[i * HAND : (i + 1) * HAND])) for i in range(n))
    state.aside = order[n * HAND :]
    state.discards = ()
    state.phase = "roll"
    state.active = state.starter
    state.dice = state.roll = state.sum = None
    state.choices = (None,) * n
    state.log = (*state.log, ("deal", state.round, state.starter))


def _shuffled(seed: int, round_number: int) -> tuple[int, ...]:
    order = list(CARDS)
    chance(seed, "deal", round_number).shuffle(order)
    return tuple(order)


def _parse_dice(dice: object) -> Combo:
    """The combination a roll action names, or IllegalMove saying what is wrong (PA-7)."""
    if not isinstance(dice, dict):
        raise IllegalMove("a roll names its dice as a map like {'blue': 1, 'red': 1}")
    unknown = [key for key in dice if key not in COLOURS]
    if unknown:
        raise IllegalMove(
            f"there are no {brief(unknown[0])} dice; the colours are blue, yellow, red"
        )
    counts = []
    for colour in COLOURS:
        count = dice.get(colour, 0)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_EACH:
            raise IllegalMove(f"roll 0, 1 or 2 {colour} dice, not {brief(count)}")
        counts.append(count)
    if not any(counts):
        raise IllegalMove("roll at least one die (PA-7)")
    return (counts[0], counts[1], counts[2])


FIELDS = {"roll": ("dice",), "discard": ("card",), "token": ()}
_KEYS = {kind: frozenset(("kind", *fields)) for kind, fields in FIELDS.items()}


def _only_fields(action: Action, kind: str) -> None:
    """IllegalMove unless the action has exactly the fields its kind takes."""
    if action.keys() != _KEYS[kind]:
        extra = brief(sorted(str(k) for k in action if k != "kind"))
        wanted = ", ".join(repr(f) for f in FIELDS[kind]) or "no other fields"
        raise IllegalMove(f"a {kind} action takes {wanted} (got {extra})")


class Pasovec:
    """The Pásovec game object registered as `core.GAMES["pasovec"]`."""

    id = "pasovec"
    title = "Pásovec"
    min_players = 2
    max_players = 6
    option_specs: tuple[Option, ...] = ()
    options: dict[str, Any] = option_defaults(option_specs)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> PasovecState:
        players = check_players(self, players)
        opts = check_options(self, options, players)
        first = opts.get("first")
        if first is None:
            first = chance(seed, "first").randrange(players)  # PA-6
        s = PasovecState()
        s.players = players
        s.seed = seed
        s.first = s.starter = first
        s.round = 1
        s.rolls = 0
        s.tape = _tape(seed, 0)
        s.tokens = (START_TOKENS,) * players  # PA-4
        s.penalties = ()
        s.log = ()
        deck = opts.get("deck")
        _deal(s, _validate_deck(deck) if deck is not None else _shuffled(seed, 1))
        return s

    def to_act(self, state: PasovecState) -> list[int]:
        if state.phase == "decide":
            return [i for i, choice in enumerate(state.choices) if choice is None]
        return [] if state.phase == "over" else [state.active]

    def legal_actions(self, state: PasovecState, seat: int) -> list[Action]:
        if state.phase == "roll":
            return [combo_action(c) for c in COMBOS] if seat == state.active else []
        if state.phase != "decide" or state.choices[seat] is not None:
            return []
        return [TOKEN_ACTION.copy()] + [
            {"kind": "discard", "card": card} for card in affordable(state, seat)
        ]

    def apply(self, state: PasovecState, seat: int, action: Action) -> PasovecState:
        kind = action_kind(action, KINDS)
        if state.phase == "over":
            raise IllegalMove("the game is over")
        check_seat(seat, state.players)
        _only_fields(action, kind)
        if kind == "roll":
            return self._roll(state, seat, _parse_dice(action["dice"]))
        if state.phase != "decide":
            raise IllegalMove(f"seat {state.active} rolls first; decide once the sum is known")
        if state.choices[seat] is not None:
            raise IllegalMove("you have already decided on this roll (PA-8)")
        choice = TOKEN if kind == "token" else _check_discard(state, seat, action["card"])
        choices = list(state.choices)
        choices[seat] = choice
        if None in choices:
            s = state.clone()
            s.choices = tuple(choices)
            return s
        return self._reveal(state, choices)  # type: ignore[arg-type]

    @staticmethod
    def _roll(state: PasovecState, seat: int, combo: Combo) -> PasovecState:
        """PA-7: the active seat rolls the chosen dice; everyone then decides (PA-8)."""
        if state.phase != "roll":
            raise IllegalMove("the dice are rolled; decide on this sum first")
        if seat != state.active:
            raise IllegalMove(f"it is seat {state.active}'s roll, not seat {seat}'s")
        start = state.rolls % TAPE_ROLLS * 6
        dice = roll(combo, state.tape[start : start + 6])
        s = state.clone()
        s.phase = "decide"
        s.rolls = state.rolls + 1
        if s.rolls % TAPE_ROLLS == 0:
            s.tape = _tape(state.seed, s.rolls // TAPE_ROLLS)
        s.dice = combo
        s.roll = dice
        s.sum = sum(value for _, value in dice)
        s.log = (*state.log, ("roll", seat, combo, dice, s.sum))
        return s

    @staticmethod
    def _reveal(state: PasovecState, choices: list[int]) -> PasovecState:
        """PA-9: every decision carried out together; then PA-10 or PA-11."""
        total = state.sum
        assert total is not None
        hands = list(state.hands)
        tokens = list(state.tokens)
        discards = list(state.discards)
        decisions = []
        for seat, card in enumerate(choices):
            if card == TOKEN:
                gained = 1 if tokens[seat] < MAX_TOKENS else 0  # PA-3 cap
                tokens[seat] += gained
                decisions.append((seat, TOKEN, gained))
            else:
                price = cost(card, total)
                tokens[seat] -= price
                hand = list(hands[seat])
                hand.remove(card)
                hands[seat] = tuple(hand)
                discards.append(card)
                decisions.append((seat, card, price))
        s = state.clone()
        s.hands = tuple(hands)
        s.tokens = tuple(tokens)
        s.discards = tuple(discards)
        s.choices = (None,) * state.players
        s.log = (*state.log, ("reveal", total, tuple(decisions)))
        if all(hands):
            s.phase = "roll"
            s.active = (state.active + 1) % state.players  # PA-10
            s.dice = s.roll = s.sum = None
            return s
        return _end_round(s)

    def default_action(self, state: PasovecState, seat: int) -> Action:
        """Take a token when deciding (always legal, PA-8); when rolling, the dice most likely
        to hit a card of the roller's hand for free."""
        if state.phase == "roll":
            return combo_action(best_free_combo(state.hands[seat]))
        return TOKEN_ACTION.copy()

    def timeout_action(self, state: PasovecState, seat: int) -> Action:
        return self.default_action(state, seat)  # the rules have no penalty for slowness

    def random_action(self, state: PasovecState, seat: int, rng: random.Random) -> Action:
        if state.phase == "roll":
            return combo_action(rng.choice(COMBOS))
        options = affordable(state, seat)
        pick = rng.randrange(len(options) + 1)
        return {"kind": "discard", "card": options[pick - 1]} if pick else TOKEN_ACTION.copy()

    def twin(self, state: PasovecState, seat: int | None, rng: random.Random) -> PasovecState:
        """The same table with the cards `seat` cannot see (others' hands and the set-aside
        cards, PA-15/17) dealt again keeping every count, others' undecided choices redrawn
        among their legal ones, and another seed."""
        hidden_seats = [i for i in range(state.players) if i != seat]
        unseen = [c for i in hidden_seats for c in state.hands[i]] + list(state.aside)
        rng.shuffle(unseen)
        hands = list(state.hands)
        for i in hidden_seats:
            size = len(hands[i])
            hands[i] = tuple(sorted(unseen[:size]))
            del unseen[:size]
        s = state.clone()
        s.hands = tuple(hands)
        s.aside = tuple(unseen)
        s.seed = rng.getrandbits(64)
        s.tape = _tape(s.seed, s.rolls // TAPE_ROLLS)
        if state.phase == "decide":
            choices = list(state.choices)
            for i in hidden_seats:
                if choices[i] is not None:
                    choices[i] = rng.choice([TOKEN, *affordable(s, i)])
            s.choices = tuple(choices)
        return s

    def is_over(self, state: PasovecState) -> bool:
        return state.phase == "over"

    def result(self, state: PasovecState) -> dict[str, list[int]]:
        """Penalty totals of the finished rounds; winners once the third round is over."""
        scores = totals(state)
        return {
            "scores": scores,
            "winners": winners(scores, state.tokens)[0] if state.phase == "over" else [],
        }

    def view(self, state: PasovecState, seat: int | None) -> View:
        """PA-15/16/17: own hand and own undecided choice; everything else listed is public."""
        over = state.phase == "over"
        own = seat is not None and 0 <= seat < state.players
        choice = state.choices[seat] if own else None  # type: ignore[index]
        view: View = {
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "to_act": self.to_act(state),
            "over": over,
            "phase": state.phase,
            "round": state.round,
            "rounds": ROUNDS,
            "starter": state.starter,
            "active": state.active,
            "hand": list(state.hands[seat]) if own else None,  # type: ignore[index]
            "hand_sizes": [len(h) for h in state.hands],
            "tokens": list(state.tokens),
            "dice": None if state.dice is None else combo_action(state.dice)["dice"],
            "roll": None if state.roll is None else [list(die) for die in state.roll],
            "sum": state.sum,
            "decided": [i for i, c in enumerate(state.choices) if c is not None],
            "decision": None if choice is None else _choice_action(choice),
            "discards": list(state.discards),
            "penalties": totals(state),
            "round_penalties": [list(p) for p in state.penalties],
            "log": [_log_entry(entry) for entry in state.log],
        }
        if over:
            view["result"] = self.result(state)
        return view


def affordable(state: PasovecState, seat: int) -> list[int]:
    """The distinct cards `seat` can discard on the current sum with the tokens it holds (PA-8)."""
    total = state.sum
    assert total is not None
    purse = state.tokens[seat]
    low, high = (total - purse, total + purse) if purse < MAX_COST else (0, 99)
    out: list[int] = []
    for card in state.hands[seat]:
        if low <= card <= high and (not out or out[-1] != card):
            out.append(card)
    return out


def totals(state: PasovecState) -> list[int]:
    """PA-12: every seat's penalty points over the finished rounds."""
    return [sum(p[seat] for p in state.penalties) for seat in range(state.players)]


def winners(scores: list[int], tokens: tuple[int, ...] | list[int]) -> tuple[list[int], str | None]:
    """PA-14: fewest penalties, then most tokens, then a shared win; with the tie-break used
    (None, "tokens" or "shared") so the final table can explain it."""
    best = min(scores)
    tied = [i for i, v in enumerate(scores) if v == best]
    if len(tied) == 1:
        return tied, None
    most = max(tokens[i] for i in tied)
    left = [i for i in tied if tokens[i] == most]
    return left, "tokens" if len(left) == 1 else "shared"


def _tape(seed: int, block: int) -> bytes:
    """PA-2/PA-7: the faces of rolls `block * TAPE_ROLLS` onwards, from the match seed."""
    return tape(chance(seed, "dice", block))


def _check_discard(state: PasovecState, seat: int, card: object) -> int:
    """The card if `seat` may discard it on this sum (PA-8), else IllegalMove saying why."""
    if isinstance(card, bool) or not isinstance(card, int):
        raise IllegalMove(f"a discard names a card by its number, not {brief(card)}")
    if card not in state.hands[seat]:
        raise IllegalMove(f"you have no {brief(card)} in your hand")
    assert state.sum is not None
    price = cost(card, state.sum)
    held = state.tokens[seat]
    if price > held:
        raise IllegalMove(
            f"discarding {card} on a sum of {state.sum} costs {price} tokens "
            f"and you hold {held} (PA-8)"
        )
    return card


def _end_round(s: PasovecState) -> PasovecState:
    """PA-11/12: penalties for the cards left; the next round (PA-5/6) or the end (PA-13/14).
    `s` is a fresh copy owned by the caller."""
    penalties = tuple(len(hand) for hand in s.hands)
    s.penalties = (*s.penalties, penalties)
    s.log = (*s.log, ("round_end", s.round, penalties))
    s.dice = s.roll = s.sum = None
    if s.round == ROUNDS:
        s.phase = "over"
        scores = totals(s)
        best, tie_break = winners(scores, s.tokens)
        s.log = (*s.log, ("game_end", tuple(best), tie_break))
        return s
    s.round += 1
    s.starter = (s.starter + 1) % s.players  # PA-6 [interpretation]
    _deal(s, _shuffled(s.seed, s.round))
    return s


def _choice_action(choice: int) -> Action:
    return TOKEN_ACTION.copy() if choice == TOKEN else {"kind": "discard", "card": choice}


def _log_entry(entry: tuple[Any, ...]) -> dict[str, Any]:
    """A log line as a map; every field is public (PA-16) once logged."""
    kind = entry[0]
    if kind == "deal":
        return {"type": kind, "round": entry[1], "starter": entry[2]}
    if kind == "roll":
        return {
            "type": kind,
            "seat": entry[1],
            "dice": combo_action(entry[2])["dice"],
            "roll": [list(die) for die in entry[3]],
            "sum": entry[4],
        }
    if kind == "reveal":
        return {
            "type": kind,
            "sum": entry[1],
            "decisions": [
                {"seat": seat, "kind": "token", "gained": amount}
                if card == TOKEN
                else {"seat": seat, "kind": "discard", "card": card, "cost": amount}
                for seat, card, amount in entry[2]
            ],
        }
    if kind == "round_end":
        return {"type": kind, "round": entry[1], "penalties": list(entry[2])}
    return {"type": kind, "winners": list(entry[1]), "tie_break": entry[2]}


GAME = Pasovec()
