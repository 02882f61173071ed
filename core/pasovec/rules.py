"""Pásovec rules (../shared/rules/pasovec.md, PA-1 to PA-17).

The state is a small immutable value with `__slots__`, like No Thanks!'s: benchmarks and bots
play thousands of games, so `apply` copies the fields explicitly instead of going through
`dataclasses.replace`. Chance after `new` comes from `core.api.chance(seed, ...)` labelled by
what it decides, one PRNG per round (`_round_chance`): it draws the round's first tape of dice
faces (`dice.tape`, 64 rolls) and then its shuffle; a longer round draws further tapes from
their own labels. So a match record replays exactly, and a game seeds only three PRNGs.

The decision after a roll is simultaneous (PA-8/PA-9): each seat's choice waits in `picks`
until the last seat has decided, and only then are all of them carried out and logged
together. Until then a view shows who has decided, never what (PA-15), except to the seat
itself. A choice is a number: the card to discard, or `TOKEN` (0, no card is 0); `picks`
packs them into one int, five bits a seat (`choices` reads them back): setting one seat's
bits costs less than rebuilding a tuple on every decision.

Speed: `apply` dispatches on the phase to `_roll` or `_decide`, which take a well-formed legal
action by plain type checks and look-ups and hand anything else to `_checked_move`, which
checks one thing at a time so a refusal says what is wrong (PA ids included). The seats still
to act are kept in `waiting`, so `to_act` is a copy. The log is a linked list (`core.value.Chain`)
so a move adds to it without copying it; a reveal logs the picks and the tokens held before,
from which a view tells what each decision cost, and this round's discard pile is read back
from the log rather than kept beside it.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
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
    OUTCOMES,
    TAPE_ROLLS,
    Combo,
    best_free_combo,
    combo_action,
    tape,
)
from core.value import Chain, SlotValue, chain_entries

CARDS = tuple(sorted(list(range(1, 21)) * 3))  # PA-1: three copies of 1..20
HAND = 10  # PA-5
START_TOKENS = 2  # PA-4
MAX_TOKENS = 5  # PA-3
MAX_COST = 4  # PA-8: four tokens discard any card
ROUNDS = 3  # PA-13
KINDS = ("roll", "discard", "token")
ROLL, DECIDE, OVER = "roll", "decide", "over"  # the phases
TOKEN = 0
"""The stored choice "take a token" (PA-8); any other stored choice is the card discarded."""
TOKEN_ACTION: Action = {"kind": "token"}


def cost(card: int, total: int) -> int:
    """PA-8: tokens to discard `card` on the sum `total`: min(|card - sum|, 4)."""
    return min(abs(card - total), MAX_COST)


PICK_BITS = 5
PICK_MASK = (1 << PICK_BITS) - 1
UNDECIDED = 0
"""`picks` with no seat decided."""


def pick(seat: int, choice: int) -> int:
    """The bits of `picks` that say `seat` chose `choice` (`TOKEN` or a card): choice + 1,
    so that 0 means undecided."""
    return (choice + 1) << (PICK_BITS * seat)


def unpack(picks: int, players: int) -> tuple[int | None, ...]:
    """Every seat's choice in `picks`, None for a seat yet to decide."""
    out = []
    for _ in range(players):
        bits = picks & PICK_MASK
        out.append(bits - 1 if bits else None)
        picks >>= PICK_BITS
    return tuple(out)


COSTS = tuple(tuple(cost(card, total) for card in range(21)) for total in range(37))
"""`cost` as a table, `COSTS[sum][card]`, for the engine's hot paths."""


class PasovecState(SlotValue):
    """One moment of a game. Treat as immutable: `apply` returns a new one.

    `hands`, `aside` and the undecided `picks` of other seats are what views hide; `aside`
    is the part of the shuffled deck not dealt this round (PA-5, PA-17). `tape` holds the faces
    of the round's coming rolls (`dice.tape`), as hidden as the seed it is drawn from; `rolls`
    counts the round's rolls. `waiting` is `to_act` kept ready: the roller, or the seats yet to
    decide.
    """

    _linked = ("log",)
    __slots__ = (
        "active",
        "aside",
        "dice",
        "hands",
        "log",
        "penalties",
        "phase",
        "picks",
        "players",
        "roll",
        "rolls",
        "round",
        "seed",
        "starter",
        "sum",
        "tape",
        "tokens",
        "waiting",
    )

    players: int
    seed: int
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
    picks: int
    waiting: tuple[int, ...]
    penalties: tuple[tuple[int, ...], ...]
    log: Chain

    def clone(self) -> PasovecState:
        """A field-by-field copy for `apply` to change before returning it."""
        s = PasovecState()
        s.players = self.players
        s.seed = self.seed
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
        s.picks = self.picks
        s.waiting = self.waiting
        s.penalties = self.penalties
        s.log = self.log
        return s

    @property
    def discards(self) -> tuple[int, ...]:
        """PA-9: this round's discard pile, oldest first, from the reveals in the log."""
        shed: list[int] = []
        node = self.log
        while node is not None and node[0][0] != "deal":
            entry = node[0]
            if entry[0] == "reveal":
                shed.extend(card for card in reversed(unpack(entry[2], len(entry[3]))) if card)
            node = node[1]
        return tuple(reversed(shed))

    @property
    def choices(self) -> tuple[int | None, ...]:
        """Every seat's choice on this roll (`TOKEN` or a card), None while undecided."""
        return unpack(self.picks, self.players)

    def entries(self) -> list[tuple[Any, ...]]:
        """The log, oldest entry first."""
        return chain_entries(self.log)

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


def _round_chance(seed: int, round_number: int) -> tuple[random.Random, bytes]:
    """The round's PRNG, after it drew the faces of the round's first `TAPE_ROLLS` rolls."""
    rng = chance(seed, "round", round_number)
    return rng, tape(rng)


def _tape(seed: int, round_number: int, block: int) -> bytes:
    """PA-2/PA-7: the faces of the round's rolls from `block * TAPE_ROLLS` on."""
    if block == 0:
        return _round_chance(seed, round_number)[1]
    return tape(chance(seed, "dice", round_number, block))


def _shuffled(rng: random.Random) -> tuple[int, ...]:
    """PA-5: the 60 cards in a random order, by Fisher-Yates on `rng.random()`: a third of the
    cost of `rng.shuffle`'s exact integer draws, at a bias below 2**-46 per swap."""
    order = list(CARDS)
    draw = rng.random
    for i in range(len(order) - 1, 0, -1):
        j = int(draw() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _deal(state: PasovecState, order: tuple[int, ...], faces: bytes) -> None:
    """PA-5: ten cards each from `order`, the rest set aside unseen; a fresh discard pile; the
    round's first tape of dice faces."""
    n = state.players
    state.hands = tuple(tuple(sorted(order[i * HAND : (i + 1) * HAND])) for i in range(n))
    state.aside = order[n * HAND :]
    state.phase = ROLL
    state.active = state.starter
    state.waiting = (state.starter,)
    state.dice = state.roll = state.sum = None
    state.picks = UNDECIDED
    state.rolls = 0
    state.tape = faces
    state.log = (("deal", state.round, state.starter), state.log)


def _parse_dice(dice: object) -> Combo:
    """The combination a roll action names, or IllegalMove saying what is wrong (PA-7)."""
    if not isinstance(dice, dict):
        raise IllegalMove("dice_not_a_map")
    unknown = [key for key in dice if key not in COLOURS]
    if unknown:
        raise IllegalMove("no_such_dice", colour=brief(unknown[0]))
    counts = []
    for colour in COLOURS:
        count = dice.get(colour, 0)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_EACH:
            raise IllegalMove("dice_count", colour=colour, count=brief(count))
        counts.append(count)
    if not any(counts):
        raise IllegalMove("no_dice")  # PA-7
    return (counts[0], counts[1], counts[2])


FIELDS = {"roll": ("dice",), "discard": ("card",), "token": ()}
_KEYS = {kind: frozenset(("kind", *fields)) for kind, fields in FIELDS.items()}
_COMBO_COUNT = len(COMBOS)
_DICE_MAPS = tuple(combo_action(c)["dice"] for c in COMBOS)
"""The dice map of each combination, in the order of `COMBOS`, for `random_action` to copy."""
_SEATS = {players: tuple(range(players)) for players in range(7)}


def _only_fields(action: Action, kind: str) -> None:
    """IllegalMove unless the action has exactly the fields its kind takes."""
    if action.keys() != _KEYS[kind]:
        extra = brief(sorted(str(k) for k in action if k != "kind"))
        if not FIELDS[kind]:
            raise IllegalMove("no_other_fields", kind=kind, extra=extra)
        wanted = ", ".join(repr(f) for f in FIELDS[kind])
        raise IllegalMove("fields_wanted", kind=kind, fields=wanted, extra=extra)


Move = Combo | int
"""What an accepted action does: the combination rolled, or the stored choice (`TOKEN` or a
card) of a seat deciding."""


def _checked_move(state: PasovecState, seat: object, action: object) -> Move:
    """The move of an action the short paths of `apply` did not accept, or IllegalMove saying
    what is wrong, one check at a time."""
    kind = action_kind(action, KINDS)
    assert isinstance(action, dict)
    if state.phase == OVER:
        raise IllegalMove("game_over")
    seat = check_seat(seat, state.players)
    _only_fields(action, kind)
    if kind == "roll":
        combo = _parse_dice(action["dice"])
        if state.phase != ROLL:
            raise IllegalMove("dice_rolled")
        if seat != state.active:
            raise IllegalMove("not_your_roll", active=state.active, seat=seat)
        return combo
    if state.phase != DECIDE:
        raise IllegalMove("roll_first", active=state.active)
    if seat not in state.waiting:
        raise IllegalMove("decided_already")  # PA-8
    return TOKEN if kind == "token" else _check_discard(state, seat, action["card"])


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
        rng, faces = _round_chance(seed, 1)
        deck = opts.get("deck")
        order = _validate_deck(deck) if deck is not None else _shuffled(rng)
        first = opts.get("first")
        if first is None:
            first = rng.randrange(players)  # PA-6
        s = PasovecState()
        s.players = players
        s.seed = seed
        s.starter = first
        s.round = 1
        s.tokens = (START_TOKENS,) * players  # PA-4
        s.penalties = ()
        s.log = None
        _deal(s, order, faces)
        return s

    def to_act(self, state: PasovecState) -> list[int]:
        return list(state.waiting)

    def legal_actions(self, state: PasovecState, seat: int) -> list[Action]:
        if state.phase == ROLL:
            return [combo_action(c) for c in COMBOS] if seat == state.active else []
        if state.phase != DECIDE or seat not in state.waiting:
            return []
        return [TOKEN_ACTION.copy()] + [
            {"kind": "discard", "card": card} for card in affordable(state, seat)
        ]

    def apply(self, state: PasovecState, seat: int, action: Action) -> PasovecState:
        if isinstance(action, dict):
            phase = state.phase
            if phase == DECIDE:
                return _decide(state, seat, action)
            if phase == ROLL:
                return _roll(state, seat, action)
        _checked_move(state, seat, action)  # refuses whatever reaches it here
        raise AssertionError("unreachable: a move is either a roll or a decision")

    def default_action(self, state: PasovecState, seat: int) -> Action:
        """Take a token when deciding (always legal, PA-8); when rolling, the dice most likely
        to hit a card of the roller's hand for free."""
        if state.phase == ROLL:
            return combo_action(best_free_combo(state.hands[seat]))
        return TOKEN_ACTION.copy()

    def timeout_action(self, state: PasovecState, seat: int) -> Action:
        return self.default_action(state, seat)  # the rules have no penalty for slowness

    def random_action(self, state: PasovecState, seat: int, rng: random.Random) -> Action:
        """Any combination when rolling; when deciding, a token or any card within reach, each
        copy of a card as likely as the token (`rng.random()`: the cheapest draw)."""
        if state.phase == ROLL:
            return {"kind": "roll", "dice": _DICE_MAPS[int(rng.random() * _COMBO_COUNT)].copy()}
        hand = state.hands[seat]
        purse = state.tokens[seat]
        if purse < MAX_COST:  # the bounds of `_reach`, inline on this hot path
            total = state.sum
            low = bisect_left(hand, total - purse)  # type: ignore[operator]
            high = bisect_right(hand, total + purse)  # type: ignore[operator]
        else:
            low, high = 0, len(hand)
        at = low + int(rng.random() * (high - low + 1))
        return {"kind": "discard", "card": hand[at]} if at < high else {"kind": "token"}

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
        s.tape = _tape(s.seed, s.round, s.rolls // TAPE_ROLLS)
        if state.phase == DECIDE:
            picks = s.picks
            for i in hidden_seats:
                if picks >> (PICK_BITS * i) & PICK_MASK:
                    picks &= ~(PICK_MASK << (PICK_BITS * i))
                    picks |= pick(i, rng.choice([TOKEN, *affordable(s, i)]))
            s.picks = picks
        return s

    def is_over(self, state: PasovecState) -> bool:
        return state.phase == OVER

    def round_number(self, state: PasovecState) -> int:
        return state.round

    def result(self, state: PasovecState) -> dict[str, list[int]]:
        """Penalty totals of the finished rounds; winners once the third round is over."""
        scores = totals(state)
        return {
            "scores": scores,
            "winners": winners(scores, state.tokens)[0] if state.phase == OVER else [],
        }

    def view(self, state: PasovecState, seat: int | None) -> View:
        """PA-15/16/17: own hand and own undecided choice; everything else listed is public."""
        over = state.phase == OVER
        own = seat is not None and 0 <= seat < state.players
        choice = state.choices[seat] if own else None  # type: ignore[index]
        view: View = {
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "to_act": list(state.waiting),
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
            "log": [_log_entry(entry) for entry in state.entries()],
        }
        if over:
            view["result"] = self.result(state)
        return view


def _roll(state: PasovecState, seat: int, action: Action) -> PasovecState:
    """PA-7: the active seat rolls the chosen dice; everyone then decides (PA-8).

    A dice map naming all three colours by `int` counts, as `combo_action` writes it, is
    taken by plain checks; any other form goes through `_checked_move`."""
    dice = action.get("dice")
    combo: Any = None
    rolled = None
    if (
        type(dice) is dict
        and len(dice) == 3
        and type(seat) is int
        and seat == state.active
        and len(action) == 2
        and action.get("kind") == "roll"
    ):
        combo = (dice.get("blue"), dice.get("yellow"), dice.get("red"))
        if type(combo[0]) is type(combo[1]) is type(combo[2]) is int:
            rolled = OUTCOMES.get(combo)  # None unless one of `COMBOS`
    if rolled is None:
        combo = _checked_move(state, seat, action)
        rolled = OUTCOMES[combo]
    count, outcomes = rolled
    rolls = state.rolls
    start = rolls % TAPE_ROLLS * 6
    faces, total = outcomes[state.tape[start : start + count]]  # see `dice.OUTCOMES`
    s = state.clone()
    s.phase = DECIDE
    s.rolls = rolls = rolls + 1
    if rolls % TAPE_ROLLS == 0:
        s.tape = _tape(state.seed, state.round, rolls // TAPE_ROLLS)
    s.dice = combo
    s.roll = faces
    s.sum = total
    s.waiting = _SEATS[state.players]
    s.log = (("roll", state.active, combo, faces, total), state.log)
    return s


def _decide(state: PasovecState, seat: int, action: Action) -> PasovecState:
    """PA-8: `seat` decides, secretly; the last decision reveals them all (PA-9).

    A well-formed legal decision is taken by plain checks; anything else goes through
    `_checked_move`, which says what is wrong."""
    waiting = state.waiting
    choice = None
    if type(seat) is int and seat in waiting:
        if len(action) == 1:
            if action.get("kind") == "token":
                choice = TOKEN
        else:
            card = action.get("card")
            if (
                type(card) is int
                and card in state.hands[seat]
                and COSTS[state.sum][card] <= state.tokens[seat]  # type: ignore[index]
                and len(action) == 2
                and action.get("kind") == "discard"
            ):
                choice = card
    if choice is None:
        choice = _checked_move(state, seat, action)  # type: ignore[assignment]
    picks = state.picks | (choice + 1) << (PICK_BITS * seat)  # `pick`, inline
    if len(waiting) == 1:
        return _reveal(state, picks)
    s = state.clone()
    s.picks = picks
    if waiting[0] == seat:  # the usual order: seats decide as `to_act` lists them
        s.waiting = waiting[1:]
    else:
        at = waiting.index(seat)
        s.waiting = waiting[:at] + waiting[at + 1 :]
    return s


def _reveal(state: PasovecState, picks: int) -> PasovecState:
    """PA-9: every decision carried out together; then PA-10 or PA-11. The log keeps the
    picks and the tokens held before, from which `_log_entry` tells what each cost."""
    prices = COSTS[state.sum]  # type: ignore[index]
    purses = state.tokens
    hands = list(state.hands)
    tokens = list(purses)
    rest = picks
    for seat in range(state.players):
        card = (rest & PICK_MASK) - 1
        rest >>= PICK_BITS
        if card:
            tokens[seat] -= prices[card]
            hand = hands[seat]
            at = hand.index(card)
            hands[seat] = hand[:at] + hand[at + 1 :]
        elif tokens[seat] < MAX_TOKENS:  # PA-3 cap
            tokens[seat] += 1
    s = state.clone()
    s.hands = tuple(hands)
    s.tokens = tuple(tokens)
    s.picks = UNDECIDED
    s.log = (("reveal", state.sum, picks, purses), state.log)
    if all(hands):
        s.phase = ROLL
        s.active = active = (state.active + 1) % state.players  # PA-10
        s.waiting = (active,)
        s.dice = s.roll = s.sum = None
        return s
    return _end_round(s)


def _reach(state: PasovecState, seat: int) -> tuple[int, ...]:
    """The cards of `seat`'s hand (sorted, copies kept) it can discard on the current sum with
    the tokens it holds (PA-8): a slice of the hand, found by bisection."""
    total = state.sum
    assert total is not None
    purse = state.tokens[seat]
    hand = state.hands[seat]
    if purse >= MAX_COST:
        return hand
    return hand[bisect_left(hand, total - purse) : bisect_right(hand, total + purse)]


def affordable(state: PasovecState, seat: int) -> list[int]:
    """The distinct cards `seat` can discard on the current sum with the tokens it holds (PA-8)."""
    return list(dict.fromkeys(_reach(state, seat)))


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


def _check_discard(state: PasovecState, seat: int, card: object) -> int:
    """The card if `seat` may discard it on this sum (PA-8), else IllegalMove saying why."""
    if isinstance(card, bool) or not isinstance(card, int):
        raise IllegalMove("discard_not_a_number", card=brief(card))
    if card not in state.hands[seat]:
        raise IllegalMove("no_such_card", card=brief(card))
    assert state.sum is not None
    price = cost(card, state.sum)
    held = state.tokens[seat]
    if price > held:
        raise IllegalMove(  # PA-8
            "discard_too_dear", card=card, sum=state.sum, price=price, held=held
        )
    return card


def _end_round(s: PasovecState) -> PasovecState:
    """PA-11/12: penalties for the cards left; the next round (PA-5/6) or the end (PA-13/14).
    `s` is a fresh copy owned by the caller."""
    penalties = tuple(len(hand) for hand in s.hands)
    s.penalties = (*s.penalties, penalties)
    s.log = (("round_end", s.round, penalties), s.log)
    s.dice = s.roll = s.sum = None
    if s.round == ROUNDS:
        s.phase = OVER
        s.waiting = ()
        scores = totals(s)
        best, tie_break = winners(scores, s.tokens)
        s.log = (("game_end", tuple(best), tie_break), s.log)
        return s
    s.round += 1
    s.starter = (s.starter + 1) % s.players  # PA-6 [interpretation]
    rng, faces = _round_chance(s.seed, s.round)
    _deal(s, _shuffled(rng), faces)
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
        _, total, picks, purses = entry
        choices = unpack(picks, len(purses))
        return {
            "type": kind,
            "sum": total,
            "decisions": [
                {"seat": seat, "kind": "token", "gained": int(purse < MAX_TOKENS)}
                if card == TOKEN
                else {"seat": seat, "kind": "discard", "card": card, "cost": cost(card, total)}
                for seat, (card, purse) in enumerate(zip(choices, purses, strict=True))
            ],
        }
    if kind == "round_end":
        return {"type": kind, "round": entry[1], "penalties": list(entry[2])}
    return {"type": kind, "winners": list(entry[1]), "tie_break": entry[2]}


GAME = Pasovec()
