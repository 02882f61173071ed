"""The plain mode's commands, without a process: forgiving matching (prefixes, the TUI's key
letters), cards and tiles typed as codes or in words, and Rummikub's turn built by `meld`,
`add`, `split`, `move`, `undo`, `reset`, `done` on the screen's own draft (issue 37)."""

from __future__ import annotations

from typing import Any

from core import get_game
from core.rummikub.sets import ALL_CODES, JOKER
from tui.games.papayoo.widgets import SUIT_WORDS
from tui.plain.commands import Command, find
from tui.plain.faces import read_faces
from tui.plain.papayoo import CODES, hand_words
from tui.plain.pasovec import PasovecLines
from tui.plain.rummikub import RummikubLines, rack_words, tile_words

RACK = ["R7", "R8", "R9", "R10", "K10", "K11", "K12", "B4", "B5", "B6", "B7", "O1", "O2", "J"]


def test_a_command_is_found_by_its_key_letter_or_a_prefix_only_it_has() -> None:
    said = lambda _: None  # noqa: E731
    commands = [
        Command("take", "", said, keys=("t",)),
        Command("table", "", said),
        Command("hand", "", said),
        Command("help", "", said, keys=("?",)),
        Command("hint", "", said, keys=("h",)),
    ]
    assert find("t", commands).name == "take"  # type: ignore[union-attr]
    assert find("tak", commands).name == "take"  # type: ignore[union-attr]
    assert find("tab", commands).name == "table"  # type: ignore[union-attr]
    assert find("h", commands).name == "hint"  # type: ignore[union-attr]
    assert find("he", commands).name == "help"  # type: ignore[union-attr]
    assert find("HAND", commands).name == "hand"  # type: ignore[union-attr]
    assert find("ta", commands) == "ta could be take, table: type more of it."
    assert find("zap", commands) == "No command zap: help lists what you can do now."


def test_cards_are_read_as_codes_or_as_words_in_either_order() -> None:
    assert read_faces("S7 7 hearts, clubs 10 p20", SUIT_WORDS, CODES) == ["S7", "H7", "C10", "P20"]
    assert read_faces("7 dia", SUIT_WORDS, CODES) == ["D7"]
    assert read_faces("7 bananas", SUIT_WORDS, CODES) == "7 bananas is not a card or tile here."
    assert hand_words(["H10", "S7", "S3", "P5"]) == "spades 3, 7; hearts 10; Payoos 5"


def test_tiles_are_said_by_colour_and_the_joker_by_name() -> None:
    assert tile_words("R11") == "red 11"
    assert tile_words(JOKER) == "joker"
    assert rack_words(["R7", "K3", "J", "K12"]) == "black 3, 12; red 7; joker"


class FakeTable:
    """What a presenter uses of its table: the state, the move, what it says and sends."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.said: list[str] = []
        self.sent: list[dict[str, Any]] = []

    @property
    def my_move(self) -> bool:
        return True

    def say(self, *texts: str) -> None:
        self.said += texts

    async def send(self, action: dict[str, Any]) -> bool:
        self.sent.append(action)
        return True


def rummikub_turn() -> tuple[RummikubLines, FakeTable]:
    """Seat 0's first turn with RACK, before its initial meld."""
    game = get_game("rummikub")
    rest = [*ALL_CODES, *ALL_CODES, JOKER, JOKER]
    for tile in RACK:
        rest.remove(tile)
    state = game.new(2, 1, {"deck": RACK + rest, "first": 0})
    seats = [
        {"name": n, "kind": k, "level": "easy", "away": False}
        for n, k in (("Ana", "human"), ("Bo", "bot"))
    ]
    message = {
        "type": "state",
        "version": 1,
        "seat": 0,
        "seats": seats,
        "view": game.view(state, 0),
        "clock": None,
    }
    table = FakeTable(message)
    lines = RummikubLines(table)  # type: ignore[arg-type]
    lines.new_state()
    return lines, table


def test_two_pasovec_cards_of_one_number_are_one_choice() -> None:
    """PA-8: a discard names a number and only one card goes, so a hand with two 3s on a sum
    of 3 reads 'discard 3 for free' once, not twice."""
    view = {"hand": [3, 3, 5, 12], "tokens": [2, 0], "sum": 3}
    lines = PasovecLines(FakeTable({"seat": 0, "view": view}))  # type: ignore[arg-type]
    assert lines.decisions() == [
        {"kind": "discard", "card": 3},
        {"kind": "discard", "card": 5},
        {"kind": "token"},
    ]


async def test_a_rummikub_turn_is_built_by_commands_on_the_draft() -> None:
    lines, table = rummikub_turn()
    assert lines.draft is not None
    lines.meld("R7 red 8 9 red")
    lines.meld("K12 K10 K11")  # laid in order once the set is valid
    lines.add("R10 to 1")
    lines.meld("B4 B5 B6 B7")
    assert lines.draft.table == [
        ["R7", "R8", "R9", "R10"],
        ["K10", "K11", "K12"],
        ["B4", "B5", "B6", "B7"],
    ]
    assert "Set 1: red 7, red 8, red 9, red 10." in table.said
    lines.split("3 after B5")
    assert lines.draft.table[2:] == [["B4", "B5"], ["B6", "B7"]]
    assert any(line.startswith("Set 3: blue 4, blue 5. Invalid:") for line in table.said)
    lines.undo("")
    lines.move("R10 from 1 to new")
    assert lines.draft.table[-1] == ["R10"]
    lines.move("R10 from 4 to 1")
    assert lines.draft.table[0] == ["R7", "R8", "R9", "R10"]
    before = [list(s) for s in lines.draft.table]
    lines.meld("O1 O2 O3")  # O3 is not on the rack: nothing of it stays
    assert table.said[-1] == "Not here: there is no tile here to pick up."
    assert lines.draft.table == before
    await lines.done("")
    assert table.sent == [{"kind": "play", "table": before}]
    lines.reset("")
    assert lines.draft.table == [] and sorted(lines.draft.rack) == sorted(RACK)


async def test_rummikub_refusals_are_said_in_the_drafts_words() -> None:
    lines, table = rummikub_turn()
    lines.meld("R7 R8 R9")
    lines.add("to 1")
    assert table.said[-1] == "Say it as: add K10 to 3."
    lines.split("1 after R9")
    assert table.said[-1] == "Not here: split a set on one of its tiles after the first."
    lines.apply("")
    assert table.said[-1].startswith("No play to apply")


def test_the_logs_cards_and_tiles_are_said_in_words() -> None:
    from tui.plain.papayoo import said_cards
    from tui.plain.rummikub import said_tiles

    assert said_cards("Chloé took 13 points: Ana led ♦D1, Bruno ¤P13") == (
        "Chloé took 13 points: Ana led diamonds 1, Bruno Payoos 13"
    )
    assert said_cards("The die shows ♠S: the Papayoo is ♠S7 (40 points)") == (
        "The die shows spades: the Papayoo is spades 7 (40 points)"
    )
    names = ["You", "Ana"]
    assert said_tiles("Ana laid R3–R9 and K7 B7 J.", names) == (
        "Ana laid red 3–red 9 and black 7 blue 7 joker."
    )
    assert said_tiles("K9 drew a tile.", ["You", "K9"]) == "K9 drew a tile."  # a name: kept


class Link:
    """What the frame reads of a table link before any message came."""

    game_id = "rummikub"
    solo = True
    lan = False
    host = None
    hints = True
    showing = None

    def listen(self, push: object) -> None: ...


async def test_a_turn_clock_is_told_at_30_and_10_seconds_left() -> None:
    import asyncio
    import io

    from tui.plain.frame import PlainTable
    from tui.plain.lines import Lines

    out = io.StringIO()
    table = PlainTable(Lines(out, io.StringIO()), Link())  # type: ignore[arg-type]
    table._time({"seat": 0, "clock": {"seats": [0], "seconds": 60, "seconds_left": 30.3}})
    assert len(table._clock) == 2  # at 30 and at 10 seconds left
    async with asyncio.timeout(10):
        while "30 seconds left." not in out.getvalue():
            await asyncio.sleep(0.02)
    table._time({"seat": 0, "clock": {"seats": [1], "seconds": 60, "seconds_left": 50}})
    assert table._clock == []  # another seat's clock: nothing told, the old one cancelled
