"""How a plain-mode player answers the turns of each game by typed lines, until the game is
over: the one strategy the solo, LAN and SSH door tests share (they differ only in where the
conversation runs).

A strategy talks to a `Conversation` (`expect` a pattern after the reading position, `type` a
line): a `PlainProcess` on a pty (the program, or an SSH client reaching it), or an asyncssh
session's lines. It blocks while it waits, so a
test whose event loop runs a table too (a TUI host, a door) runs it in a thread
(`asyncio.to_thread`). It returns what it typed, counted by command, for the test's checks.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from tests.tui.plain_pty import Conversation

GAME_OVER = "Game over — "
AGAIN = r"Game over: again plays another game, quit leaves\."
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "Payoos": "P"}
SET_LINE = re.compile(r"Set \d+: (.*?)\.(?= Invalid| Set \d+:| Your rack:|$)")
TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "nothanks": (3, {}),
    "papayoo": (3, {"deals": 1}),
    "pasovec": (3, {}),
    "rummikub": (2, {"turn_seconds": 0}),
}
"""Each game's seats and options at a table of a plain player's: short games (one Papayoo
deal), no turn clock (a Rummikub hint may take a while on a busy machine)."""
WHOLE_GAME = 600.0  # seconds: a bound on a whole game on a shared, busy machine
SLOW = 300.0  # seconds: a Rummikub hint is a search, and the machine is shared


Strategy = Callable[[Conversation, random.Random], Counter[str]]


def play_game(player: Conversation, game_id: str, seed: int = 37) -> Counter[str]:
    """Answer every turn of `game_id` until its end is said; the commands typed, counted."""
    typed = STRATEGIES[game_id](player, random.Random(seed))
    player.expect(AGAIN)
    return typed


def over(said: re.Match[str]) -> bool:
    return said[0].startswith(GAME_OVER)


def no_thanks(player: Conversation, rng: random.Random) -> Counter[str]:
    """`pass` while there are tokens (most of the time), else `take` (NT-3)."""
    typed: Counter[str] = Counter()
    while not over(
        said := player.expect(r"you have (\d+) tokens?; .* take or pass\?$|take\?$|" + GAME_OVER)
    ):
        move = "pass" if said[1] and rng.random() < 0.6 else "take"
        player.type(move)
        typed[move] += 1
    return typed


def hand_codes(hand: str) -> list[str]:
    """'spades 3, 7; hearts 10' -> ['S3', 'S7', 'H10']."""
    codes = []
    for group in hand.split("; "):
        suit, _, numbers = group.partition(" ")
        codes += [f"{SUITS[suit]}{n}" for n in numbers.split(", ")]
    return codes


def papayoo(player: Conversation, rng: random.Random) -> Counter[str]:
    """`pass` the first cards of the hand by their codes (PY-9); `play` the first card one
    may, in words, number first (`play 7 spades`)."""
    typed: Counter[str] = Counter()
    while not over(
        said := player.expect(
            r"Pass (\d+) cards: pass and the cards\. Your hand: (.*)\.$"
            r"|you may play (\w+) (\d+)[^\n]*play and a card\?$|" + GAME_OVER
        )
    ):
        if said[1]:
            player.type("pass " + " ".join(hand_codes(said[2])[: int(said[1])]))
            typed["pass"] += 1
        else:
            player.type(f"play {said[4]} {said[3]}")
            typed["play"] += 1
    return typed


def pasovec(player: Conversation, rng: random.Random) -> Counter[str]:
    """Choice 1 by its number: the likeliest free discard at a roll, the cheapest at a sum."""
    typed: Counter[str] = Counter()
    while not over(said := player.expect(r"Your roll\.|Type a number\.$|" + GAME_OVER)):
        if said[0] == "Your roll.":
            player.expect(r"Type a number \(dice lists all 26\)\.$")
            typed["roll"] += 1
        else:
            typed["decision"] += 1
        player.type("1")
    return typed


def sets_said(text: str) -> list[str]:
    """The sets a line reads out ('Set 1: red 7, red 8, red 9.'), each as its tiles' words."""
    return SET_LINE.findall(text)


def rummikub(player: Conversation, rng: random.Random) -> Counter[str]:
    """Ask for a `hint` and lay it out with `apply`; when the hint only adds new sets to the
    table, lay those again by hand with `meld` (after `reset`) to show the typed way; `done`
    plays it; `draw` when the hint has no play."""
    typed: Counter[str] = Counter()
    while not over(
        said := player.expect(r"^.*meld, add, split, move, done or draw\?$|" + GAME_OVER, SLOW)
    ):
        before = sets_said(said[0])
        player.type("hint")
        player.expect(r"^(> )?(Hint: .*|No hint this time .*)$", SLOW)
        player.type("apply")
        applied = player.expect(
            r"^(> )?(Set 1: (?:.|\n)*?^(?:> )?Your rack: .*|No play to apply.*)$"
        )
        if not applied[2].startswith("Set 1"):
            player.type("draw")
            typed["draw"] += 1
            continue
        after = sets_said(applied[2].replace("\n", " "))
        added = Counter(after) - Counter(before)
        if Counter(before) <= Counter(after) and added:
            player.type("reset")
            for tiles in added.elements():
                player.type(f"meld {tiles}")
                typed["meld"] += 1
        else:
            typed["apply"] += 1
        player.type("done")
        typed["done"] += 1
    return typed


STRATEGIES: dict[str, Strategy] = {
    "nothanks": no_thanks,
    "papayoo": papayoo,
    "pasovec": pasovec,
    "rummikub": rummikub,
}
