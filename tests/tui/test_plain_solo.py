"""`gamenight --plain solo GAME` played to its end through a pty by typed commands, for each of
the four games (issue 37): no cursor-moving, screen-erasing or colour escape in the output, and
the end said in lines that begin "Game over"."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui.plain_pty import SCREEN_ESCAPES, PlainProcess

SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "Payoos": "P"}


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path


def play(home: Path, game: str, players: int) -> Iterator[PlainProcess]:
    process = PlainProcess(["--plain", "solo", game], home)
    try:
        process.set_up(players)
        yield process
    finally:
        process.close()


def assert_plain_end(process: PlainProcess) -> None:
    output = process.output
    assert not SCREEN_ESCAPES.search(output), repr(SCREEN_ESCAPES.search(output))
    assert "\x1b" not in output
    block = process.last_block()
    assert block[0].startswith("Game over — ")
    assert block[-1].startswith("Game over: again plays another game")
    assert re.match(r"1\. \S", block[1])


def test_no_thanks_is_played_to_its_end_by_take_and_pass(home: Path) -> None:
    rng = random.Random(37)
    for process in play(home, "nothanks", 3):
        turns = 0
        while True:
            said = process.expect(
                r"you have (\d+) tokens?; .* take or pass\?$|take\?$|Game over — "
            )
            if said[0].startswith("Game over"):
                break
            turns += 1
            process.type("pass" if said[1] and rng.random() < 0.6 else "take")
        process.expect(r"Game over: again plays another game, quit leaves\.")
        assert turns >= 8
        assert re.search(r"^(> )?You took \d+ with", process.output, re.MULTILINE)
        assert_plain_end(process)


def hand_codes(hand: str) -> list[str]:
    """'spades 3, 7; hearts 10' -> ['S3', 'S7', 'H10']."""
    codes = []
    for group in hand.split("; "):
        suit, _, numbers = group.partition(" ")
        codes += [f"{SUITS[suit]}{n}" for n in numbers.split(", ")]
    return codes


def test_papayoo_is_played_to_its_end_by_pass_and_play(home: Path) -> None:
    for process in play(home, "papayoo", 3):
        passes = plays = 0
        while True:
            said = process.expect(
                r"Pass (\d+) cards: pass and the cards\. Your hand: (.*)\.$"
                r"|you may play (\w+) (\d+)[^\n]*play and a card\?$|Game over — "
            )
            if said[0].startswith("Game over"):
                break
            if said[1]:
                passes += 1
                process.type("pass " + " ".join(hand_codes(said[2])[: int(said[1])]))
            else:
                plays += 1
                process.type(f"play {said[4]} {said[3]}")  # in words, number first
        process.expect(r"Game over: again plays another game, quit leaves\.")
        assert passes == 4 and plays == 4 * 20
        assert "You played" in process.output
        assert_plain_end(process)


def test_pasovec_is_played_to_its_end_by_numbered_choices(home: Path) -> None:
    for process in play(home, "pasovec", 3):
        rolls = 0
        while True:
            said = process.expect(r"Your roll\.|Type a number\.$|Game over — ")
            if said[0].startswith("Game over"):
                break
            rolls += said[0] == "Your roll."
            if said[0] == "Your roll.":
                process.expect(r"Type a number \(dice lists all 26\)\.$")
            process.type("1")
        process.expect(r"Game over: again plays another game, quit leaves\.")
        assert rolls >= 3
        assert "You rolled" in process.output
        assert_plain_end(process)


def test_rummikub_is_played_to_its_end_by_hints_applied_and_draws(home: Path) -> None:
    for process in play(home, "rummikub", 2):
        turns = 0
        while True:
            said = process.expect(r"meld, add, split, move, done or draw\?$|Game over — ", 300)
            if said[0].startswith("Game over"):
                break
            turns += 1
            process.type("hint")
            hint = process.expect(r"^(> )?(Hint: .*|No hint this time .*)$", 300)
            process.type("apply")
            applied = process.expect(r"^(> )?(Set 1: .*|No play to apply.*)$")
            process.type("done" if applied[2].startswith("Set 1") else "draw")
            assert hint
        process.expect(r"Game over: again plays another game, quit leaves\.")
        assert turns >= 3
        assert_plain_end(process)
