"""`gamenight --plain solo GAME` played to its end through a pty by typed commands, for each of
the four games (issue 37): no cursor-moving, screen-erasing or colour escape in the output, and
the end said in lines that begin "Game over". The turns are answered by the strategies the LAN
and door tests use too (tests/tui/plain_moves.py)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.tui.plain_moves import play_game
from tests.tui.plain_pty import SCREEN_ESCAPES, PlainProcess


def assert_plain_end(process: PlainProcess) -> None:
    output = process.output
    assert not SCREEN_ESCAPES.search(output), repr(SCREEN_ESCAPES.search(output))
    assert "\x1b" not in output
    block = process.last_block()
    assert block[0].startswith("Game over — ")
    assert block[-1].startswith("Game over: again plays another game")
    assert re.match(r"1\. \S", block[1])


def played(typed: Counter[str], game_id: str, output: str) -> None:
    """What a whole game of `game_id` takes, typed, and a sentence of ours told back."""
    if game_id == "nothanks":
        assert typed["take"] + typed["pass"] >= 8 and typed["take"] >= 1
        assert re.search(r"^(> )?You took \d+ with", output, re.MULTILINE)
    elif game_id == "papayoo":
        assert typed == {"pass": 4, "play": 4 * 20}  # 4 deals of 20 tricks at 3 players
        assert "You played" in output
    elif game_id == "pasovec":
        assert typed["roll"] >= 3 and typed["decision"] >= 3
        assert "You rolled" in output
    else:
        assert typed["done"] + typed["draw"] >= 3 and typed["done"] >= 1


@pytest.mark.parametrize(
    ("game_id", "players"), [("nothanks", 3), ("papayoo", 3), ("pasovec", 3), ("rummikub", 2)]
)
def test_a_solo_game_is_played_to_its_end_by_its_typed_commands(
    tmp_path: Path, game_id: str, players: int
) -> None:
    process = PlainProcess(["--plain", "solo", game_id], tmp_path)
    try:
        process.set_up(players)
        typed = play_game(process, game_id)
        played(typed, game_id, process.output)
        assert_plain_end(process)
    finally:
        process.close()
