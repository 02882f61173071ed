"""Papayoo rules, one situation at a time (rule ids PY-n from shared/rules/papayoo.md)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core import IllegalMove
from core.api import chance
from core.papayoo.cards import ALL_CARDS, DIE_FACES, REMOVED_ONES, card_points
from tests.core.papayoo_helpers import (
    GAME,
    SUITED_PASSES,
    pass_all,
    play,
    suited_game,
)


@pytest.mark.parametrize(
    ("players", "each", "passed", "in_play"),
    [(3, 20, 5, 60), (4, 15, 5, 60), (5, 12, 4, 60), (6, 10, 3, 60), (7, 8, 3, 56), (8, 7, 3, 56)],
)
def test_the_deal_table(players: int, each: int, passed: int, in_play: int) -> None:
    """PY-8: hand sizes and pass counts; the four 1s are out of the game with 7 or 8."""
    state = GAME.new(players, 11)
    dealt = [card for hand in state.hands for card in hand]
    assert [len(hand) for hand in state.hands] == [each] * players
    assert len(dealt) == len(set(dealt)) == in_play
    assert set(dealt).isdisjoint(REMOVED_ONES) == (players >= 7)
    view = GAME.view(state, 0)
    assert view["pass_count"] == passed
    assert view["to_act"] == list(range(players))  # PY-9: everyone chooses at once
    assert view["phase"] == "pass"
    assert view["papayoo"] is None  # PY-11: the die is rolled after the pass


def test_the_deck_option_deals_in_order_and_is_checked() -> None:
    deck = list(ALL_CARDS)
    random.Random(3).shuffle(deck)
    state = GAME.new(4, 1, {"deck": deck})
    assert [sorted(h) for h in state.hands] == [
        sorted(deck[i * 15 : (i + 1) * 15]) for i in range(4)
    ]
    with pytest.raises(ValueError, match="deck"):
        GAME.new(4, 1, {"deck": deck[:-1]})
    with pytest.raises(ValueError, match="deck"):
        GAME.new(7, 1, {"deck": deck})  # 7 players play without the 1s (PY-8)


def test_options_and_player_counts_are_checked() -> None:
    """PY-7: `deals` is a whole number from 1 to 8; 3 to 8 players."""
    assert GAME.options == {"deals": 4}
    assert GAME.new(3, 1, {"deals": 8}).deals == 8
    for bad in (0, 9, "4", True):
        with pytest.raises(ValueError, match="deals"):
            GAME.new(4, 1, {"deals": bad})
    for players in (2, 9):
        with pytest.raises(ValueError, match="3 to 8"):
            GAME.new(players, 1)


def test_each_hand_after_the_pass() -> None:
    """PY-9: each hand is the old hand minus what it passed plus what its right neighbour
    passed."""
    before = suited_game()
    after = pass_all(before, SUITED_PASSES)
    for seat in range(3):
        expected = set(before.hands[seat]) - set(SUITED_PASSES[seat])
        expected |= set(SUITED_PASSES[(seat - 1) % 3])
        assert set(after.hands[seat]) == expected
        view = GAME.view(after, seat)
        assert view["my_pass"] == SUITED_PASSES[seat]
        assert view["received"] == SUITED_PASSES[(seat - 1) % 3]


def test_a_pass_stays_hidden_until_everyone_has_chosen() -> None:
    """PY-10/21: before the last choice nobody's hand changes and no other seat sees a pass;
    the chooser sees its own choice, everyone sees who has chosen."""
    state = suited_game()
    state = GAME.apply(state, 0, {"kind": "pass_cards", "cards": SUITED_PASSES[0]})
    state = GAME.apply(state, 2, {"kind": "pass_cards", "cards": SUITED_PASSES[2]})
    assert GAME.to_act(state) == [1]
    assert state.hands == suited_game().hands
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["passed_seats"] == [0, 2]
        assert view["received"] is None
        assert view["my_pass"] == (SUITED_PASSES[seat] if seat in (0, 2) else None)
        assert [e["type"] for e in view["log"]] == ["deal"]


def test_the_log_shows_each_seat_only_its_own_packets() -> None:
    """PY-19/21: the passer knows what it gave, the receiver what it got; a spectator only
    that a pass happened."""
    state = pass_all(suited_game(), SUITED_PASSES)
    spectator = next(e for e in GAME.view(state, None)["log"] if e["type"] == "pass")
    assert spectator == {"type": "pass", "deal": 1, "count": 5}
    entry = next(e for e in GAME.view(state, 1)["log"] if e["type"] == "pass")
    assert entry == {
        "type": "pass",
        "deal": 1,
        "count": 5,
        "given": SUITED_PASSES[1],
        "to": 2,
        "received": SUITED_PASSES[0],
        "from": 0,
    }


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        (["S1", "S2", "S3", "S4"], "exactly 5"),
        (["S1", "S2", "S3", "S4", "S4"], "only once"),
        (["S1", "S2", "S3", "S4", "H1"], "not in your hand"),
        ("S1 S2 S3 S4 S5", "exactly 5"),
        ([1, 2, 3, 4, 5], "not in your hand"),
    ],
)
def test_a_bad_pass_is_refused(cards: object, reason: str) -> None:
    with pytest.raises(IllegalMove, match=reason):
        GAME.apply(suited_game(), 0, {"kind": "pass_cards", "cards": cards})


def test_a_pass_is_final_and_play_waits_for_it() -> None:
    """PY-9: one pass each; nobody plays before the pass is done."""
    state = GAME.apply(suited_game(), 0, {"kind": "pass_cards", "cards": SUITED_PASSES[0]})
    with pytest.raises(IllegalMove, match="final"):
        GAME.apply(state, 0, {"kind": "pass_cards", "cards": ["S1", "S2", "S3", "S4", "S5"]})
    with pytest.raises(IllegalMove, match="passed"):
        GAME.apply(state, 0, {"kind": "play", "card": "S1"})
    done = pass_all(state, {1: SUITED_PASSES[1], 2: SUITED_PASSES[2]})
    with pytest.raises(IllegalMove, match="time to play"):
        GAME.apply(done, 1, {"kind": "pass_cards", "cards": ["H1", "H2", "H3", "H4", "H5"]})


def test_the_die_names_the_papayoo() -> None:
    """PY-3/11: the 7 of the suit rolled, from the record's chance after the pass; each suit
    is on two of the eight faces."""
    assert Counter(DIE_FACES) == {"S": 2, "H": 2, "D": 2, "C": 2}
    seen = Counter()
    for seed in range(200):
        state = GAME.new(3, seed, {"deck": list(ALL_CARDS), "first": 0})
        state = pass_all(state, {s: list(state.hands[s][:5]) for s in range(3)})
        face = chance(seed, "die", 0).choice(DIE_FACES)
        assert state.papayoo == f"{face}7"
        assert GAME.view(state, None)["papayoo"] == state.papayoo
        seen[face] += 1
    assert set(seen) == {"S", "H", "D", "C"}
    assert all(30 <= n <= 70 for n in seen.values())


def test_card_values() -> None:
    """PY-4/5/6: Payoos at face value, the Papayoo 40, the rest 0: 250 per deal."""
    assert card_points("P20", "H7") == 20
    assert card_points("H7", "H7") == 40
    assert card_points("S7", "H7") == card_points("S10", "H7") == 0
    assert sum(card_points(card, "D7") for card in ALL_CARDS) == 250


def test_the_dealer_leads_and_players_must_follow_suit() -> None:
    """PY-12/13: the dealer leads anything; a player holding the suit led must follow it,
    and is told so; only the legal cards are listed."""
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    assert GAME.to_act(state) == [0]
    with pytest.raises(IllegalMove, match="turn"):
        GAME.apply(state, 1, {"kind": "play", "card": "H1"})
    state = play(state, "S1")
    view = GAME.view(state, 1)
    assert view["lead_suit"] == "S"
    assert view["legal"] == ["S6", "S7", "S8", "S9", "S10"]
    assert [a["card"] for a in GAME.legal_actions(state, 1)] == view["legal"]
    with pytest.raises(IllegalMove, match="follow suit"):
        GAME.apply(state, 1, {"kind": "play", "card": "H1"})
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.apply(state, 1, {"kind": "play", "card": "S2"})


def test_the_trick_goes_to_the_highest_card_of_the_suit_led_who_leads_next() -> None:
    """PY-13/14/15: seat 2 has no spades and may play anything; seat 1's S6 wins and leads."""
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    state = play(state, "S1", "S6", "C10")
    assert state.turn == 1
    view = GAME.view(state, None)
    assert view["last_trick"] == {
        "cards": [[0, "S1"], [1, "S6"], [2, "C10"]],
        "winner": 1,
        "points": 0,
    }
    assert view["trick"] == []
    assert view["log"][-1]["type"] == "trick"


def test_a_trick_nobody_follows_goes_to_its_leader_with_its_points() -> None:
    """PY-14/17: with no card of the suit led, the leader's card wins; Payoos count."""
    state = pass_all(suited_game(first=2), SUITED_PASSES)
    state = play(state, "C1", "P10", "P20")  # seats 2, 0, 1: nobody else has clubs
    assert state.turn == 2
    assert state.points == (0, 0, 30)


def test_a_deal_hands_out_250_points_and_the_dealer_moves_on() -> None:
    """PY-6/7/16/17: after the last trick the points add up to 250, go into the totals, and
    the next deal starts at once with the next dealer, shuffled."""
    rng = random.Random(2)
    state = GAME.new(5, 8, {"first": 3, "deals": 3})
    dealers = [state.dealer]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        deal = state.deal
        state = GAME.apply(state, seat, GAME.random_action(state, seat, rng))
        if state.deal != deal:
            dealers.append(state.dealer)
            assert state.phase == "pass" and state.points == (0,) * 5
            assert sum(state.totals) == 250 * state.deal
    assert dealers == [3, 4, 0]
    assert sum(state.totals) == 750
    summaries = [e for e in GAME.view(state, 2)["log"] if e["type"] == "deal_end"]
    assert [e["deal"] for e in summaries] == [1, 2, 3]
    assert all(sum(e["points"]) == 250 for e in summaries)
    assert summaries[-1]["totals"] == list(state.totals)


def test_fewest_points_win_and_ties_share() -> None:
    """PY-18: the result lists every seat tied for the fewest points."""
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    tied = state.copy()
    tied.phase, tied.turn, tied.totals = "over", None, (100, 50, 50)
    assert GAME.result(tied) == {"scores": [100, 50, 50], "winners": [1, 2]}
    alone = tied.copy()
    alone.totals = (0, 50, 200)
    assert GAME.result(alone)["winners"] == [0]
    assert GAME.result(state)["winners"] == []


def test_default_actions_are_legal() -> None:
    """The fallback of a crashed bot: the most dangerous cards to pass, the lowest legal card
    to play."""
    state = suited_game()
    action = GAME.default_action(state, 1)
    assert action == {"kind": "pass_cards", "cards": ["P16", "P17", "P18", "P19", "P20"]}
    state = pass_all(state, SUITED_PASSES)
    state = play(state, "S5")
    assert GAME.default_action(state, 1) == {"kind": "play", "card": "S6"}


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("play", "map"),
        ({"kind": "roll"}, "unknown action kind"),
        ({"kind": "play"}, "'card'"),
        ({"kind": "play", "card": "S1", "extra": 1}, "'card'"),
        ({"kind": "pass_cards", "cards": [], "x": 1}, "'cards'"),
    ],
)
def test_malformed_actions_are_refused(action: object, reason: str) -> None:
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    with pytest.raises(IllegalMove, match=reason):
        GAME.apply(state, 0, action)  # type: ignore[arg-type]


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = pass_all(suited_game(first=0), SUITED_PASSES)
    over = state.copy()
    over.phase, over.turn = "over", None
    assert GAME.to_act(over) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(over, 0, {"kind": "play", "card": "S1"})
    with pytest.raises(IllegalMove, match="seat"):
        GAME.apply(state, 3, {"kind": "play", "card": "S1"})
