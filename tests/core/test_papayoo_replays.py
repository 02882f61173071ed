"""The engine agrees move for move with the one that recorded `data/papayoo_replays.json`
(issue 38: the engine was made faster with the rules unchanged, PY-1 to PY-21)."""

from __future__ import annotations

import json
import pickle

import pytest

from tests.core.papayoo_replays import DATA, GAME, decode, step_digest

RECORDS = json.loads(DATA.read_text(encoding="utf-8"))


def test_the_records_cover_every_player_count_and_several_deals() -> None:
    assert {r["players"] for r in RECORDS} == set(range(3, 9))
    assert {r["deals"] for r in RECORDS} == {1, 2, 3}


@pytest.mark.parametrize("rec", RECORDS, ids=lambda r: f"{r['players']}p-{r['seed']}")
def test_a_recorded_game_replays_with_the_same_views_and_result(rec: dict) -> None:
    """Every step: to_act, every seat's view and the spectator's, the legal actions and the
    result hash as they did when the game was recorded; every move is still accepted."""
    state = GAME.new(rec["players"], rec["seed"], {"deals": rec["deals"]})
    digests = [rec["digests"][i : i + 8] for i in range(0, len(rec["digests"]), 8)]
    moves = rec["moves"].split()
    assert len(digests) == len(moves) + 1
    for step, (move, digest) in enumerate(zip(moves, digests, strict=False)):
        seat, _, code = move.partition(":")
        assert step_digest(state, int(seat)) == digest, f"step {step} ({move}) differs"
        state = GAME.apply(state, int(seat), decode(code))
    assert GAME.is_over(state)
    assert step_digest(state, None) == digests[-1]


def test_a_branch_from_an_earlier_state_leaves_both_lines_logs_as_they_were() -> None:
    """States share their log while play goes one way (core/papayoo/journal.py); playing
    another card from an earlier state forks it, and no state's log or view changes."""
    rec = RECORDS[3]
    state = GAME.new(rec["players"], rec["seed"], {"deals": rec["deals"]})
    line = [state]
    for move in rec["moves"].split()[:40]:
        seat, _, code = move.partition(":")
        line.append(GAME.apply(line[-1], int(seat), decode(code)))
    before = [(s.entries(), GAME.view(s, 0), GAME.view(s, None)) for s in line]
    branch_from = line[25]
    seat = GAME.to_act(branch_from)[0]
    for action in GAME.legal_actions(branch_from, seat):
        other = GAME.apply(branch_from, seat, action)
        GAME.apply(other, GAME.to_act(other)[0], GAME.default_action(other, GAME.to_act(other)[0]))
        assert other.entries()[-1] == ("play", seat, action["card"])
    after = [(s.entries(), GAME.view(s, 0), GAME.view(s, None)) for s in line]
    assert after == before
    assert pickle.loads(pickle.dumps(line[10])) == line[10]
    assert len(pickle.loads(pickle.dumps(line[10])).journal.entries) == line[10].logged
