"""No Thanks! rules (../shared/rules/nothanks.md, NT-1 to NT-15).

The state is a small immutable value with `__slots__`: the arena and the hard bot play many
thousands of games, so `apply` builds the next state field by field rather than through
`dataclasses.replace`. All chance happens in `new` (one shuffle, NT-4, and the first player,
NT-5), so the state keeps no PRNG afterwards, only the seed for the match record.
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
    check_options,
    check_players,
    check_seat,
    first_deal,
    option_defaults,
    ranked,
    view_head,
)

CARDS = tuple(range(3, 36))  # NT-1
DECK_SIZE = 24  # NT-4: 33 cards, 9 removed
TOTAL_TOKENS = 55  # NT-2
KINDS = ("take", "pass")


def start_tokens(players: int) -> int:
    """NT-3: 11 each with 3-5 players, 9 with 6, 7 with 7."""
    return {6: 9, 7: 7}.get(players, 11)


def runs(cards: list[int] | tuple[int, ...]) -> list[list[int]]:
    """NT-11: the cards split into runs of consecutive numbers, lowest first."""
    out: list[list[int]] = []
    for card in sorted(cards):
        if out and out[-1][-1] == card - 1:
            out[-1].append(card)
        else:
            out.append([card])
    return out


def card_points(cards: list[int] | tuple[int, ...]) -> int:
    """NT-11: only the lowest card of each run counts."""
    previous = None
    total = 0
    for card in sorted(cards):
        if card - 1 != previous:
            total += card
        previous = card
    return total


class NoThanksState:
    """One moment of a game. Treat as immutable: `apply` returns a new one."""

    __slots__ = (
        "card",
        "cards",
        "deck",
        "first",
        "log",
        "players",
        "pot",
        "removed",
        "seed",
        "tokens",
        "turn",
    )

    players: int
    seed: int
    first: int
    removed: tuple[int, ...]
    deck: tuple[int, ...]
    card: int | None
    pot: int
    cards: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    turn: int
    log: tuple[tuple[Any, ...], ...]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NoThanksState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self.__slots__))

    def __repr__(self) -> str:
        return (
            f"NoThanksState(turn={self.turn}, card={self.card}, pot={self.pot}, "
            f"deck_left={len(self.deck)}, tokens={self.tokens}, cards={self.cards})"
        )

    @property
    def over(self) -> bool:
        return self.card is None


def _validate_deck(deck: object) -> tuple[int, ...]:
    if (
        not isinstance(deck, list | tuple)
        or len(deck) != len(CARDS)
        or any(isinstance(c, bool) or not isinstance(c, int) for c in deck)
        or sorted(deck) != list(CARDS)
    ):
        raise ValueError("option 'deck' must be the 33 cards 3..35, each exactly once")
    return tuple(deck)


class NoThanks:
    """The No Thanks! game object registered as `core.GAMES["nothanks"]`."""

    id = "nothanks"
    title = "No Thanks!"
    min_players = 3
    max_players = 7
    option_specs: tuple[Option, ...] = ()
    options: dict[str, Any] = option_defaults(option_specs)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> NoThanksState:
        players = check_players(self, players)
        opts = check_options(self, options, players)
        order, first = first_deal(opts, seed, players, CARDS, _validate_deck)
        s = NoThanksState()
        s.players = players
        s.seed = seed
        s.first = first
        s.deck = tuple(order[1:DECK_SIZE])
        s.removed = tuple(order[DECK_SIZE:])  # NT-4: never revealed, not even at the end
        s.card = order[0]  # NT-5: the starting player turns up the top card
        s.pot = 0
        s.cards = ((),) * players
        s.tokens = (start_tokens(players),) * players
        s.turn = first
        s.log = (("turn_up", first, order[0]),)
        return s

    def to_act(self, state: NoThanksState) -> list[int]:
        return [] if state.card is None else [state.turn]

    def legal_actions(self, state: NoThanksState, seat: int) -> list[Action]:
        if state.card is None or seat != state.turn:
            return []
        if state.tokens[seat] == 0:  # NT-8
            return [{"kind": "take"}]
        return [{"kind": "take"}, {"kind": "pass"}]

    def apply(self, state: NoThanksState, seat: int, action: Action) -> NoThanksState:
        kind = action_kind(action, KINDS)
        if len(action) != 1:
            extra = brief(sorted(str(k) for k in action if k != "kind"))
            raise IllegalMove("no_other_fields", kind=kind, extra=extra)
        if state.card is None:
            raise IllegalMove("game_over")
        check_seat(seat, state.players)
        if seat != state.turn:
            raise IllegalMove("not_your_turn", turn=state.turn, seat=seat)
        if kind == "pass":
            return self._pass(state, seat)
        return self._take(state, seat)

    @staticmethod
    def _pass(state: NoThanksState, seat: int) -> NoThanksState:
        if state.tokens[seat] == 0:
            raise IllegalMove("pass_needs_tokens")  # NT-8
        s = NoThanksState()
        s.players = state.players
        s.seed = state.seed
        s.first = state.first
        s.removed = state.removed
        s.deck = state.deck
        s.card = state.card
        s.cards = state.cards
        tokens = list(state.tokens)
        tokens[seat] -= 1  # NT-7
        s.tokens = tuple(tokens)
        s.pot = state.pot + 1
        s.turn = (seat + 1) % state.players
        s.log = (*state.log, ("pass", seat, state.card, s.pot))
        return s

    @staticmethod
    def _take(state: NoThanksState, seat: int) -> NoThanksState:
        card = state.card
        assert card is not None
        s = NoThanksState()
        s.players = state.players
        s.seed = state.seed
        s.first = state.first
        s.removed = state.removed
        cards = list(state.cards)
        cards[seat] = tuple(sorted((*cards[seat], card)))
        s.cards = tuple(cards)
        tokens = list(state.tokens)
        tokens[seat] += state.pot  # NT-6
        s.tokens = tuple(tokens)
        s.turn = seat  # NT-6: the turn does not pass
        s.pot = 0
        entry = ("take", seat, card, state.pot)
        if state.deck:
            s.card = state.deck[0]
            s.deck = state.deck[1:]
            s.log = (*state.log, entry, ("turn_up", seat, s.card))
        else:  # NT-10: the 24th card is taken
            s.card = None
            s.deck = ()
            s.log = (*state.log, entry)
        return s

    def default_action(self, state: NoThanksState, seat: int) -> Action:
        """Take: always legal (NT-8 forbids only passing)."""
        return {"kind": "take"}

    def timeout_action(self, state: NoThanksState, seat: int) -> Action:
        return self.default_action(state, seat)  # the rules have no penalty for slowness

    def random_action(self, state: NoThanksState, seat: int, rng: random.Random) -> Action:
        return rng.choice(self.legal_actions(state, seat))

    def twin(self, state: NoThanksState, seat: int | None, rng: random.Random) -> NoThanksState:
        """The same table with the face-down cards (deck and removed, NT-15) in another order
        and another seed: nobody may tell the two apart."""
        hidden = [*state.deck, *state.removed]
        rng.shuffle(hidden)
        s = NoThanksState()
        for name in NoThanksState.__slots__:
            setattr(s, name, getattr(state, name))
        s.deck = tuple(hidden[: len(state.deck)])
        s.removed = tuple(hidden[len(state.deck) :])
        s.seed = rng.getrandbits(64)
        return s

    def is_over(self, state: NoThanksState) -> bool:
        return state.card is None

    def round_number(self, state: NoThanksState) -> int:
        """No Thanks! is one round."""
        return 0

    def scores(self, state: NoThanksState) -> list[int]:
        """NT-11 for every seat, with the tokens each holds now."""
        return [card_points(c) - t for c, t in zip(state.cards, state.tokens, strict=True)]

    def result(self, state: NoThanksState) -> dict[str, list[int]]:
        return ranked(self.scores(state), state.card is None, min)

    def view(self, state: NoThanksState, seat: int | None) -> View:
        """NT-13/14/15: public table, own tokens only; never the deck order or removed cards."""
        over = state.card is None
        if over:
            tokens: list[int | None] = list(state.tokens)  # NT-14: revealed with the scores
        else:
            tokens = [t if i == seat else None for i, t in enumerate(state.tokens)]
        view: View = {
            **view_head(self, state, seat, state.players),
            "turn": None if over else state.turn,
            "card": state.card,
            "pot": state.pot,
            "deck_left": len(state.deck),
            "cards": [list(c) for c in state.cards],
            "tokens": tokens,
            "start_tokens": start_tokens(state.players),
            "log": [_log_entry(e) for e in state.log],
        }
        if over:
            view["result"] = self.result(state)
        return view


def _log_entry(entry: tuple[Any, ...]) -> dict[str, Any]:
    """A log line as a map: every field of it is public (NT-13)."""
    kind, seat, card, *rest = entry
    out: dict[str, Any] = {"type": kind, "seat": seat, "card": card}
    if rest:
        out["pot"] = rest[0]
    return out


GAME = NoThanks()
