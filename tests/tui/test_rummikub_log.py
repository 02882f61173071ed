"""A Rummikub play in the log's words (tui/games/rummikub/plays.py, issue 25 item 4): the sets
a play laid, extended, split, joined or moved — never the tiles listed by colour."""

from __future__ import annotations

from collections import Counter

import pytest

from core.rummikub.changes import table_diff
from tui.games.rummikub.plays import play_line, set_name
from tui.games.rummikub.widgets import log_line

NAMES = ["You", "Bruno"]


def line(before: list[list[str]], after: list[list[str]], initial: bool = False) -> str:
    """Bruno's log line for a play that turned table `before` into `after`, as the rules log
    it (the sets it took away and made; the rack tiles it placed)."""
    gone, made = table_diff(before, after)
    placed = Counter(t for s in after for t in s) - Counter(t for s in before for t in s)
    entry = {"type": "play", "seat": 1, "tiles": sorted(placed.elements()), "initial": initial}
    return log_line(
        {**entry, "gone": [list(s) for s in gone], "made": [list(s) for s in made]}, NAMES
    )


def test_an_initial_meld_says_its_sets() -> None:
    """Issue 25: 'Bruno played K2 K12 R2 R12 B12 O2' becomes the two sets (RK-8)."""
    after = [["K2", "R2", "O2"], ["K12", "R12", "B12"]]
    assert line([], after, initial=True) == "Bruno laid K2 R2 O2 and K12 R12 B12 (initial meld)."


def test_an_extension_names_the_set_and_the_tiles() -> None:
    before = [["R4", "R5", "R6"], ["K1", "R1", "B1"]]
    after = [["R3", "R4", "R5", "R6", "R7"], ["K1", "R1", "B1"]]
    assert line(before, after) == "Bruno added R3 R7 to R4 R5 R6."


def test_an_extension_and_a_new_set_in_one_play() -> None:
    before = [["R4", "R5", "R6"]]
    after = [["R4", "R5", "R6", "R7"], ["K9", "B9", "O9"]]
    assert line(before, after) == "Bruno added R7 to R4 R5 R6, laid K9 B9 O9."


def test_a_split_says_both_halves_and_the_rack_tile() -> None:
    """RK-11: a run split to put a rack tile between; a long run is written by its ends."""
    before = [["B3", "B4", "B5", "B6", "B7"]]
    after = [["B3", "B4", "B5"], ["B5", "B6", "B7"]]
    assert line(before, after) == (
        "Bruno split B3–B7 into B3 B4 B5 and B5 B6 B7 (B5 from the rack)."
    )


def test_a_group_split_up_for_runs() -> None:
    """Issue 25: 'Bruno played R10 O10' when he split your four 10s."""
    before = [["K10", "R10", "B10", "O10"], ["K7", "K8", "K9"], ["B11", "B12", "B13"]]
    after = [
        ["R8", "R9", "R10"],
        ["O10", "O11", "O12"],
        ["K7", "K8", "K9", "K10"],
        ["B10", "B11", "B12", "B13"],
    ]
    assert line(before, after) == (
        "Bruno split K10 R10 B10 O10, added K10 to K7 K8 K9, added B10 to B11 B12 B13, "
        "laid R8 R9 R10 and O10 O11 O12."
    )


def test_a_tile_moved_between_sets() -> None:
    before = [["K4", "R4", "B4", "O4"], ["K1", "K2", "K3"]]
    after = [["R4", "B4", "O4"], ["K1", "K2", "K3", "K4", "K5"]]
    assert line(before, after) == (
        "Bruno moved K4 from K4 R4 B4 O4 to K1 K2 K3, added K5 to K1 K2 K3."
    )


def test_tiles_taken_for_a_new_set() -> None:
    """Tiles taken from sets that live on, for a set laid with a rack tile."""
    before = [["K9", "R9", "B9", "O9"], ["O10", "O11", "O12", "O13"]]
    after = [["K9", "R9", "B9"], ["O11", "O12", "O13"], ["O8", "O9", "O10"]]
    assert line(before, after) == (
        "Bruno took O9 from K9 R9 B9 O9, took O10 from O10–O13, laid O8 O9 O10."
    )


def test_two_runs_joined() -> None:
    before = [["K1", "K2", "K3"], ["K5", "K6", "K7"]]
    after = [[f"K{n}" for n in range(1, 8)]]
    assert (
        line(before, after) == "Bruno joined K1 K2 K3 and K5 K6 K7 into K1–K7 (K4 from the rack)."
    )


def test_a_freed_joker() -> None:
    """RK-12: the joker's place taken by R6, the joker used again."""
    before = [["R5", "J", "R7"]]
    after = [["R5", "R6", "R7"], ["K9", "B9", "J"]]
    assert line(before, after) == (
        "Bruno split R5 J R7 into R5 R6 R7 and K9 B9 J (R6 K9 B9 from the rack)."
    )


@pytest.mark.parametrize(
    ("tiles", "name"),
    [
        (["R3", "R4", "R5", "R6"], "R3–R6"),
        (["R3", "R4", "R5"], "R3 R4 R5"),
        (["R3", "J", "R5", "R6"], "R3 J R5 R6"),
        (["R1", "R2", "R8", "R9"], "R1 R2 R8 R9"),  # tiles, not a run: never 'R1–R9'
        (["K7", "R7", "B7", "O7"], "K7 R7 B7 O7"),
    ],
)
def test_set_names(tiles: list[str], name: str) -> None:
    assert set_name(tiles) == name


def test_a_record_kept_before_plays_told_their_sets_still_reads() -> None:
    """A LAN player's record or an export from before `gone`/`made`: the tiles played, no
    sets (and no crash in the replay)."""
    old = {"type": "play", "seat": 0, "tiles": ["R1", "R2", "R3"], "initial": True}
    assert play_line(old, "Ana") == "Ana played R1 R2 R3 (initial meld)."
