"""Replays (issue 16): every position through every pair of eyes is exactly the live view, and a
seen record holds nothing its seat did not see."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

from core import get_game, replay
from core.match import bot_record
from core.replay_views import (
    RecordReplay,
    SeenReplay,
    neighbour_start,
    open_replay,
    seen_record,
    segment_starts,
)

TABLES = {  # small seeded games: a whole game each, in well under a second
    "nothanks": (["easy"] * 3, {}),
    "papayoo": (["easy"] * 4, {"deals": 2}),
    "pasovec": (["easy"] * 3, {}),
    "rummikub": (["easy"] * 3, {"games": 2}),
}


SEED = 7_362_415_908_211


@cache
def record_of(game_id: str) -> str:
    levels, options = TABLES[game_id]
    return json.dumps(bot_record(game_id, levels, SEED, options))


def record(game_id: str) -> dict[str, Any]:
    return json.loads(record_of(game_id))  # a fresh copy: a test may break its own


def live_states(rec: dict[str, Any]) -> list[Any]:
    """The states a table went through, applied one by one as the host did."""
    game = get_game(rec["game"])
    states = [game.new(rec["players"], rec["seed"], rec["options"] or None)]
    for seat, action in rec["actions"]:
        states.append(game.apply(states[-1], seat, action))
    return states


def words(view: object) -> str:
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_position_through_every_eyes_is_the_live_view(game_id: str) -> None:
    """Stepped in a random order (keyframes, steps back and on), each position shows the
    view `game.view` gives of the replayed state for that seat or the spectator."""
    rec = record(game_id)
    game = get_game(game_id)
    states = live_states(rec)
    viewer = RecordReplay(rec, every=8)
    assert viewer.count == len(states)
    order = list(range(viewer.count))
    random.Random(game_id).shuffle(order)
    for position in order[:60] + list(range(viewer.count)):
        for seat in viewer.eyes:
            assert viewer.view(position, seat) == game.view(states[position], seat)
    some = order[0]
    assert viewer.view(some, 0) == game.view(replay({**rec, "actions": rec["actions"][:some]}), 0)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_a_seen_record_holds_its_seat_views_and_never_the_seed(game_id: str) -> None:
    rec = record(game_id)
    viewer = RecordReplay(rec)
    views = [viewer.view(p, 1) for p in range(viewer.count)]
    data = json.loads(json.dumps(seen_record(game_id, 1, [], views)))
    seen = open_replay(data)
    assert isinstance(seen, SeenReplay) and seen.eyes == [1]
    shown = [seen.view(p, 1) for p in range(seen.count)]
    assert all(view in views for view in shown) and shown[-1] == views[-1]
    assert '"seed"' not in words(data) and str(SEED) not in words(data)
    assert seen.segment_starts() == segment_starts(shown)
    with pytest.raises(ValueError, match="one seat"):
        seen.view(0, 0)


def test_no_thanks_removed_cards_never_show_in_any_replay_frame() -> None:
    """NT-4: the nine removed cards stay hidden for ever, the final view included."""
    rec = record("nothanks")
    removed = live_states(rec)[0].removed
    viewer = RecordReplay(rec)
    for position in range(viewer.count):
        for seat in viewer.eyes:
            view = viewer.view(position, seat)
            shown = {view["card"], *(c for cards in view["cards"] for c in cards)}
            assert not shown & set(removed)


def test_papayoo_others_hands_stay_hidden_during_play() -> None:
    """PY view rules: seat 0 sees its own hand only, in every frame of a replay."""
    rec = record("papayoo")
    states = live_states(rec)
    viewer = RecordReplay(rec)
    for position, state in enumerate(states):
        view = viewer.view(position, 0)
        assert set(view["hand"]) == set(get_game("papayoo").view(state, 0)["hand"])
        others = {card for seat in (1, 2, 3) for card in state.hands[seat]}
        assert not others & set(view["hand"])


def test_deals_rounds_and_games_start_segments() -> None:
    viewer = RecordReplay(record("papayoo"))
    starts = viewer.segment_starts()
    assert len(starts) == 2 and starts[0] == 0
    assert [viewer.view(s, None)["deal"] for s in starts] == [1, 2]
    assert neighbour_start(starts, starts[1] + 3, -1, viewer.count) == starts[1]
    assert neighbour_start(starts, starts[1], -1, viewer.count) == 0
    assert neighbour_start(starts, starts[1], 1, viewer.count) == viewer.count - 1
    assert len(RecordReplay(record("rummikub")).segment_starts()) == 2
    assert RecordReplay(record("nothanks")).segment_starts() == [0]


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"players": 9}, "players"),
        ({"actions": [[0, {"kind": "fly"}]]}, "does not replay"),
        ({"actions": [["x", {}]]}, "pairs"),
        ({"actions": []}, "not finished"),
        ({"seed": None}, "seed"),
    ],
)
def test_a_broken_record_is_refused_with_a_reason(change: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        open_replay({**record("nothanks"), **change})


@pytest.mark.parametrize(
    "data",
    [
        [1, 2],
        {"hello": 1},
        {"format": "gamenight-seen", "game": "nothanks", "seat": 0, "views": []},
        {"format": "gamenight-seen", "game": "nothanks", "seat": 0, "views": [{"log_keep": 3}]},
        {
            "format": "gamenight-seen",
            "game": "nothanks",
            "seat": 0,
            "views": [{"log_keep": 0, "log_add": [], "seat": 0, "over": True, "players": 3}],
        },
    ],
)
def test_foreign_data_is_not_a_record(data: object) -> None:
    with pytest.raises(ValueError, match="record"):
        open_replay(data)
