"""Reading the others' habits from the public history (core/papayoo/habits.py): what a reading
rules out is never a card the seat holds, easy and normal players are read as such and no other
player is, and the search falls back to normal play when a reading fits no deal (PY-n ids from
shared/rules/papayoo.md)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from bench.papayoo_mc import MonteCarloBot
from core.api import View
from core.papayoo.bots import EasyBot, HardBot, NormalBot
from core.papayoo.habits import EASY, Reading, easy_excludes, normal_excludes, read_habits
from core.papayoo.hints import hint as hint_phrase
from core.papayoo.knowledge import Knowledge
from core.papayoo.play import CARD_INT
from core.papayoo.search import Budget, score_plays
from tests.core.english import english
from tests.core.papayoo_helpers import GAME

TINY = {"work": 300, "pass_work": 300, "min_worlds": 2, "max_worlds": 2}
hint = english(hint_phrase)


def mask(*codes: str) -> int:
    return sum(1 << CARD_INT[code] for code in codes)


def codes(bits: int) -> set[str]:
    return {code for code, card in CARD_INT.items() if (bits >> card) & 1}


def cards(*codes: str) -> list[int]:
    return [CARD_INT[code] for code in codes]


def games(
    make: Callable[[], Any], seed: int, players: int = 4
) -> Iterator[tuple[View, list[tuple[str, ...]]]]:
    """Every play decision of one game of `make()` bots: the view of the seat to act, and the
    true hands then."""
    bots = [make() for _ in range(players)]
    rng = random.Random(seed)
    state = GAME.new(players, seed, {"deals": 3})
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        if view["phase"] == "play":
            yield view, list(state.hands)
        state = GAME.apply(state, seat, bots[seat].act(view, rng))


def test_a_lead_rules_out_every_lower_ordinary_card() -> None:
    """The easy habit leads its lowest ordinary card (PY-12), the Payoos and the Papayoo last."""
    ruled_out = codes(easy_excludes([], CARD_INT["C3"], CARD_INT["S7"], 4, 0))
    assert ruled_out == {"S1", "S2", "H1", "H2", "D1", "D2", "C1", "C2"}
    payoo_lead = codes(easy_excludes([], CARD_INT["P2"], CARD_INT["S7"], 4, 0))
    ordinary = {f"{suit}{rank}" for suit in "SHDC" for rank in range(1, 11)}
    assert payoo_lead == ordinary - {"S7"} | {"P1"}


def test_a_void_discard_rules_out_the_suit_and_anything_bigger() -> None:
    """Void in the suit led (PY-13), the habit throws the Papayoo, then its highest Payoo."""
    ruled_out = codes(easy_excludes(cards("H5"), CARD_INT["P12"], CARD_INT["S7"], 4, 0))
    assert {f"H{r}" for r in range(1, 11)} <= ruled_out
    assert {"S7", "P13", "P20"} <= ruled_out
    assert not {"P11", "S10", "C10"} & ruled_out


def test_following_under_and_over_the_trick() -> None:
    """Under the best card: the highest that stays under; over it: the lowest, or as the last
    player the highest, the Papayoo only when nothing else of the suit is left."""
    papayoo = CARD_INT["D7"]
    under = codes(easy_excludes(cards("D9"), CARD_INT["D4"], papayoo, 4, 0))
    assert under == {"D5", "D6", "D7", "D8"}
    over = codes(easy_excludes(cards("D3"), CARD_INT["D6"], papayoo, 4, 0))
    assert over == {"D1", "D2", "D3", "D4", "D5"}  # the D3 on the table too: harmless
    last = codes(easy_excludes(cards("D3", "D1", "H9"), CARD_INT["D6"], papayoo, 4, 0))
    assert last == {"D1", "D2", "D8", "D9", "D10"}
    last_papayoo = codes(easy_excludes(cards("D3", "D1", "H9"), papayoo, papayoo, 4, 0))
    assert last_papayoo == {f"D{r}" for r in range(1, 11)} - {"D7"}


BOTS = {"easy": EasyBot, "normal": NormalBot}


def test_normal_reads_backwards() -> None:
    """Void (PY-13): the Papayoo goes first, then by danger, a Payoo its rank and 6, a high card
    of the Papayoo's suit its rank and 8 while the Papayoo is out. Under the trick: the Papayoo
    when it fits. Over it, not last: the lowest card but the Papayoo."""
    papayoo = CARD_INT["D7"]
    void = codes(normal_excludes(cards("H5"), CARD_INT["C9"], papayoo, 4, 0))
    assert {"D7", "H1", "H10", "P4", "P20", "C10", "D8"} <= void
    assert not {"P3", "C8", "S9", "D6"} & void
    under = codes(normal_excludes(cards("D9"), CARD_INT["D4"], papayoo, 4, 0))
    assert under == {"D5", "D6", "D7", "D8"}
    assert normal_excludes(cards("D9"), papayoo, papayoo, 4, 0) == 0
    over = codes(normal_excludes(cards("D3"), CARD_INT["D8"], papayoo, 4, 0))
    assert over == {"D1", "D2", "D3", "D4", "D5", "D6"}  # the Papayoo kept back, not ruled out
    assert normal_excludes([], CARD_INT["C3"], papayoo, 4, 0) == 0  # a lead weighs all


@settings(max_examples=8, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=3, max_value=6),
    st.sampled_from(sorted(BOTS)),
)
def test_what_a_reading_rules_out_is_never_held(seed: int, players: int, level: str) -> None:
    """Easy players, or normal ones: every reading is true of the real hands."""
    for view, hands in games(BOTS[level], seed, players):
        for seat, reading in enumerate(read_habits(view)):
            if reading is not None:
                assert reading.habit.name == level
                assert not codes(reading.ruled_out) & set(hands[seat])


@pytest.mark.parametrize("level", sorted(BOTS))
@pytest.mark.parametrize("seed", range(2))
def test_easy_and_normal_players_are_read_from_the_second_deal(level: str, seed: int) -> None:
    read: dict[int, set[int]] = {}
    for view, _ in games(BOTS[level], seed):
        readings = read_habits(view)
        assert {r.habit.name for r in readings if r is not None} <= {level}
        read.setdefault(view["deal"], set()).update(
            s for s, r in enumerate(readings) if r is not None
        )
    assert read[1] == set()
    assert read[2] | read[3] == {0, 1, 2, 3}


def test_a_monte_carlo_player_is_not_read() -> None:
    for seed in range(2):
        for view, _ in games(lambda: MonteCarloBot(samples=2), seed):
            assert read_habits(view) == [None] * view["players"]


def test_a_reading_no_deal_fits_is_dropped() -> None:
    """A seat read as holding none of the unseen cards fits no deal: the search drops the
    reading and still scores every candidate."""
    view = next(v for v in map(lambda s: GAME.view(s, 0), _positions()) if len(v["legal"]) > 1)
    knowledge = Knowledge.from_view(view)
    habits: list[Reading | None] = [None, Reading(EASY, mask(*knowledge.unseen())), None, None]
    candidates = [CARD_INT[c] for c in view["legal"]]
    scores = score_plays(
        view, knowledge, candidates, random.Random(1), Budget(300, 2, 2), 0, None, habits
    )
    assert scores.worlds == 2 and len(scores.own) == len(candidates)


def _positions() -> Iterator[Any]:
    """States of a game of easy players where seat 0 is to play."""
    bot = EasyBot()
    rng = random.Random(5)
    state = GAME.new(4, 5)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        if seat == 0 and state.phase == "play":
            yield state
        state = GAME.apply(state, seat, bot.act(GAME.view(state, seat), rng))


def test_hard_reads_or_not_and_plays_legally() -> None:
    """`read` switches the reading; either way hard answers legally from its view."""
    for read in (True, False):
        bot = core.get_bot("papayoo", "hard", read=read, **TINY)
        for state in list(_positions())[:3]:
            GAME.apply(state, 0, bot.act(GAME.view(state, 0), random.Random(2)))
    assert isinstance(core.get_bot("papayoo", "hard"), HardBot)


@pytest.mark.parametrize("level", sorted(BOTS))
def test_the_hint_says_whom_it_reads_as_playing_like_a_bot(level: str) -> None:
    """The hint's reason rests on the reading, so it says so; a bot told not to read does not."""
    view = next(
        v
        for v, _ in games(BOTS[level], 1)
        if v["deal"] == 3 and len(v["legal"]) > 2 and read_habits(v).count(None) == 1
    )
    action, reason = hint(view, random.Random(3), **TINY)
    assert reason.endswith(f"; counting on 3 players to play like the {level} bot")
    assert action == core.get_bot("papayoo", "hard", **TINY).act(view, random.Random(3))
    _, unread = hint(view, random.Random(3), read=False, **TINY)
    assert f"{level} bot" not in unread
