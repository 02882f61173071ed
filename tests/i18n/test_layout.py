"""Issue 36 items 1-3 and 5: Persian drawn right on a left-to-right terminal. Each line is laid
out once, where it is drawn (tui/base/layout.py): shaped, read right to left, its codes,
signed numbers and ranges kept as left-to-right units, a table's cells in their columns.

The screens are checked as the terminal gets them (tests/i18n/layout_script.py): no Persian
letter left in its unjoined form, every card code whole and in order."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from tests.i18n.scripts import run_script
from tui.base import i18n
from tui.base.bidi import embedded, visual
from tui.base.layout import cell, install, laid_out, reads_right_to_left

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "P": "¤"}
TORN_CODE = re.compile(r"[♠♥♦♣¤](?![SHDCP])|(?<![♠♥♦♣¤•])\b[SHDCP]\d{1,2}\b")
"""A suit sign without its letter after it, or a card's letter and number without its sign:
a code torn apart (`(D7 (40♦`, `S10 ♥H7 … ♣C9♠`)."""


def unshaped(line: str) -> list[str]:
    """The Arabic-script letters of `line` left in their base (unjoined) form: a shaped line
    has only presentation forms (U+FB50-U+FEFC) for them."""
    return [
        ch
        for ch in line
        if "\u0600" <= ch <= "\u06ff"
        and unicodedata.category(ch) == "Lo"
        and unicodedata.bidirectional(ch) == "AL"
    ]


def test_a_code_beside_persian_stays_one_left_to_right_unit() -> None:
    assert visual("پاپایو: ♦D7 (40)", right_to_left=True) == "(40) ♦D7 :ﻮﯾﺎﭘﺎﭘ"
    cards = visual("کارت‌ها: ♠S10 ♥H7 ♥H9 ♣C7 ♣C9", right_to_left=True)
    assert cards.startswith("♠S10 ♥H7 ♥H9 ♣C7 ♣C9 :")  # the list whole, in its order
    assert "12–18" in visual("مجموع‌ها: 12–18", right_to_left=True)  # not 18–12
    assert "-3" in visual("امتیاز -3 شد", right_to_left=True)
    assert "50%" in visual("شانس 50% است", right_to_left=True)
    assert visual("قوانین (No Thanks!)", right_to_left=True) == "(No Thanks!) ﻦﯿﻧﺍﻮﻗ"
    # a Payoo's sign too (it came off its code: 'P2¤')
    assert visual("کارت ¤P2 را", right_to_left=True) == "ﺍﺭ ¤P2 ﺕﺭﺎﮐ"


def test_a_bare_number_list_keeps_the_order_of_its_sentence() -> None:
    """Seats 2, 3 and 4: read from the right, 2 comes first."""
    drawn = visual("صندلی‌های ۲، ۳ و ۴", right_to_left=True)
    assert drawn.index("۴") < drawn.index("۳") < drawn.index("۲")


def test_zero_width_non_joiners_survive_and_keep_letters_apart() -> None:
    drawn = visual("نمی‌توانی", right_to_left=True)
    assert "\u200c" in drawn and not unshaped(drawn)


def test_the_language_gives_a_line_its_direction_not_its_first_letter(persian: None) -> None:
    """A Persian sentence that starts with a Latin name reads from the right: the name is on
    the right, where its reader starts."""
    drawn, _, leftward = laid_out("Bruno کارت را برداشت")
    assert leftward and drawn.endswith("Bruno") and not unshaped(drawn)
    assert not reads_right_to_left("Bruno ♦D7")  # no Persian: drawn as it is
    i18n.use("en")
    drawn, _, leftward = laid_out("Trick taken: سارا")  # a Persian name on an English screen
    assert not leftward and drawn == "Trick taken: ﺍﺭﺎﺳ"


def test_a_cell_is_laid_out_by_itself_and_stays_in_its_column(persian: None) -> None:
    row = "1  " + cell("سارا (تو)") + "   15  ♦D7"
    drawn, _, leftward = laid_out(row)
    assert not leftward and drawn == "1  (ﻮﺗ) ﺍﺭﺎﺳ   15  ♦D7"
    assert embedded("x", True) != cell("Zoe") == "Zoe"  # no marks where none are needed


def test_a_persian_name_with_its_suffix_reads_the_screens_way(persian: None) -> None:
    """In a players table: Persian 'سارا (تو)' from the right; English 'سارا (you)' from the
    left, the name first, its suffix after it (not '(you) سارا')."""
    assert laid_out("1  " + cell("سارا (تو)"))[0] == "1  (ﻮﺗ) ﺍﺭﺎﺳ"
    i18n.use("en")
    assert laid_out("1  " + cell("سارا (you)") + "  15")[0] == "1  ﺍﺭﺎﺳ (you)  15"


def test_styles_move_with_their_letters(persian: None) -> None:
    """A bold name in a Persian sentence is still bold where it is drawn."""
    install()
    text = Text("نوبت سارا است")
    text.stylize("bold", 5, 9)
    console = Console(width=40, color_system=None, force_terminal=True, legacy_windows=False)
    bold = "".join(seg.text for seg in text.render(console) if seg.style and seg.style.bold)
    assert bold == visual("سارا", right_to_left=True)


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> Any:
    home: Path = tmp_path_factory.mktemp("layout")
    return run_script("tests.i18n.layout_script", home, timeout=300)


@pytest.mark.parametrize("moment", ["pass", "play", "last", "help", "typed"])
def test_no_persian_letter_is_left_unshaped_on_a_papayoo_screen(screens: Any, moment: str) -> None:
    left = {line.strip(): unshaped(line) for line in screens[moment] if unshaped(line)}
    assert not left


@pytest.mark.parametrize("moment", ["pass", "play", "last", "help"])
def test_every_card_code_keeps_its_order(screens: Any, moment: str) -> None:
    torn = [line.strip() for line in screens[moment] if TORN_CODE.search(line)]
    assert not torn


def test_the_papayoo_card_and_the_hand_read_whole(screens: Any) -> None:
    code = screens["papayoo"]
    # "پاپایو: ♣C7 (۴۰)", drawn right to left; the count in Persian digits (issue 36 item 4)
    papayoo = f"(۴۰) {SUITS[code[0]]}{code}"
    assert any(papayoo in line for line in screens["play"])
    hand = " ".join(screens["play"])
    assert all(f"{SUITS[c[0]]}{c}" in hand for c in screens["hand"])


def test_a_name_typed_in_persian_is_drawn_as_it_reads(screens: Any) -> None:
    """Typed "سارا جان": shaped, its words right to left, at the field's right end."""
    drawn = visual("سارا جان", right_to_left=True)
    line = next(line for line in screens["typed"] if drawn in line)
    assert line.index(drawn) > line.index(visual("نام تو", right_to_left=True))
