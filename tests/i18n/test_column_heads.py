"""Issue 36, the native editors' read: a column's head is a word the column has room for. The
Pásovec players' last column is DECISION_CELLS wide whatever the terminal; Persian's 'آخرین
پرتاب' was cut to 'آخرین پر…' there once a roll was decided."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from tui.base import i18n
from tui.games.pasovec.widgets import DECISION_CELLS, HandPanel


@pytest.fixture(params=["en", "hu", "cs", "ro", "fa"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.use(request.param)
    yield request.param
    i18n.use("en")


def test_the_pasovec_decision_column_holds_its_heads(language: str) -> None:
    for head in (i18n.t("Decision"), i18n.t("Last roll")):
        assert cell_len(head) <= DECISION_CELLS, f"{language}: {head!r}"


CARD_CELLS = 6  # a Pásovec card's cells in the hand (pasovec.tcss `.card`), one blank between


def test_a_pasovec_cost_leaves_a_blank_in_its_card(language: str) -> None:
    """Item 3: a paid cost never fills its card's six cells, so it cannot run into the next
    card's text (Persian '۲ توکن' beside 'مجانی' read as one phrase)."""
    for tokens in range(1, 5):  # PA-8: 1 to 4 tokens
        text = HandPanel.cost_text(tokens)
        assert cell_len(text) < CARD_CELLS, f"{language}: {text!r}"
