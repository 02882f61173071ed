"""Pásovec rules, cited by rule id (../shared/rules/pasovec.md)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import core
from core.pasovec import PasovecState
from core.pasovec.dice import COMBOS
from core.pasovec.rules import CARDS, winners

GAME = core.get_game("pasovec")
ONE_RED = {"kind": "roll", "dice": {"red": 1}}
TOKEN = {"kind": "token"}


def discard(card: int) -> dict[str, Any]:
    return {"kind": "discard", "card": card}


def deck_with_hands(*hands: list[int]) -> list[int]:
    """A full 60-card order dealing `hands` (10 cards each) to seats 0, 1, ... in round 1."""
    rest = list(CARDS)
    for hand in hands:
        for card in hand:
            rest.remove(card)
    return [card for hand in hands for card in hand] + rest


def deciding(
    hands: list[list[int]], tokens: list[int] | None = None, total: int = 10
) -> PasovecState:
    """A table right after seat 0 rolled `total`, with the given hands and tokens.

    The hands come in through the `deck` option; the sum and the tokens are set on the state
    directly (states are plain values), which is how a test fixes what dice would only give by
    luck.
    """
    full = [h + [c for c in range(1, 21) if c not in h][: 10 - len(h)] for h in hands]
    state = GAME.new(len(hands), seed=3, options={"first": 0, "deck": deck_with_hands(*full)})
    state = GAME.apply(state, 0, ONE_RED)
    fixed = state.clone()
    fixed.sum = total
    fixed.hands = tuple(tuple(sorted(h)) for h in hands)
    if tokens is not None:
        fixed.tokens = tuple(tokens)
    return fixed


def decide_all(state: PasovecState, actions: dict[int, dict[str, Any]]) -> PasovecState:
    """Every seat decides: the given actions, a token for the rest."""
    for seat in range(state.players):
        state = GAME.apply(state, seat, actions.get(seat, TOKEN))
    return state


def test_registered_under_its_id() -> None:
    assert core.GAMES["pasovec"] is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert GAME.options == {} and GAME.option_specs == ()


@pytest.mark.parametrize("players", [1, 7, 0, "4", True])
def test_player_count_out_of_range_is_refused(players: object) -> None:
    with pytest.raises(ValueError):
        GAME.new(players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", range(2, 7))
def test_pa1_pa4_pa5_setup(players: int) -> None:
    """60 cards, 10 each, the rest set aside; 2 tokens each; the roller rolls first."""
    state = GAME.new(players, seed=players)
    assert sorted([c for h in state.hands for c in h] + list(state.aside)) == list(CARDS)
    assert [len(h) for h in state.hands] == [10] * players
    assert len(state.aside) == 60 - 10 * players
    assert state.tokens == (2,) * players
    assert GAME.to_act(state) == [state.active] and state.phase == "roll"


def test_pa5_deck_option_deals_round_one() -> None:
    deck = list(range(1, 21)) * 3
    state = GAME.new(4, seed=0, options={"deck": deck})
    assert state.hands[0] == tuple(range(1, 11)) and state.hands[1] == tuple(range(11, 21))
    assert state.aside == tuple(deck[40:])


@pytest.mark.parametrize(
    "deck", [list(CARDS[:-1]), [*CARDS[:-1], 21], "1,2", [str(c) for c in CARDS], [True] * 60]
)
def test_a_deck_that_is_not_a_permutation_is_refused(deck: object) -> None:
    with pytest.raises(ValueError, match="deck"):
        GAME.new(3, seed=0, options={"deck": deck})


def test_pa6_first_player_random_but_seeded_and_later_rounds_move_clockwise() -> None:
    assert {GAME.new(5, seed=s).active for s in range(60)} == set(range(5))
    assert GAME.new(5, seed=9).active == GAME.new(5, seed=9).active
    state = GAME.new(3, seed=1, options={"first": 2})
    starters = [state.active]
    while not GAME.is_over(state):  # seat 0 sheds a card whenever it can; others take tokens
        if state.phase == "roll":
            state = GAME.apply(state, state.active, ONE_RED)
            continue
        state = decide_all(state, {0: GAME.legal_actions(state, 0)[-1]})
        if state.phase == "roll" and state.entries()[-1][0] == "deal":
            starters.append(state.active)
    assert starters == [2, 0, 1]


def test_pa7_roll_choices_and_refusals() -> None:
    state = GAME.new(3, seed=4, options={"first": 1})
    assert len(GAME.legal_actions(state, 1)) == 26 == len(COMBOS)
    assert GAME.legal_actions(state, 0) == []
    rolled = GAME.apply(state, 1, {"kind": "roll", "dice": {"blue": 1, "red": 1}})
    assert 8 <= rolled.sum <= 12 and [c for c, _ in rolled.roll] == ["blue", "red"]
    assert GAME.to_act(rolled) == [0, 1, 2] and rolled.phase == "decide"


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (0, ONE_RED, "seat 1's roll"),
        (1, {"kind": "roll", "dice": {}}, "at least one die"),
        (1, {"kind": "roll", "dice": {"blue": 3}}, "0, 1 or 2 blue"),
        (1, {"kind": "roll", "dice": {"red": -1}}, "0, 1 or 2 red"),
        (1, {"kind": "roll", "dice": {"red": True}}, "0, 1 or 2 red"),
        (1, {"kind": "roll", "dice": {"green": 1}}, "no 'green' dice"),
        (1, {"kind": "roll", "dice": [1, 0, 1]}, "names its dice as a map"),
        (1, {"kind": "roll"}, "takes 'dice'"),
        (1, {"kind": "roll", "dice": {"red": 1}, "cheat": 1}, "takes 'dice'"),
        (1, TOKEN, "rolls first"),
        (1, discard(5), "rolls first"),
        (1, {"kind": "steal"}, "unknown action kind"),
        (1, "roll", "must be a map"),
        (7, ONE_RED, "no seat 7"),
        (None, ONE_RED, "no seat None"),
    ],
)
def test_illegal_actions_raise_a_readable_reason_and_change_nothing(
    seat: Any, action: Any, reason: str
) -> None:
    state = GAME.new(3, seed=4, options={"first": 1})
    before = copy.deepcopy(state)
    with pytest.raises(core.IllegalMove, match=reason):
        GAME.apply(state, seat, action)
    assert state == before


@pytest.mark.parametrize(
    ("card", "total", "price"),
    [(10, 10, 0), (11, 10, 1), (8, 10, 2), (13, 10, 3), (14, 10, 4), (20, 10, 4), (1, 36, 4)],
)
def test_pa8_cost_is_charged_exactly(card: int, total: int, price: int) -> None:
    state = deciding([[card, 5], [15, 16]], tokens=[5, 2], total=total)
    state = decide_all(state, {0: discard(card)})
    assert state.tokens[0] == 5 - price
    assert state.hands[0] == (5,)
    assert GAME.view(state, None)["log"][-1] == {
        "type": "reveal",
        "sum": total,
        "decisions": [
            {"seat": 0, "kind": "discard", "card": card, "cost": price},
            {"seat": 1, "kind": "token", "gained": 1},
        ],
    }


def test_pa8_a_discard_costing_more_than_held_is_refused_with_a_reason() -> None:
    state = deciding([[14, 5], [15, 16]], tokens=[2, 2], total=11)
    assert {"kind": "discard", "card": 14} not in GAME.legal_actions(state, 0)
    with pytest.raises(core.IllegalMove, match="costs 3 tokens and you hold 2"):
        GAME.apply(state, 0, discard(14))
    with pytest.raises(core.IllegalMove, match="no 7 in your hand"):
        GAME.apply(state, 0, discard(7))
    for bad in ("14", 14.0, True, None):
        with pytest.raises(core.IllegalMove, match="by its number"):
            GAME.apply(state, 0, {"kind": "discard", "card": bad})
    with pytest.raises(core.IllegalMove, match="takes 'card'"):
        GAME.apply(state, 0, {"kind": "discard"})
    with pytest.raises(core.IllegalMove, match="takes no other fields"):
        GAME.apply(state, 0, {"kind": "token", "card": 14})


def test_pa3_pa8_never_more_than_five_tokens() -> None:
    state = deciding([[3, 4], [15, 16]], tokens=[5, 4], total=10)
    state = decide_all(state, {})
    assert state.tokens == (5, 5)
    assert GAME.view(state, 1)["log"][-1]["decisions"] == [
        {"seat": 0, "kind": "token", "gained": 0},
        {"seat": 1, "kind": "token", "gained": 1},
    ]


def test_pa8_one_card_per_roll_even_with_several_equal_to_the_sum() -> None:
    state = deciding([[9, 9, 9, 4], [15, 16]], tokens=[2, 2], total=9)
    assert GAME.legal_actions(state, 0) == [TOKEN, discard(9)]
    state = GAME.apply(state, 0, discard(9))
    assert GAME.to_act(state) == [1]
    with pytest.raises(core.IllegalMove, match="already decided"):
        GAME.apply(state, 0, discard(9))
    state = GAME.apply(state, 1, TOKEN)
    assert state.hands[0] == (4, 9, 9)


def test_pa8_pa9_pa15_decisions_are_secret_until_all_have_decided() -> None:
    state = deciding([[9, 4], [12, 16], [1, 2]], tokens=[2, 3, 2], total=10)
    state = GAME.apply(state, 1, discard(12))
    for seat in (0, 2, None):
        view = GAME.view(state, seat)
        assert view["decided"] == [1] and view["decision"] is None
        assert view["to_act"] == [0, 2]
        assert view["tokens"] == [2, 3, 2] and view["hand_sizes"] == [2, 2, 2]
    assert GAME.view(state, 1)["decision"] == discard(12)
    assert state.hands[1] == (12, 16)  # PA-9: nothing is carried out yet
    state = GAME.apply(state, 0, discard(9))
    state = GAME.apply(state, 2, TOKEN)
    reveal = GAME.view(state, 2)["log"][-1]
    assert reveal == {
        "type": "reveal",
        "sum": 10,
        "decisions": [
            {"seat": 0, "kind": "discard", "card": 9, "cost": 1},
            {"seat": 1, "kind": "discard", "card": 12, "cost": 2},
            {"seat": 2, "kind": "token", "gained": 1},
        ],
    }
    view = GAME.view(state, 0)
    assert view["discards"] == [9, 12] and view["decided"] == [] and view["decision"] is None
    assert view["tokens"] == [1, 1, 3] and view["hand_sizes"] == [1, 1, 2]
    assert view["active"] == 1 and view["phase"] == "roll"  # PA-10


def test_pa11_pa12_the_round_ends_after_the_roll_that_empties_a_hand() -> None:
    state = deciding([[10], [11, 3, 4], [10, 12]], tokens=[2, 2, 0], total=10)
    state = GAME.apply(state, 0, discard(10))
    assert state.round == 1 and GAME.to_act(state) == [1, 2]  # everyone decides on it
    state = GAME.apply(state, 1, discard(11))
    state = GAME.apply(state, 2, discard(10))  # seat 2 sheds on the last roll too
    assert state.penalties == ((0, 2, 1),)
    assert [e[0] for e in state.entries()[-3:]] == ["reveal", "round_end", "deal"]
    assert state.round == 2 and state.active == state.starter == 1  # PA-6
    assert [len(h) for h in state.hands] == [10, 10, 10]
    assert sorted([c for h in state.hands for c in h] + list(state.aside)) == list(CARDS)
    assert state.tokens == (2, 1, 0) and state.discards == ()  # PA-4: tokens are kept
    view = GAME.view(state, 1)
    assert view["penalties"] == [0, 2, 1] and view["round_penalties"] == [[0, 2, 1]]
    assert view["log"][-2] == {"type": "round_end", "round": 1, "penalties": [0, 2, 1]}


def test_pa11_several_hands_may_empty_together() -> None:
    state = deciding([[10], [11], [5, 6]], tokens=[2, 2, 2], total=10)
    state = decide_all(state, {0: discard(10), 1: discard(11)})
    assert state.penalties == ((0, 0, 2),)


def finished(penalties: list[tuple[int, ...]], tokens: list[int]) -> PasovecState:
    """The last roll of round 3 after two rounds with `penalties[:2]`: seat 0 sheds its last
    card and the others keep the cards `penalties[2]` says."""
    players = len(tokens)
    last = penalties[2]
    hands = [[10] if i == 0 else list(range(1, 1 + last[i])) for i in range(players)]
    state = deciding(hands, tokens=tokens, total=10)
    state.round, state.penalties = 3, tuple(penalties[:2])
    return decide_all(state, {0: discard(10)})


def test_pa13_pa14_fewest_penalties_win() -> None:
    state = finished([(3, 0, 2), (1, 2, 0), (0, 1, 2)], tokens=[2, 2, 2])
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert GAME.result(state) == {"scores": [4, 3, 4], "winners": [1]}
    assert state.entries()[-1] == ("game_end", (1,), None)
    view = GAME.view(state, 0)
    assert view["over"] and view["phase"] == "over" and view["result"] == GAME.result(state)
    with pytest.raises(core.IllegalMove, match="over"):
        GAME.apply(state, 0, TOKEN)


def test_pa14_a_tie_is_broken_by_tokens() -> None:
    state = finished([(1, 0, 2), (1, 2, 0), (0, 1, 1)], tokens=[2, 3, 4])
    assert GAME.result(state) == {"scores": [2, 3, 3], "winners": [0]}
    state = finished([(2, 0, 2), (1, 2, 0), (0, 1, 1)], tokens=[2, 3, 4])
    # seat 0 pays nothing, ends with 2 tokens; seats 1 and 2 take one: 4 and 5
    assert GAME.result(state) == {"scores": [3, 3, 3], "winners": [2]}
    assert GAME.view(state, 1)["log"][-1] == {
        "type": "game_end",
        "winners": [2],
        "tie_break": "tokens",
    }


def test_pa14_players_still_tied_win_together() -> None:
    state = finished([(2, 1, 2), (1, 2, 0), (0, 1, 2)], tokens=[3, 2, 2])
    assert GAME.result(state) == {"scores": [3, 4, 4], "winners": [0]}
    assert winners([3, 3, 4], [5, 5, 5]) == ([0, 1], "shared")
    assert winners([3, 3, 4], [4, 5, 5]) == ([1], "tokens")
    assert winners([2, 3, 4], [0, 5, 5]) == ([0], None)


def test_result_before_the_end_has_running_totals_and_no_winner() -> None:
    state = GAME.new(2, seed=1)
    assert GAME.result(state) == {"scores": [0, 0], "winners": []}


def test_default_action_takes_a_token_and_rolls_legally() -> None:
    state = GAME.new(4, seed=2, options={"first": 3})
    roll = GAME.default_action(state, 3)
    assert roll in GAME.legal_actions(state, 3)
    state = GAME.apply(state, 3, roll)
    for seat in range(4):
        assert GAME.default_action(state, seat) == TOKEN


def test_pa16_pa17_views_are_plain_data_without_seed_deck_or_other_hands() -> None:
    seed = 987654321123
    state = GAME.new(4, seed=seed, options={"first": 0})
    state = GAME.apply(state, 0, {"kind": "roll", "dice": {"blue": 1, "yellow": 2}})
    for seat in [None, 0, 1, 2, 3]:
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert json.loads(text) == view
        assert str(seed) not in text
        for key in ("aside", "seed", "tape", "choices"):
            assert f'"{key}"' not in text
        assert view["hand"] == (None if seat is None else list(state.hands[seat]))
        assert view["hand_sizes"] == [10] * 4 and view["tokens"] == [2] * 4
        assert view["dice"] == {"blue": 1, "yellow": 2, "red": 0}
        assert view["sum"] == sum(v for _, v in view["roll"])
        assert (view["round"], view["active"], view["phase"]) == (1, 0, "decide")


def test_replay_rebuilds_the_state_from_the_record() -> None:
    record = core.new_record("pasovec", 3, seed=77, options={"first": 1})
    state = GAME.new(3, 77, {"first": 1})
    actions = [(1, ONE_RED), (0, TOKEN), (2, TOKEN), (1, TOKEN), (2, ONE_RED)]
    for seat, action in actions:
        state = GAME.apply(state, seat, action)
        core.record_action(record, seat, action)
    assert core.replay(json.loads(json.dumps(record))) == state


class Intent(dict):  # type: ignore[type-arg]
    """An action in a dict subclass: legal, but not what `apply`'s short path checks for."""


def test_the_short_path_and_the_checked_path_of_apply_agree() -> None:
    """`apply` accepts well-formed legal actions by quick checks and examines anything else
    step by step: both must make the same moves (PA-7, PA-8)."""
    state = deciding([[9, 9, 4, 12], [15, 16]], tokens=[2, 2], total=10)
    for action in GAME.legal_actions(state, 0):
        quick = GAME.apply(state, 0, action)
        slow = GAME.apply(state, 0, Intent(action))
        assert quick == slow and quick.choices[0] == action.get("card", 0)
    rolling = GAME.new(3, seed=4, options={"first": 1})
    for action in GAME.legal_actions(rolling, 1):
        slow_action = Intent(action, dice=Intent(action["dice"]))
        assert GAME.apply(rolling, 1, action) == GAME.apply(rolling, 1, slow_action)
    full = {"kind": "roll", "dice": {"blue": 0, "yellow": 0, "red": 1}}
    assert GAME.apply(rolling, 1, ONE_RED) == GAME.apply(rolling, 1, full)  # 0 when left out
