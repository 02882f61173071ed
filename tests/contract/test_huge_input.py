"""Huge and hostile actions, for every game: refused in words that quote at most MAX_ECHO
characters of what the client sent (net/PROTOCOL.md, `error`), and Rummikub's impossible
tables refused before a tile is read (issue 22).

The inputs are made from each game's own actions: every field of a real action (a random one
of the seat to act) replaced by a huge string, a huge list of its own element, a huge list of
itself, a deep map, a huge number; and a huge unknown kind and field. Each is tried by the seat
to act and by a seat that is not.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

import core
import core.rummikub.sets
from core import IllegalMove
from core.api import MAX_ECHO

HUGE = 16_384
LONGEST_WORDING = 160  # the longest refusal's own words, without what it quotes


def huge_values(sample: object) -> Iterator[object]:
    yield "X" * 100_000
    yield 10**200
    yield {f"k{i}": "v" * 50 for i in range(1000)}
    yield [[["deep"] * 50] * 50] * 50
    if isinstance(sample, list) and sample:
        yield [sample[0]] * HUGE
        yield [sample] * HUGE
        yield sample * 5000
    if isinstance(sample, dict):
        yield {**sample, **{f"colour{i}": 1 for i in range(1000)}}
    yield [sample] * HUGE


def hostile_actions(game: core.api.Game, state: Any, seat: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(1)
    samples = [game.random_action(state, seat, rng) for _ in range(5)]
    yield {"kind": "K" * 100_000}
    yield {**samples[0], "x" * 100_000: 1}
    for sample in samples:
        for field, value in sample.items():
            if field == "kind":
                continue
            for huge in huge_values(value):
                yield {**sample, field: huge}
    if game.id == "rummikub":
        yield {"kind": "play", "table": [["J", "J", "K1"]] * HUGE}
        yield {"kind": "play", "table": [["K1", "K2", "K3"]] * HUGE}
        yield {"kind": "play", "table": [["K5"] * HUGE]}
        yield {"kind": "play", "table": [["J"] * 16_000]}
        yield {"kind": "play", "table": [[f"R{n}" for n in range(1, 14)]] * 8 + [["K1"] * 13] * 9}


def started(game_id: str) -> tuple[core.api.Game, Any]:
    game = core.get_game(game_id)
    state = game.new(game.min_players, 3)
    return game, state


@pytest.mark.parametrize("game_id", sorted(core.GAMES))
def test_every_refusal_of_a_huge_input_quotes_at_most_the_echo_limit(game_id: str) -> None:
    game, state = started(game_id)
    acting = game.to_act(state)[0]
    idle = next((s for s in range(game.min_players) if s not in game.to_act(state)), None)
    for action in hostile_actions(game, state, acting):
        for seat in (acting, idle):
            if seat is None:
                continue
            try:
                game.apply(state, seat, action)
            except IllegalMove as err:
                assert len(str(err)) <= LONGEST_WORDING + MAX_ECHO, (action, str(err)[:300])
            else:
                pytest.fail(f"{game_id} accepted a hostile action {str(action)[:200]}")


def cpu_of(call: Any) -> float:
    """The least CPU time of five tries, so a busy machine's noise is not counted."""
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    return best


def test_an_impossible_rummikub_table_is_refused_before_a_tile_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The largest legal-looking frame from the seat to act (131 KB of sets) costs no more
    than a small one: refused on its sizes alone, without reading a tile, in well under a
    millisecond of CPU."""
    game, state = started("rummikub")
    seat = game.to_act(state)[0]
    read: list[object] = []
    real = core.rummikub.sets.check_code
    monkeypatch.setattr(core.rummikub.sets, "check_code", lambda t: read.append(t) or real(t))
    for table, why in [
        ([["J", "J", "K1"]] * HUGE, "16384 sets cannot be"),
        ([["K5"] * HUGE], "16384 tiles is too long"),
        ([["J"] * 16_000], "16000 tiles is too long"),
        ([["K1", "K2", "K3", "K4"]] * 30, "120 tiles cannot be"),
    ]:
        action = {"kind": "play", "table": table}
        with pytest.raises(IllegalMove, match=why):
            game.apply(state, seat, action)

        def refuse(action: dict[str, Any] = action) -> None:
            with contextlib.suppress(IllegalMove):
                game.apply(state, seat, action)

        assert cpu_of(refuse) < 0.001
    assert read == []
