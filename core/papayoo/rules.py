"""Papayoo rules (../shared/rules/papayoo.md, PY-1 to PY-21).

The state value and the follow-suit rule (PY-13) are in core/papayoo/state.py, what a seat
sees in core/papayoo/views.py and the sampling of `twin` in core/papayoo/knowledge.py: this
module imports those three and none of them imports it back. Here is how a state changes.

Chance: the first deal and the first dealer come from `random.Random(seed)` in `new`; the die
(PY-11) and every later deal from `core.api.chance(seed, ...)`, so the record replays them.
A seat's pass (PY-9/10) waits in `chosen` until every seat has chosen; the passes of each deal
are then kept in `passes` (one tuple per deal), from which the log shows each seat only the
cards it gave and received (PY-19/21).
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
    first_deal,
    option_defaults,
    sample,
    shuffle,
)
from core.papayoo.cards import (
    ALL_CARDS,
    DIE_FACES,
    ORDER,
    PAYOO,
    POINTS,
    RANK,
    SAME_SUIT,
    SUIT,
    cards_in_play,
    hand_size,
    papayoo_of,
    pass_count,
    sort_cards,
    trick_winner,
)
from core.papayoo.journal import empty
from core.papayoo.knowledge import twin_state
from core.papayoo.state import PapayooState, legal_cards
from core.papayoo.views import build_view
from core.refusals import N_, NC_

KINDS = ("pass_cards", "play")
PLAYS = {card: {"kind": "play", "card": card} for card in ALL_CARDS}  # see legal_actions


def _validate_deck(deck: object, players: int) -> tuple[str, ...]:
    cards = cards_in_play(players)
    if (
        not isinstance(deck, list | tuple)
        or len(deck) != len(cards)
        or any(not isinstance(card, str) for card in deck)
        or sorted(deck) != sorted(cards)
    ):
        raise ValueError(
            f"option 'deck' must be the {len(cards)} cards in play with {players} players, "
            "each exactly once"
        )
    return tuple(deck)


def deal_hands(order: tuple[str, ...] | list[str], players: int) -> tuple[tuple[str, ...], ...]:
    """PY-8: seat i gets `order[i*N:(i+1)*N]`, sorted for display."""
    size = hand_size(players)
    return tuple(sort_cards(order[i * size : (i + 1) * size]) for i in range(players))


def _shuffled(seed: int, deal: int, players: int) -> tuple[tuple[str, ...], ...]:
    """PY-7: a later deal, shuffled from the record's chance."""
    order = list(cards_in_play(players))
    shuffle(chance(seed, "deal", deal), order)
    return deal_hands(order, players)


class Papayoo:
    """The Papayoo game object registered as `core.GAMES["papayoo"]`."""

    id = "papayoo"
    title = "Papayoo"
    min_players = 3
    max_players = 8
    option_specs: tuple[Option, ...] = (
        Option(
            name="deals",
            label=NC_("a game's option", "Deals"),
            default=4,
            help=N_("How many deals the game lasts; four take about half an hour."),
            low=1,
            high=8,
        ),
    )
    options: dict[str, Any] = option_defaults(option_specs)

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> PapayooState:
        players = check_players(self, players)
        opts = check_options(self, options, players)
        order, first = first_deal(
            opts, seed, players, cards_in_play(players), lambda d: _validate_deck(d, players)
        )
        s = PapayooState()
        s.players = players
        s.seed = seed
        s.deals = opts["deals"]
        s.first = first
        s.totals = (0,) * players
        s.passes = ()
        s.journal = empty()
        s.logged = 0
        _start_deal(s, 0, first, deal_hands(order, players))
        return s

    def to_act(self, state: PapayooState) -> list[int]:
        turn = state.turn  # a seat exactly while a card is awaited (phase "play")
        if turn is not None:
            return [turn]
        if state.phase == "pass":
            return [seat for seat, chosen in enumerate(state.chosen) if chosen is None]
        return []

    def legal_actions(self, state: PapayooState, seat: int) -> list[Action]:
        """The legal plays; a pass is legal but not listed (its combinations explode).

        The actions listed are shared, read-only maps (`PLAYS`, one per card), as the views'
        log entries are: apply never keeps or changes an action, and no caller may; making
        fresh ones cost a random game a sixth of its time."""
        turn = state.turn
        if turn is None or seat != turn:
            return []
        hand = state.hands[seat]
        trick = state.trick
        if trick:
            hand = tuple(filter(SAME_SUIT[trick[0][1]].__contains__, hand)) or hand  # PY-13
        return list(map(PLAYS.__getitem__, hand))

    def apply(self, state: PapayooState, seat: int, action: Action) -> PapayooState:
        """The next state; IllegalMove otherwise. A well-formed, legal play by the seat to act,
        what bots, searches and benchmarks apply most, is recognised here without calls;
        anything else goes through `_checked`, which names what is wrong."""
        if type(action) is dict and type(seat) is int and seat == state.turn and len(action) == 2:
            card = action.get("card")
            hand = state.hands[seat]
            if type(card) is str and card in hand and action.get("kind") == "play":
                trick = state.trick
                if not trick:
                    return _played(state, seat, hand.index(card))
                led = trick[0][1]
                if SUIT[card] == SUIT[led] or SAME_SUIT[led].isdisjoint(hand):  # PY-13
                    return _played(state, seat, hand.index(card))
        return self._checked(state, seat, action)

    def _checked(self, state: PapayooState, seat: int, action: Action) -> PapayooState:
        kind = action.get("kind") if type(action) is dict else None
        if kind not in KINDS:
            kind = action_kind(action, KINDS)  # raises the common refusal
        if state.phase == "over":
            raise IllegalMove("game_over")
        if type(seat) is not int or not 0 <= seat < state.players:
            check_seat(seat, state.players)
        if kind == "play":
            return self._play(state, seat, action)
        return self._pass(state, seat, action)

    @staticmethod
    def _pass(state: PapayooState, seat: int, action: Action) -> PapayooState:
        if len(action) != 2 or "cards" not in action:
            raise IllegalMove("pass_cards_fields")
        if state.phase != "pass":
            raise IllegalMove("cards_passed")
        if state.chosen[seat] is not None:
            raise IllegalMove("passed_already")
        cards = action["cards"]
        count = pass_count(state.players)
        if not isinstance(cards, list | tuple) or len(cards) != count:
            raise IllegalMove("pass_count", count=count, cards=brief(cards))  # PY-8
        hand = state.hands[seat]
        for card in cards:
            if not isinstance(card, str) or card not in hand:
                raise IllegalMove("pass_card_not_in_hand", card=brief(card))
        if len(set(cards)) != count:
            raise IllegalMove("pass_card_twice")
        s = state.copy()
        chosen = list(state.chosen)
        chosen[seat] = sort_cards(cards)
        s.chosen = tuple(chosen)
        if None not in chosen:
            _carry_out_pass(s)
        return s

    @staticmethod
    def _play(state: PapayooState, seat: int, action: Action) -> PapayooState:
        if len(action) != 2 or "card" not in action:
            raise IllegalMove("play_fields")
        if state.phase != "play":
            raise IllegalMove("play_after_pass")
        if seat != state.turn:
            raise IllegalMove("not_your_turn_to_play", turn=state.turn, seat=seat)
        card = action["card"]
        hand = state.hands[seat]
        if not isinstance(card, str) or card not in hand:
            raise IllegalMove("card_not_in_hand", card=brief(card))
        trick = state.trick
        if trick:
            lead = SUIT[trick[0][1]]
            if SUIT[card] != lead and any(SUIT[c] == lead for c in hand):
                raise IllegalMove("must_follow_suit", suit=lead)  # PY-13
        return _played(state, seat, hand.index(card))

    def default_action(self, state: PapayooState, seat: int) -> Action:
        """Pass the most dangerous cards (the Payoos, highest first, then the highest ranks);
        play the lowest legal card."""
        hand = state.hands[seat]
        if state.phase == "pass":
            worst = sorted(hand, key=lambda c: (SUIT[c] == PAYOO, RANK[c]), reverse=True)
            return {
                "kind": "pass_cards",
                "cards": list(sort_cards(worst[: pass_count(state.players)])),
            }
        legal = legal_cards(hand, state.trick)
        return {"kind": "play", "card": min(legal, key=lambda c: (RANK[c], ORDER[c]))}

    def timeout_action(self, state: PapayooState, seat: int) -> Action:
        return self.default_action(state, seat)  # the rules have no penalty for slowness

    def random_action(self, state: PapayooState, seat: int, rng: random.Random) -> Action:
        if state.phase == "pass":
            cards = sample(rng, state.hands[seat], pass_count(state.players))
            return {"kind": "pass_cards", "cards": cards}
        return {"kind": "play", "card": rng.choice(legal_cards(state.hands[seat], state.trick))}

    def twin(self, state: PapayooState, seat: int | None, rng: random.Random) -> PapayooState:
        """Other hands and others' passes resampled from what `seat` knows, another seed."""
        return twin_state(self, state, seat, rng)

    def is_over(self, state: PapayooState) -> bool:
        return state.phase == "over"

    def round_number(self, state: PapayooState) -> int:
        """The deal (PY-7: the game is a series of deals)."""
        return state.deal

    def result(self, state: PapayooState) -> dict[str, list[int]]:
        """PY-17/18: totals so far (this deal included); the fewest points win, ties share."""
        if state.phase != "over":
            scores = [t + p for t, p in zip(state.totals, state.points, strict=True)]
            return {"scores": scores, "winners": []}
        scores = list(state.totals)  # the last deal's points are in them already
        best = min(scores)
        return {"scores": scores, "winners": [i for i, v in enumerate(scores) if v == best]}

    def view(self, state: PapayooState, seat: int | None) -> View:
        """PY-19/20/21: the public table, the seat's own hand and its own pass only."""
        return build_view(self, state, seat)


def _start_deal(
    s: PapayooState, deal: int, dealer: int, hands: tuple[tuple[str, ...], ...]
) -> None:
    """PY-7/8/9: a fresh deal waiting for everyone's pass."""
    s.deal = deal
    s.dealer = dealer
    s.phase = "pass"
    s.hands = hands
    s.chosen = (None,) * s.players
    s.papayoo = None
    s.trick = ()
    s.turn = None
    s.points = (0,) * s.players
    s.last_trick = None
    s.log(("deal", deal, dealer))


def _played(state: PapayooState, seat: int, index: int) -> PapayooState:
    """The state after `seat`, the seat to act, plays the card at `index` of its hand (a legal
    play)."""
    hand = state.hands[seat]
    card = hand[index]
    s = state.copy()
    hands = list(state.hands)
    hands[seat] = hand[:index] + hand[index + 1 :]
    s.hands = tuple(hands)
    s.log(("play", seat, card))
    trick = (*state.trick, (seat, card))
    if len(trick) < state.players:
        s.trick = trick
        s.turn = seat + 1 if seat + 1 < state.players else 0
        return s
    _close_trick(s, trick)
    return s


def _carry_out_pass(s: PapayooState) -> None:
    """PY-9/10/11: every seat gives its chosen cards to its left neighbour at once; then the
    die names the Papayoo and the dealer leads (PY-12)."""
    players = s.players
    passes: tuple[tuple[str, ...], ...] = tuple(c for c in s.chosen if c is not None)
    hands = []
    for seat in range(players):
        held = set(s.hands[seat]).difference(passes[seat])
        held.update(passes[seat - 1])  # from the right neighbour
        hands.append(sort_cards(held))
    s.hands = tuple(hands)
    s.passes = (*s.passes, passes)
    face = chance(s.seed, "die", s.deal).choice(DIE_FACES)
    s.papayoo = papayoo_of(face)
    s.phase = "play"
    s.turn = s.dealer
    s.log(("pass", s.deal))
    s.log(("die", face, s.papayoo))


def _close_trick(s: PapayooState, trick: tuple[tuple[int, str], ...]) -> None:
    """PY-14/15/16/17: the trick's winner takes its points and leads; the last trick ends the
    deal, and the last deal the game."""
    winner = trick_winner(trick)
    worth = POINTS[s.papayoo]
    value = 0
    for _, card in trick:
        value += worth[card]
    points = list(s.points)
    points[winner] += value
    s.points = tuple(points)
    s.trick = ()
    s.turn = winner
    s.last_trick = (trick, winner, value)
    s.log(("trick", winner, trick, value))
    if s.hands[winner]:
        return
    totals = tuple(t + p for t, p in zip(s.totals, s.points, strict=True))
    s.totals = totals
    s.log(("deal_end", s.deal, s.points, totals))
    if s.deal + 1 >= s.deals:  # PY-18
        s.phase = "over"
        s.turn = None
        return
    _start_deal(s, s.deal + 1, (s.dealer + 1) % s.players, _shuffled(s.seed, s.deal + 1, s.players))


GAME = Papayoo()
