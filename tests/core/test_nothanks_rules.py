"""No Thanks! rules, cited by rule id (../shared/rules/nothanks.md)."""

from __future__ import annotations

import copy
import json

import pytest

import core
from core.nothanks import card_points, runs, start_tokens

GAME = core.get_game("nothanks")
CARDS = list(range(3, 36))


def deck_with_top(*top: int) -> list[int]:
    """A full 33-card order whose first cards are `top` (the rest ascending)."""
    return [*top, *(c for c in CARDS if c not in top)]


def test_registered_under_its_id() -> None:
    assert core.GAMES["nothanks"] is GAME
    assert (GAME.min_players, GAME.max_players) == (3, 7)
    with pytest.raises(KeyError, match="no game 'chess'"):
        core.get_game("chess")


@pytest.mark.parametrize("players", [2, 8, 0, -1, "4", True])
def test_player_count_out_of_range_is_refused(players: object) -> None:
    with pytest.raises(ValueError):
        GAME.new(players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "tokens"), [(3, 11), (4, 11), (5, 11), (6, 9), (7, 7)])
def test_nt3_tokens_per_player(players: int, tokens: int) -> None:
    state = GAME.new(players, seed=5)
    assert start_tokens(players) == tokens
    assert GAME.view(state, 0)["tokens"][0] == tokens
    assert sum(state.tokens) == players * tokens <= 55  # NT-2


def test_nt4_24_cards_in_play_9_removed() -> None:
    state = GAME.new(4, seed=3)
    in_play = [state.card, *state.deck]
    assert len(in_play) == 24 and len(state.removed) == 9
    assert sorted(in_play + list(state.removed)) == CARDS  # NT-1


def test_nt5_first_player_turns_up_the_top_card() -> None:
    deck = deck_with_top(20, 5)
    state = GAME.new(3, seed=0, options={"first": 2, "deck": deck})
    view = GAME.view(state, 2)
    assert (view["card"], view["pot"], view["turn"], view["to_act"]) == (20, 0, 2, [2])
    assert view["deck_left"] == 23
    assert state.removed == tuple(deck[24:])


def test_option_first_is_random_but_seeded_without_it() -> None:
    firsts = {GAME.new(5, seed=s).turn for s in range(40)}
    assert firsts == set(range(5))
    assert GAME.new(5, seed=9).turn == GAME.new(5, seed=9).turn


@pytest.mark.parametrize(
    "deck",
    [CARDS[:-1], [*CARDS[:-1], 3], [*CARDS[:-1], 36], "3,4", 0, [str(c) for c in CARDS]],
)
def test_a_deck_that_is_not_a_permutation_is_refused(deck: object) -> None:
    with pytest.raises(ValueError, match="deck"):
        GAME.new(3, seed=0, options={"deck": deck})


def test_rulebook_worked_example() -> None:
    """Arsalan (0), Arya (1), Sorena (2): 11 passed twice, Sorena takes it, turns up 16, passes."""
    state = GAME.new(3, seed=0, options={"first": 0, "deck": deck_with_top(11, 16)})
    state = GAME.apply(state, 0, {"kind": "pass"})  # NT-7
    assert (state.pot, state.turn) == (1, 1)
    state = GAME.apply(state, 1, {"kind": "pass"})
    assert (state.pot, state.turn) == (2, 2)
    state = GAME.apply(state, 2, {"kind": "take"})  # NT-6: the card with its tokens
    assert state.cards[2] == (11,) and state.tokens == (10, 10, 13)
    assert (state.card, state.pot, state.turn) == (16, 0, 2)  # NT-6: the turn does not pass
    state = GAME.apply(state, 2, {"kind": "pass"})
    assert (state.pot, state.turn) == (1, 0)


def test_nt8_no_tokens_means_take() -> None:
    state = GAME.new(3, seed=0, options={"first": 0, "deck": deck_with_top(35)})
    for _ in range(11):  # NT-9: the same card goes round and round
        for seat in range(3):
            state = GAME.apply(state, seat, {"kind": "pass"})
    assert state.tokens == (0, 0, 0) and state.pot == 33
    assert GAME.legal_actions(state, 0) == [{"kind": "take"}]
    with pytest.raises(core.IllegalMove, match="no tokens"):
        GAME.apply(state, 0, {"kind": "pass"})
    state = GAME.apply(state, 0, {"kind": "take"})
    assert state.tokens == (33, 0, 0)


def test_nt10_game_ends_when_the_24th_card_is_taken() -> None:
    state = GAME.new(3, seed=2, options={"first": 1})
    for taken in range(1, 25):
        assert not GAME.is_over(state)
        assert GAME.result(state)["winners"] == []
        state = GAME.apply(state, state.turn, {"kind": "take"})
        assert sum(len(c) for c in state.cards) == taken
    assert GAME.is_over(state)
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 1) == []
    assert state.cards[1] == tuple(sorted(c for c in CARDS if c not in state.removed))
    with pytest.raises(core.IllegalMove, match="over"):
        GAME.apply(state, 1, {"kind": "take"})


def test_nt11_scoring_examples() -> None:
    assert card_points([7, 15, 16, 17, 29]) - 8 == 43
    assert runs([29, 7, 16, 15, 17]) == [[7], [15, 16, 17], [29]]
    assert card_points([]) == 0
    assert card_points([35, 34, 33, 3]) == 36


def test_nt12_ties_share_the_win() -> None:
    # Seat 0 takes every card (NT-6 keeps the turn) and is left with one run worth 3.
    state = GAME.new(3, seed=0, options={"first": 0, "deck": deck_with_top(*range(3, 27))})
    for _ in range(24):
        state = GAME.apply(state, state.turn, {"kind": "take"})
    result = GAME.result(state)
    assert result["scores"] == [3 - 11, -11, -11]
    assert result["winners"] == [1, 2]


def test_nt13_nt14_view_shows_own_tokens_only_until_the_end() -> None:
    state = GAME.new(4, seed=8, options={"first": 0})
    state = GAME.apply(state, 0, {"kind": "pass"})
    for seat in range(4):
        own = 10 if seat == 0 else 11
        assert GAME.view(state, seat)["tokens"] == [own if i == seat else None for i in range(4)]
    assert GAME.view(state, None)["tokens"] == [None] * 4
    assert GAME.view(state, 2)["log"][-1] == {
        "type": "pass",
        "seat": 0,
        "card": state.card,
        "pot": 1,
    }
    while not GAME.is_over(state):
        state = GAME.apply(state, state.turn, {"kind": "take"})
    final = GAME.view(state, None)
    assert final["tokens"] == list(state.tokens)  # NT-14: revealed with the scores
    assert final["result"] == GAME.result(state)


def test_nt15_views_never_hold_the_deck_order_removed_cards_or_seed() -> None:
    seed = 987654321123
    state = GAME.new(5, seed=seed)
    while not GAME.is_over(state):
        for seat in [None, *range(5)]:
            text = json.dumps(GAME.view(state, seat))
            assert str(seed) not in text
            for key in ("deck", "removed", "seed"):
                assert f'"{key}"' not in text
        state = GAME.apply(state, state.turn, {"kind": "take"})
    final = GAME.view(state, 0)
    seen = {c for cards in final["cards"] for c in cards}
    assert seen.isdisjoint(state.removed)
    assert json.loads(json.dumps(final)) == final  # plain data only


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (1, {"kind": "take"}, "seat 0's turn"),
        (0, {"kind": "steal"}, "unknown action kind"),
        (0, {}, "unknown action kind"),
        (0, "take", "must be a map"),
        (0, None, "must be a map"),
        (0, {"kind": "take", "card": 12}, "no other fields"),
        (9, {"kind": "take"}, "no seat 9"),
        (True, {"kind": "take"}, "no seat True"),
        (0, {"kind": "x" * 100_000}, r"unknown action kind 'x{17}\.\.\.x{18}'; this"),
        (0, {"kind": ["take"]}, "unknown action kind"),
        (0, {"kind": "take", "a" * 5000: 1}, r"no other fields \(got \['aaaa"),
    ],
)
def test_illegal_actions_raise_a_readable_reason_and_change_nothing(
    seat: int, action: object, reason: str
) -> None:
    state = GAME.new(3, seed=4, options={"first": 0})
    before = copy.deepcopy(state)
    with pytest.raises(core.IllegalMove, match=reason):
        GAME.apply(state, seat, action)  # type: ignore[arg-type]
    assert state == before


def test_replay_rebuilds_the_state_from_the_record() -> None:
    record = core.new_record("nothanks", 3, seed=77, options={"first": 1})
    state = GAME.new(3, 77, {"first": 1})
    for action in [{"kind": "pass"}, {"kind": "take"}, {"kind": "take"}, {"kind": "pass"}]:
        seat = state.turn
        state = GAME.apply(state, seat, action)
        core.record_action(record, seat, action)
    assert core.replay(json.loads(json.dumps(record))) == state
