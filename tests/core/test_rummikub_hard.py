"""The hard Rummikub bot: it holds its tiles back and goes out in one turn (core.rummikub.bots).

Each position is played forward to its end, once with hard to move and once with the other
choice, and the winner is asserted: holding back wins where laying would let the next player
go out (RK-15), laying everything wins where hard can go out now, and laying the most wins a
blocked game (RK-17). Besides: the smallest initial meld (RK-8, RK-9), legal plays over whole
games, the same answer for the same view whatever the rng (twins), and `going_out` against
the exact solver.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from core.api import Action
from core.rummikub import GAME, RummikubState
from core.rummikub.bots import BOTS, fewest_tiles
from core.rummikub.positions import random_position, state_at
from core.rummikub.sets import full_deck, read_set
from core.rummikub.solver import going_out, solve
from tests.core.rummikub_helpers import play
from tests.core.test_rummikub_solver import accepted, small_position

DRAW: Action = {"kind": "draw"}


def two_player(
    table: list[list[str]], hard: list[str], other: list[str], pool: list[str] | None
) -> RummikubState:
    """Seat 0 (to move) holds `hard`, seat 1 `other`, both melded. `pool` on top of the pool,
    the rest of the 106 tiles under it; None: the pool is empty (the other tiles are out of
    this position, which the end of a game does not count)."""
    state = state_at(table, hard, players=2)
    used = Counter(hard) + Counter(other) + Counter(t for s in table for t in s)
    rest = sorted((Counter(full_deck()) - used - Counter(pool or [])).elements())
    return replace(
        state,
        racks=(tuple(hard), tuple(other)),
        pool=() if pool is None else (*pool, *rest),
        melded=(True, True),
    )


def winners(state: RummikubState, first: Action | None) -> list[int]:
    """Play the position to its end: seat 0 (hard) answers `first` on its first turn (None:
    the bot decides), seat 1 is normal."""
    bots = [BOTS["hard"](), BOTS["normal"]()]
    rng = random.Random(0)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = bots[seat].act(GAME.view(state, seat), rng)
        if seat == 0 and first is not None:
            action, first = first, None
        state = GAME.apply(state, seat, action)
    return GAME.result(state)["winners"]


def hard_action(state: RummikubState) -> Action:
    return BOTS["hard"]().act(GAME.view(state, 0), random.Random(0))


def test_holding_back_wins_where_laying_would_let_the_next_player_out() -> None:
    """R10 B10 O10 laid now gives seat 1 a place for its last tile, K10 (RK-15): hard draws
    instead, seat 1 cannot play, and hard goes out with the K2 it drew (K1 K2 K3 K4 K5)."""
    state = two_player([["K3", "K4", "K5"]], ["R10", "B10", "O10", "K1"], ["K10"], ["K2", "O1"])
    assert hard_action(state) == DRAW
    assert winners(state, None) == [0]
    laid = play([["K3", "K4", "K5"], ["R10", "B10", "O10"]])
    assert BOTS["normal"]().act(GAME.view(state, 0), random.Random(0)) == laid
    assert winners(state, laid) == [1]


def test_laying_everything_wins_when_hard_can_go_out() -> None:
    """Going out now (RK-15) beats drawing, after which seat 1 lays K6 and goes out."""
    state = two_player([["K3", "K4", "K5"]], ["R10", "B10", "O10", "K2"], ["K6"], ["O1"])
    action = hard_action(state)
    assert sorted(map(sorted, action["table"])) == [
        ["B10", "O10", "R10"],
        ["K2", "K3", "K4", "K5"],
    ]
    assert winners(state, None) == [0]
    assert winners(state, DRAW) == [1]


def test_with_the_pool_empty_hard_lays_the_most_for_a_blocked_game() -> None:
    """RK-17: once nobody can play, the lowest rack wins: R10 B10 O10 laid leaves hard 1
    point against seat 1's 9; holding them back (passing) would leave it 31."""
    state = two_player([["K3", "K4", "K5"]], ["R10", "B10", "O10", "K1"], ["K9"], None)
    assert hard_action(state) == play([["K3", "K4", "K5"], ["R10", "B10", "O10"]])
    assert winners(state, None) == [0]
    assert winners(state, DRAW) == [1]


def test_the_initial_meld_is_the_smallest_worth_30() -> None:
    """RK-8: hard lays one set worth 30 of the three it has; normal lays all three."""
    rack = ["K10", "R10", "B10", "O2", "O3", "O4", "K11", "K12", "K13", "B1"]
    state = replace(state_at([], rack), melded=(False, False))
    assert hard_action(state) == play([["K11", "K12", "K13"]])
    normal = BOTS["normal"]().act(GAME.view(state, 0), random.Random(0))
    assert sum(map(len, normal["table"])) == 9
    # RK-9 option: a joker is kept back when a meld without one is as small
    assert fewest_tiles([["K9", "R9", "B9", "J"], ["O11", "O12", "O13"]]) == [["O11", "O12", "O13"]]
    assert fewest_tiles([["K9", "R9", "B9"], ["O1", "O2", "O3"], ["K4", "R4", "B4"]]) == [
        ["K9", "R9", "B9"],
        ["K4", "R4", "B4"],
    ]


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**63), st.sampled_from(["normal", "easy", "hard"]))
def test_hard_plays_legal_tables_and_lays_only_its_meld_or_everything(
    seed: int, others: str
) -> None:
    """Whole games (`apply` refuses an illegal table, RK-6 to RK-12): after its initial meld,
    while the pool lasts, every play of hard empties its rack. Its answer is the same for a
    twin of the position (what it cannot tell apart, RK-19 to RK-21) and for another rng."""
    state = GAME.new(4, seed, {"first": seed % 4})
    bots = [BOTS["hard"](), *(BOTS[others]() for _ in range(3))]
    rng = random.Random(seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        view = GAME.view(state, seat)
        action = bots[seat].act(view, rng)
        if seat == 0:
            twin = GAME.view(GAME.twin(state, 0, rng), 0)
            assert bots[0].act(twin, random.Random(seed + 1)) == action
        melded_play = seat == 0 and view["melded"][0] and action["kind"] == "play"
        state = GAME.apply(state, seat, action)
        if melded_play and view["pool_left"]:
            assert state.game_no > 1 or GAME.is_over(state)  # it went out (RK-15)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_going_out_is_found_exactly_when_the_solver_places_the_whole_rack(
    seed: int, jokers: bool
) -> None:
    rng = random.Random(seed)
    table, rack = small_position(rng, jokers)
    if rng.random() < 0.3:
        table, rack = random_position(rng, rng.randint(30, 60), rng.randint(2, 6), jokers)
    found = solve(table, rack)
    out = going_out(table, rack)
    assert (out is not None) == (found is not None and found[0] == len(rack))
    if out is not None:
        accepted(table, rack, out)
        placed = Counter(t for s in out for t in s) - Counter(t for s in table for t in s)
        assert placed == Counter(rack)
        assert all(read_set(s) for s in out)
