"""Issue 36: what a Romanian player reads where a sentence is built from names and numbers —
the reader in a list is "tu" (never a capital "Tu" after a comma or a colon, never the subject of
a third-person verb: a shared win is "Ana și tu: victorie împărțită"), and a club's points are
written with a decimal comma."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tui.base import i18n
from tui.base.grammar import Name
from tui.base.seats import POINTS, name_list
from tui.games.pasovec.words import log_line as pasovec_line
from tui.plain.club import standings_lines
from tui.screens.round_summary import leaders_line
from tui.widgets.standings import standings_text


@pytest.fixture
def language() -> Iterator[Any]:
    """`language(code)` reads texts in that language; English again afterwards."""
    yield i18n.use
    i18n.use("en")


def names() -> list[str]:
    """The reader, a bot with a woman's name and one with a man's, as `seat_names` gives."""
    return [Name(i18n.words("You"), you=True), Name("Ana", "f"), Name("Bruno", "m")]


def test_the_reader_after_the_first_name_of_a_list_is_in_line(language: Any) -> None:
    language("ro")
    you, ana, bruno = names()
    assert name_list([ana, you]) == "Ana și tu"
    assert name_list([bruno, you, ana]) == "Bruno, tu și Ana"
    assert name_list([you, ana]) == "Tu și Ana"  # a list that starts a sentence
    language("en")
    assert name_list([Name("Ana", "f"), Name(i18n.words("You"), you=True)]) == "Ana and you"


def test_a_shared_lead_names_its_leaders_before_what_they_share(language: Any) -> None:
    language("ro")
    you, ana, bruno = names()
    assert leaders_line([you, ana, bruno], [12, 12, 30], POINTS) == (
        "Tu și Ana: la conducere, cu 12 puncte."
    )
    assert leaders_line([ana, bruno, you], [25, 30, 40], POINTS) == (
        "Ana conduce, cu 25 de puncte."
    )


def test_a_pasovec_tie_broken_by_tokens_names_the_reader_in_line(language: Any) -> None:
    language("ro")
    end = {"type": "game_end", "winners": [1, 0], "tie_break": "shared", "scores": [3, 3, 5]}
    said = pasovec_line(end, names())
    assert said.endswith("; victorie împărțită: Ana și tu.")
    won = {**end, "winners": [0], "tie_break": "tokens"}
    assert pasovec_line(won, names()).endswith("câștigă: tu.")


def test_club_points_are_written_with_a_decimal_comma(language: Any) -> None:
    rows = [{"rank": 1, "player": "Ana", "points": 2.5, "games": 3}]
    language("ro")
    assert standings_lines({"standings": rows}) == ["1. Ana: 2,50 puncte, 3 jocuri"]
    assert "2,50" in standings_text(rows, 60).plain
    language("en")
    assert standings_lines({"standings": rows}) == ["1. Ana: 2.50 points, 3 games"]
