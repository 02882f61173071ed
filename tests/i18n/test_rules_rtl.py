"""Issue 36 item 10: the Persian rules read as the English ones are laid out. A list inside a
list item (Pásovec's dice, Papayoo's deal) stands further in from the right edge than the item
it belongs to, and an item's later lines hang under its text, not under its mark, once each
line is laid out for the terminal (tui/widgets/right_to_left.py, tui/base/layout.py)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console

from tui.base.layout import install
from tui.games import rules_text
from tui.widgets.right_to_left import RightToLeftMarkdown, blocks

WIDTH = 60


def drawn(markdown: str) -> list[str]:
    """The lines as the terminal gets them: rendered by Rich, each laid out on its way (the
    layout hooked in as the app hooks it)."""
    install()
    console = Console(width=WIDTH, color_system=None, legacy_windows=False)
    with console.capture() as capture:
        console.print(RightToLeftMarkdown(markdown))
    return capture.get().split("\n")[:-1]


def right_blanks(line: str) -> int:
    return len(line) - len(line.rstrip(" "))


def test_a_list_inside_an_item_is_indented_under_it_and_its_lines_hang(persian: None) -> None:
    text = (
        "- **شش تاس**، از هر رنگ دو تا:\n"
        "  - تاس B، آبی: ۱، ۲ یا ۳.\n"
        "  - تاس Y، زرد: ۴، ۵ یا ۶.\n"
        "\n"
        "1. **تصمیم.** حالا همه پنهانی یکی از این کارها را انتخاب می‌کنند:\n"
        "   - کارتی نزدیک به مجموع را دور می‌اندازی و توکن می‌پردازی: هر توکن عدد کارت را یک"
        " واحد بالا یا پایین می‌برد و کارتی که دو واحد فاصله دارد دو توکن می‌خواهد.\n"
        "\n"
        "   در هر پرتاب حداکثر یک کارت دور می‌اندازی.\n"
        "\n"
        "بعد از فهرست، دوباره از لبه.\n"
    )
    assert [(b.mark, b.indent) for b in blocks(text)] == [
        ("•", 0), ("•", 2), ("•", 2), ("۱.", 0), ("•", 3), ("", 3), ("", 0)
    ]  # fmt: skip
    lines = [line for line in drawn(text) if line.strip()]
    assert all(cell_len(line) == WIDTH for line in lines)
    six, blue, yellow, decide, near, *near_more, once, after = lines
    assert right_blanks(six) == 0 and six.endswith("•")
    assert right_blanks(blue) == right_blanks(yellow) == 2 and blue.rstrip().endswith("•")
    assert right_blanks(decide) == 0 and decide.endswith(".۱")  # "۱." read from the right
    # a line with zero-width non-joiners (می‌اندازی) keeps every blank on its right
    assert right_blanks(near) == 3 and near.rstrip().endswith("•") and "\u200c" in near
    assert near_more and {right_blanks(line) for line in near_more} == {3 + 2}  # past the mark
    assert right_blanks(once) == 3 and right_blanks(after) == 0


def test_the_pasovec_dice_hang_under_their_item_in_persian(persian: None) -> None:
    text = rules_text("pasovec")
    assert text is not None
    dice = [b for b in blocks(text) if b.text.startswith("تاس ")]
    assert [b.text.split("،")[0] for b in dice] == ["تاس B", "تاس Y", "تاس R"]
    assert {b.indent for b in dice} == {2}
    decide = [b for b in blocks(text) if b.indent == 3 and b.mark]
    assert len(decide) == 3  # discard free, discard for tokens, take a token: a list, as in English


def test_a_numbered_item_is_numbered_in_persian_digits(persian: None) -> None:
    """Item 4: the Persian rule sheets number their steps ۱، ۲، ۳, as their sentences count."""
    marks = [block.mark for block in blocks("1. **ریختن تاس.** بازیکن.\n12. پایان.\n- نکته.")]
    assert marks == ["۱.", "۱۲.", "•"]
