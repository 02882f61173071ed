"""Issue 36 (4): a Persian table of players and scores reads from the right, its counts in
Persian digits; the codes in its cells keep theirs, and a left-to-right language's tables are
as built."""

from __future__ import annotations

from rich.console import Console

from tui.base import i18n
from tui.base.reading_table import ReadingTable


def drawn(language: str) -> tuple[list[str], list[str]]:
    try:
        i18n.use(language)
        table = ReadingTable(box=None, padding=(0, 1, 0, 0), show_edge=False)
        table.add_column("name")
        table.add_column("tiles")
        table.add_column("score", justify="right")
        table.add_row("Zoe", "R7", "-12")
        table.add_row("Ana", "K13", "140")
        cells = [[str(cell) for cell in column.cells] for column in table.columns]
        console = Console(width=40, record=True)
        console.print(table)
        return [c.header for c in table.columns], [", ".join(column) for column in cells]
    finally:
        i18n.use("en")


def test_a_persian_table_runs_from_the_right_with_persian_counts() -> None:
    assert drawn("fa") == (["score", "tiles", "name"], ["-۱۲, ۱۴۰", "R7, K13", "Zoe, Ana"])
    assert drawn("hu") == (["name", "tiles", "score"], ["Zoe, Ana", "R7, K13", "-12, 140"])


def test_a_persian_tables_alignment_and_padding_are_mirrored() -> None:
    try:
        i18n.use("fa")
        table = ReadingTable(box=None, padding=(0, 2, 0, 0))
        table.add_column("keys", justify="left")
        table.add_column("what")
        assert [c.justify for c in table.columns] == ["right", "right"]
        assert table.padding == (0, 0, 0, 2)
    finally:
        i18n.use("en")


def test_a_fixed_column_keeps_its_width_wherever_the_mirror_puts_it() -> None:
    """Pásovec's players table (collapsed padding): its decision column, ten cells wide, comes
    first once mirrored, and Rich did not count the padding it draws at the table's edge, so
    'فکر می‌کند…' (ten cells) lost its last letter; here ten Latin cells, which the layout
    leaves as they are."""
    deciding = "rozhoduje…"
    for language in ("fa", "en"):
        try:
            i18n.use(language)
            table = ReadingTable(padding=(0, 1), collapse_padding=True, show_edge=False, box=None)
            table.add_column("", min_width=1)
            table.add_column("Player", no_wrap=True)
            table.add_column("Decision", no_wrap=True, width=10)
            table.add_row("▶", "Zoe", deciding)
            console = Console(width=40)
            with console.capture() as capture:
                console.print(table)
        finally:
            i18n.use("en")
        assert deciding in capture.get(), language
