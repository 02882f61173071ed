"""Papayoo bots. Each sees only its seat's view (never the state), so none can cheat.

easy and normal play the policies of `core.papayoo.play` on the seat's own hand and the public
table. hard is perfect-information Monte Carlo (`core.papayoo.search`): it samples deals
consistent with everything the seat knows (`core.papayoo.knowledge`), plays each candidate card
on them and the deal out to its end with the normal policy in every seat, on the same sampled
deals for every candidate (common random numbers), and solves the last tricks exactly. It
passes the same way: a few candidate passes (`pass_candidates`) tried on sampled deals, the
others' hands, passes and the die drawn at random. It minimises its own points less a share
of its rivals', the best-placed rival counting most (`core.papayoo.search.rival_weights`), as
the game goes to the lowest total. A seat whose cards so far fit the easy or the normal bot's
habit (`core.papayoo.habits`) is dealt only hands those cards leave possible and plays out as
that bot does. Its budget is work, never time: `core` has no clock, a busy machine must not make it
slower than its budget, and a fixed amount of work keeps the bot deterministic for a given rng.

What the measurements of issue 38 chose (duplicate series against three of
`bench/papayoo_mc.py`, the same deals each time): the normal policy's play-outs beat a faster,
simpler one (`playout="fast"`, `core.papayoo.rollout`: 29% of the wins against 42% over 24
games). Passing as normal does won 42% against 27% for a search over a few candidates on a
quarter of a play decision's budget; with `pass_work` (about 0.4 s of CPU, four passes a game)
and the candidates that shed the highest Payoos and the 7s, the searched pass took 191 points
a game against normal's pass's 241 over 16 games of seed 2. Short series, wide intervals: they
chose, they do not prove. Reading the others' habits took hard from 66.2% to 85.0% of 80 duplicate
games against three easy bots (seed 1, mean score 134 to 114) and from 68.8% to 80.0% against
three normal (mean 137 to 126), and changed no choice against the sparring bot, whom it never
reads.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from core.api import Action, View
from core.papayoo.cards import sort_cards
from core.papayoo.habits import Reading, read_habits
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
from core.papayoo.search import Budget, Scores, rival_weights, score_passes, score_plays


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
    for shed in range(2, count + 1):
        candidates.append(completed(payoos[:shed]))
    sevens = [c for c in hand if c & 31 == 7 and c >> 5 != PAYOO_SUIT]
    candidates.append(completed(sevens))
    unique: dict[frozenset[int], list[int]] = {}
    for candidate in candidates:
        unique.setdefault(frozenset(candidate), sorted(candidate))
    return list(unique.values())


class Choice(NamedTuple):
    """What hard chose, and what the hint says of it.

    `expected`: for each candidate, the points this seat expects to take this deal (keys: the
    card played, or the passed cards joined by spaces). `how`: "search" (sampled deals played
    out), "exact" (the last tricks solved on every sampled deal), "dump" (the Papayoo thrown
    on a suit this seat cannot follow) or "only" (one card is as good as any other). `read`:
    for each other seat it dealt and played by a habit, the habit's name ("easy", "normal":
    `core.papayoo.habits`).
    """

    action: Action
    expected: dict[str, float]
    how: str
    read: tuple[str, ...] = ()


class HardBot:
    """Monte Carlo over sampled deals (`core.papayoo.search`), the normal policy's play-outs
    and the last tricks solved exactly.

    `work` is the budget of one decision, in units of work (`core.papayoo.search`): deals are
    sampled until it is spent, at least `min_worlds` (cheap: a deal costs at most about a
    thousand units) and at most `max_worlds`. `exact_cards`: the last tricks are solved
    exactly once no hand holds more cards than this (0: never). `pass_search` scores the
    candidate passes on `pass_work` units (False: pass as normal does); `playout="fast"`
    plays out with `core.papayoo.rollout`'s cheaper policy. `rival`: how much the points a
    rival takes count in this seat's favour (`core.papayoo.search.rival_weights`; 0: its own
    points only). `read`: seats whose play so far fits the easy or the normal habit are dealt
    and played out as such (`core.papayoo.habits`; False: every seat as normal).
    """

    def __init__(
        self,
        work: int = 30000,
        min_worlds: int = 4,
        max_worlds: int = 400,
        exact_cards: int = 3,
        pass_search: bool = True,
        pass_work: int = 100000,
        playout: str = "normal",
        rival: float = 0.5,
        read: bool = True,
        **_settings: Any,
    ) -> None:
        if playout not in ("normal", "fast"):
            raise ValueError(f"playout must be 'normal' or 'fast', not {playout!r}")
        if work < 1 or pass_work < 1 or min_worlds < 1 or max_worlds < min_worlds:
            raise ValueError(
                "work, pass_work and min_worlds must be at least 1, max_worlds >= min_worlds"
            )
        if exact_cards < 0 or rival < 0:
            raise ValueError("exact_cards and rival must not be negative")
        self.work = work
        self.min_worlds = min_worlds
        self.max_worlds = max_worlds
        self.exact_cards = exact_cards
        self.pass_search = pass_search
        self.pass_work = pass_work
        self.playout = playout
        self.rival = rival
        self.read = read

    def act(self, view: View, rng: random.Random) -> Action:
        return self.choose(view, rng).action

    def choose(self, view: View, rng: random.Random) -> Choice:
        """The action, and what the hint says of it (`Choice`)."""
        if view["phase"] == "pass":
            return self._choose_pass(view, rng)
        return self._choose_play(view, rng)

    def _budget(self) -> Budget:
        return Budget(self.work, self.min_worlds, self.max_worlds, normal=self.playout == "normal")

    def _choose_play(self, view: View, rng: random.Random) -> Choice:
        seat = view["seat"]
        knowledge = Knowledge.from_view(view)
        hands: list[list[int]] = [[] for _ in range(view["players"])]
        hands[seat] = ints(view["hand"])
        table = table_deal(view, knowledge, hands)
        dump = void_dump(table, seat)
        if dump is not None:
            return Choice(play_action(dump), {}, "dump")
        candidates = distinct_plays(table, seat, ints(view["legal"]))
        if len(candidates) == 1:
            return Choice(play_action(candidates[0]), {}, "only")
        budget = self._budget()
        weights = rival_weights(view, self.rival)
        scores = score_plays(
            view, knowledge, candidates, rng, budget, self.exact_cards, weights, self._habits(view)
        )
        action, expected = self._best(candidates, scores, play_action, lambda c: CODE[c])
        return Choice(action, expected, "exact" if scores.exact else "search", scores.read)

    def _choose_pass(self, view: View, rng: random.Random) -> Choice:
        hand = ints(view["hand"])
        candidates = pass_candidates(hand, view["pass_count"])
        budget = self._budget()
        if self.pass_search:
            budget.work = self.pass_work
        else:
            candidates = candidates[:1]  # the normal policy's pass, scored for the hint
            budget.work //= 4
        weights = rival_weights(view, self.rival)
        scores = score_passes(view, candidates, rng, budget, weights, self._habits(view))
        indexes = list(range(len(candidates)))
        action, expected = self._best(
            indexes,
            scores,
            lambda i: pass_action(candidates[i]),
            lambda i: " ".join(sort_cards(CODE[c] for c in candidates[i])),
        )
        return Choice(action, expected, "search", scores.read)

    def _habits(self, view: View) -> list[Reading | None] | None:
        return read_habits(view) if self.read else None

    @staticmethod
    def _best(
        candidates: list[int],
        scores: Scores,
        action: Callable[[int], Action],
        name: Callable[[int], str],
    ) -> tuple[Action, dict[str, float]]:
        totals, worlds = scores.totals, max(1, scores.worlds)
        best = min(range(len(candidates)), key=totals.__getitem__)
        expected = {name(c): own / worlds for c, own in zip(candidates, scores.own, strict=True)}
        return action(candidates[best]), expected


BOTS: dict[str, Callable[..., Any]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
