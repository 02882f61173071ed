"""Papayoo bots. Each sees only its seat's view (never the state), so none can cheat.

easy and normal play the policies of `core.papayoo.play` on the seat's own hand and the public
table. hard is perfect-information Monte Carlo: it samples deals consistent with everything
the seat knows (`core.papayoo.knowledge`) and plays each candidate card (or pass) out to the
end of the deal with the normal policy in every seat, on the same sampled deals for every
candidate (common random numbers). Its budget is a number of card plays, never a time: `core`
has no clock, and a fixed amount of work keeps the bot deterministic for a given rng.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from core.api import Action, View
from core.papayoo.cards import DIE_FACES, cards_in_play, papayoo_of, sort_cards
from core.papayoo.knowledge import Knowledge
from core.papayoo.play import (
    CARD_INT,
    CODE,
    PAYOO_SUIT,
    Deal,
    PassPolicy,
    Policy,
    easy_pass,
    easy_play,
    normal_pass,
    normal_play,
)


def ints(cards: Iterable[str]) -> list[int]:
    return [CARD_INT[card] for card in cards]


def pass_action(cards: Iterable[int]) -> Action:
    return {"kind": "pass_cards", "cards": list(sort_cards(CODE[c] for c in cards))}


def play_action(card: int) -> Action:
    return {"kind": "play", "card": CODE[card]}


def table_deal(view: View, knowledge: Knowledge, hands: list[list[int]]) -> Deal:
    """The deal in play as the view shows it, with the given hands (the own one, or sampled)."""
    gone = 0
    for _, card in knowledge.played:
        gone |= 1 << CARD_INT[card]
    return Deal(
        hands,
        [CARD_INT[card] for _, card in view["trick"]],
        view["turn"],
        list(view["points"]),
        CARD_INT[view["papayoo"]],
        gone,
    )


class PolicyBot:
    """A bot that plays a pass policy and a play policy on its own hand and the public table."""

    pass_policy: PassPolicy
    play_policy: Policy

    def __init__(self, **_settings: Any) -> None:
        """Settings are accepted and ignored, so a table can hand every bot the same ones."""

    def act(self, view: View, rng: random.Random) -> Action:
        hand = ints(view["hand"])
        if view["phase"] == "pass":
            return pass_action(type(self).pass_policy(hand, view["pass_count"]))
        seat = view["seat"]
        hands: list[list[int]] = [[] for _ in range(view["players"])]
        hands[seat] = hand
        deal = table_deal(view, Knowledge.from_view(view), hands)
        return play_action(type(self).play_policy(deal, seat))


class EasyBot(PolicyBot):
    """Passes its highest cards; ducks under the trick when it can, else sheds high cards."""

    pass_policy = staticmethod(easy_pass)
    play_policy = staticmethod(easy_play)


class NormalBot(PolicyBot):
    """Passes by danger (Payoos, 7s, short suits); counts the cards still out to lead safely,
    throws the Papayoo when it can."""

    pass_policy = staticmethod(normal_pass)
    play_policy = staticmethod(normal_play)


def distinct_plays(deal: Deal, seat: int, legal: list[int]) -> list[int]:
    """The legal cards with interchangeable ones left out: two ordinary cards of a suit with
    nothing between them still out or on the table play exactly alike (the Papayoo and the
    Payoos differ in points, so each stays)."""
    on_table = 0
    for card in deal.trick:
        on_table |= 1 << card
    known = (deal.gone & ~on_table) | sum(1 << c for c in deal.hands[seat])
    out: list[int] = []
    for card in sorted(legal):
        previous = out[-1] if out else None
        if (
            previous is not None
            and previous >> 5 == card >> 5 != PAYOO_SUIT
            and deal.papayoo not in (previous, card)
            and not ((1 << card) - (1 << (previous + 1))) & ~known
        ):
            out[-1] = card  # keep the higher of the two: it sheds more
            continue
        out.append(card)
    return out


def void_dump(deal: Deal, seat: int) -> int | None:
    """The Papayoo, when `seat` holds it and cannot follow the suit led; else None.

    A card off the suit led never wins the trick (PY-13, PY-14), so the Papayoo's 40 points go
    to someone else for certain. The search cannot be trusted with this one: its play-outs
    know every hand, so they "see" a later trick to throw it under and rate keeping it as
    safe, which a player who does not see the hands cannot rely on.
    """
    hand = deal.hands[seat]
    if not deal.trick or deal.papayoo not in hand:
        return None
    lead = deal.trick[0] >> 5
    if any(card >> 5 == lead for card in hand):
        return None
    return deal.papayoo


def pass_candidates(hand: list[int], count: int) -> list[list[int]]:
    """Passes worth simulating: the easy and normal choices, and for each short ordinary suit
    the pass that empties it, and the one that sheds the highest Payoos, each completed with
    the normal policy's most dangerous cards."""
    ranked = normal_pass(hand, len(hand))[::-1]  # most dangerous first

    def completed(forced: list[int]) -> list[int]:
        chosen = forced[:count]
        chosen += [c for c in ranked if c not in chosen][: count - len(chosen)]
        return chosen

    candidates = [normal_pass(hand, count), easy_pass(hand, count)]
    for suit in range(PAYOO_SUIT):
        cards = [c for c in hand if c >> 5 == suit]
        if 0 < len(cards) <= count:
            candidates.append(completed(cards))
    payoos = sorted((c for c in hand if c >> 5 == PAYOO_SUIT), reverse=True)
    candidates.append(completed(payoos))
    unique: dict[frozenset[int], list[int]] = {}
    for candidate in candidates:
        unique.setdefault(frozenset(candidate), sorted(candidate))
    return list(unique.values())


class HardBot:
    """Perfect-information Monte Carlo over sampled deals, normal play-outs.

    `work` is the budget of simulated card plays per decision: the number of sampled deals is
    `work` divided by (candidates x cards left), kept within `min_worlds..max_worlds`.
    """

    def __init__(
        self, work: int = 30000, min_worlds: int = 6, max_worlds: int = 120, **_settings: Any
    ) -> None:
        if work < 1 or min_worlds < 1 or max_worlds < min_worlds:
            raise ValueError("work and min_worlds must be at least 1, max_worlds >= min_worlds")
        self.work = work
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds

    def act(self, view: View, rng: random.Random) -> Action:
        return self.choose(view, rng)[0]

    def choose(self, view: View, rng: random.Random) -> tuple[Action, dict[str, float]]:
        """The action, and for each candidate the points this seat expects to take this deal
        (keys: the card played, or the passed cards joined by spaces)."""
        if view["phase"] == "pass":
            return self._choose_pass(view, rng)
        return self._choose_play(view, rng)

    def _worlds(self, candidates: int, cards_left: int) -> int:
        worlds = self.work // max(1, candidates * cards_left)
        return max(self.min_worlds, min(self.max_worlds, worlds))

    def _choose_play(self, view: View, rng: random.Random) -> tuple[Action, dict[str, float]]:
        seat = view["seat"]
        knowledge = Knowledge.from_view(view)
        hands: list[list[int]] = [[] for _ in range(view["players"])]
        hands[seat] = ints(view["hand"])
        table = table_deal(view, knowledge, hands)
        dump = void_dump(table, seat)
        if dump is not None:
            return play_action(dump), {}
        candidates = distinct_plays(table, seat, ints(view["legal"]))
        if len(candidates) == 1:
            return play_action(candidates[0]), {}
        worlds = self._worlds(len(candidates), sum(view["hand_sizes"]))
        totals = self._evaluate(
            worlds, candidates, lambda: self._sampled_play(view, knowledge, rng), seat
        )
        return self._best(candidates, totals, worlds, play_action, lambda c: CODE[c])

    def _sampled_play(
        self, view: View, knowledge: Knowledge, rng: random.Random
    ) -> Callable[[int], Deal]:
        base = table_deal(view, knowledge, [ints(hand) for hand in knowledge.sample(rng)])

        def after(card: int) -> Deal:
            deal = base.copy()
            deal.play(card)
            return deal

        return after

    def _choose_pass(self, view: View, rng: random.Random) -> tuple[Action, dict[str, float]]:
        seat = view["seat"]
        hand = ints(view["hand"])
        count = view["pass_count"]
        candidates = pass_candidates(hand, count)
        worlds = self._worlds(len(candidates), sum(view["hand_sizes"]))
        mine = set(view["hand"])
        unseen = ints(c for c in cards_in_play(view["players"]) if c not in mine)
        totals = self._evaluate(
            worlds,
            list(range(len(candidates))),
            lambda: self._sampled_pass(view, hand, unseen, candidates, rng),
            seat,
        )
        return self._best(
            list(range(len(candidates))),
            totals,
            worlds,
            lambda i: pass_action(candidates[i]),
            lambda i: " ".join(sort_cards(CODE[c] for c in candidates[i])),
        )

    @staticmethod
    def _sampled_pass(
        view: View,
        hand: list[int],
        unseen: list[int],
        candidates: list[list[int]],
        rng: random.Random,
    ) -> Callable[[int], Deal]:
        """A sampled deal: others' hands, their passes (the normal policy: everyone chooses at
        once, so none depends on this seat's pass) and the die (PY-11)."""
        seat, players, count = view["seat"], view["players"], view["pass_count"]
        rng.shuffle(unseen)
        size = len(hand)
        others = iter(unseen[i : i + size] for i in range(0, len(unseen), size))
        dealt = [hand if s == seat else next(others) for s in range(players)]
        passes = [[] if s == seat else normal_pass(dealt[s], count) for s in range(players)]
        papayoo = CARD_INT[papayoo_of(rng.choice(DIE_FACES))]

        def after(index: int) -> Deal:
            given = passes[:]
            given[seat] = candidates[index]
            hands = [
                [c for c in dealt[s] if c not in given[s]] + given[s - 1] for s in range(players)
            ]
            return Deal(hands, [], view["dealer"], [0] * players, papayoo, 0)

        return after

    def _evaluate(
        self,
        worlds: int,
        candidates: list[int],
        sample: Callable[[], Callable[[int], Deal]],
        seat: int,
    ) -> list[float]:
        """Total points this seat takes per candidate over `worlds` sampled deals."""
        totals = [0.0] * len(candidates)
        rollout: list[Policy] = []
        for _ in range(worlds):
            after = sample()
            for index, candidate in enumerate(candidates):
                deal = after(candidate)
                rollout = rollout or [normal_play] * deal.players
                deal.play_out(rollout)
                totals[index] += deal.points[seat]
        return totals

    @staticmethod
    def _best(
        candidates: list[int],
        totals: list[float],
        worlds: int,
        action: Callable[[int], Action],
        name: Callable[[int], str],
    ) -> tuple[Action, dict[str, float]]:
        best = min(range(len(candidates)), key=totals.__getitem__)
        expected = {name(c): total / worlds for c, total in zip(candidates, totals, strict=True)}
        return action(candidates[best]), expected


BOTS: dict[str, Callable[..., Any]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
