"""The hard Papayoo bot's search (issue 38): play-outs that keep the rules and count every
point, exact solutions of the last tricks, and a budget of work that bounds every decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from core.papayoo.bots import HardBot
from core.papayoo.hints import hint as hint_phrase
from core.papayoo.knowledge import Knowledge
from core.papayoo.play import CARD_INT, CODE
from core.papayoo.rollout import choose, play_out, points, solve
from core.papayoo.search import Budget, rival_weights, score_plays
from tests.core.english import english
from tests.core.papayoo_helpers import GAME

deals = st.tuples(
    st.integers(min_value=3, max_value=8),  # players
    st.integers(min_value=0, max_value=2**32),  # seed
    st.integers(min_value=0, max_value=40),  # random cards played first
)


def dealt(players: int, seed: int, moves: int):
    """A deal in play after the pass and `moves` random cards, as hands of ints."""
    rng = random.Random(seed)
    state = GAME.new(players, seed, {"deals": 1})
    while state.phase == "pass" or moves:
        seat = GAME.to_act(state)[0]
        after = GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        if GAME.is_over(after) or after.deal != state.deal:
            break
        moves -= state.phase == "play"
        state = after
    return state


def ints_of(state) -> tuple[list[list[int]], list[int], int, int, int]:
    hands = [[CARD_INT[c] for c in hand] for hand in state.hands]
    trick = [CARD_INT[c] for _, c in state.trick]
    out = sum(1 << c for hand in hands for c in hand)
    return hands, trick, state.turn, CARD_INT[state.papayoo], out


@settings(max_examples=30, deadline=None)
@given(deals)
def test_play_outs_keep_the_rules_and_hand_out_every_point(deal: tuple) -> None:
    """PY-13: the policy's card is always legal (the engine accepts it); PY-6/17: the points
    the seats take from here add up to the points still in play, whoever counts them."""
    state = dealt(*deal)
    hands, trick, turn, papayoo, out = ints_of(state)
    card = choose(hands[turn], trick, papayoo, state.players, out)
    GAME.apply(state, turn, {"kind": "play", "card": CODE[card]})
    left = sum(points(c, papayoo) for hand in hands for c in hand)
    left += sum(points(c, papayoo) for c in trick)
    taken = [
        play_out([h[:] for h in hands], trick[:], turn, papayoo, out, me)
        for me in range(state.players)
    ]
    assert sum(taken) == left


def test_the_exact_solution_is_the_best_reply_of_each_seat() -> None:
    """A 3-player end with one card each: the trick goes as the cards fall; with two cards
    each, the seat to act takes the line that costs it least (max^n), and the points add up."""
    S, H, P = 0, 32, 4 * 32
    hands = [[S + 5], [S + 9], [P + 20]]  # seat 2 cannot follow: S9 takes P20
    nodes = [0]
    assert solve(hands, [], 0, H + 7, nodes) == [0, 20, 0]
    assert hands == [[S + 5], [S + 9], [P + 20]] and nodes[0] > 0
    # Seat 0 leads: S5 lets seat 1 win with S9 (seat 2 throws P20 on it); H2 loses to H3.
    hands = [[S + 5, H + 2], [S + 9, H + 3], [P + 20, P + 1]]
    result = solve(hands, [], 0, H + 7, [0])
    assert result[0] == 0 and sum(result) == 21


def position_view(players: int, seed: int, moves: int):
    state = dealt(players, seed, moves)
    return GAME.view(state, state.turn)


@settings(max_examples=15, deadline=None)
@given(deals, st.integers(min_value=200, max_value=20000))
def test_a_decision_does_no_more_work_than_its_budget_allows(deal: tuple, work: int) -> None:
    """The budget counts work, not time: a search stops once it has spent `work` (after at
    least its minimum of deals), overrunning by one deal's bounded cost at most."""
    view = position_view(*deal)
    knowledge = Knowledge.from_view(view)
    legal = [CARD_INT[c] for c in view["legal"]]
    budget = Budget(work, 2, 10_000)
    scores = score_plays(view, knowledge, legal, random.Random(1), budget, 3)
    cards_left = sum(view["hand_sizes"])
    one_deal = cards_left + len(legal) * max(cards_left, 12**3)
    assert budget.worlds == scores.worlds >= 2
    assert budget.spent <= max(work, 2 * one_deal) + one_deal
    assert len(scores.totals) == len(legal)


def test_hard_says_how_it_chose() -> None:
    """Exact once the hands are small, a search before; the expectations are per card."""
    bot = HardBot(work=3000)
    view = position_view(4, 11, 0)
    action, expected, how, _ = bot.choose(view, random.Random(2))
    assert how in ("search", "only", "dump")
    if how == "search":
        assert action["card"] in expected
    late = position_view(4, 11, 48)  # 12 tricks of 15 played: 3 cards each
    assert max(late["hand_sizes"]) <= 3
    assert bot.choose(late, random.Random(2))[2] in ("exact", "only", "dump")


def test_hard_is_deterministic_for_a_given_rng() -> None:
    view = position_view(5, 3, 9)
    bot = core.get_bot("papayoo", "hard", work=5000)
    assert bot.act(view, random.Random(4)) == bot.act(view, random.Random(4))


def test_near_the_end_the_hint_says_it_counted_every_way() -> None:
    """The hint explains an exact choice as such (core/papayoo/hints.py)."""
    hint = english(hint_phrase)
    for seed in range(30):
        view = position_view(4, seed, 48)
        if len(view["legal"]) < 2:
            continue
        how = HardBot().choose(view, random.Random(0))[2]
        if how != "exact":
            continue
        _, reason = hint(view, random.Random(0))
        assert "counting every way the last tricks can go: about" in reason
        return
    raise AssertionError("no exact choice among 30 late positions")


def test_points_count_for_hard_when_the_best_placed_rival_takes_them() -> None:
    """PY-18: the lowest total wins, so the rival closest to the lead weighs most; with equal
    standings every rival weighs alike (a deal's points add up to a constant, so equal weights
    change no choice), and `rival=0` leaves the seat's own points alone."""
    view = position_view(4, 5, 10)
    view["totals"], view["points"] = [0, 0, 0, 0], [0, 0, 0, 0]
    even = rival_weights(view, 0.5)
    seat = view["seat"]
    assert even[seat] == 0 and sum(even) == pytest.approx(0.5)
    assert len({round(w, 9) for s, w in enumerate(even) if s != seat}) == 1
    view["totals"] = [100 if s != seat else 50 for s in range(4)]
    ahead = (seat + 2) % 4
    view["totals"][ahead] = 20
    weights = rival_weights(view, 0.5)
    assert weights[ahead] > 0.4 and sum(weights) == pytest.approx(0.5)
    assert rival_weights(view, 0) == [0.0] * 4


def test_the_hint_expects_the_seats_own_points_whatever_the_rivals() -> None:
    """The expectations the hint quotes are the seat's own points, rivals or not."""
    view = position_view(4, 7, 20)
    for rival in (0.0, 0.8):
        _, expected, how, _ = HardBot(work=3000, rival=rival).choose(view, random.Random(3))
        if how in ("search", "exact"):
            assert all(0 <= points <= 250 for points in expected.values())
