"""A final table with the game's history: a row per seat, best first, a column for each round
(a Papayoo deal, a Pásovec round), then the totals — the games' final summaries share it.

Plain rich: the table is built when it is drawn, at the width it is given, so that it can say
"Deal 1 … Deal 4" where that fits and fall back to "D1 … D8" where it does not (a long game on
an 80-column screen) rather than cut the numbers.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

from tui.base.i18n import numeral, t
from tui.base.messages import StateMessage
from tui.base.reading_table import ReadingTable
from tui.base.seats import PLAYER_WIDTH, seat_label

NAME_WIDTH = PLAYER_WIDTH + 4  # a final table has room for longer names than a game's panels
UNBOUNDED = 10_000  # cells: measuring a table's natural width, not a screen's


@dataclass(frozen=True)
class ScoreHistory:
    """`rounds[r][seat]`: what `seat` scored in round r + 1; `totals`: the columns after the
    rounds, as (header, value per seat); `name_width`: the Player column's cells. Rows follow
    `order`; `winners` get ★, in bold reverse (the mark never rests on the colour)."""

    state: StateMessage
    order: Sequence[int]
    winners: Collection[int]
    round_word: str
    rounds: Sequence[Sequence[int]]
    totals: Sequence[tuple[str, Sequence[int]]]
    name_width: int = NAME_WIDTH

    def headers(self, short: bool) -> list[str]:
        """'Deal 1', 'Deal 2'…; short: 'D1', 'D2'…"""
        word = self.round_word[0] if short else f"{self.round_word} "
        return [f"{word}{numeral(number)}" for number in range(1, len(self.rounds) + 1)]

    def table(self, short: bool = False, expand: bool = True) -> Table:
        table = ReadingTable(box=None, expand=expand, padding=(0, 1), show_edge=False)
        table.add_column("", width=1, no_wrap=True)
        table.add_column(t("Player"), no_wrap=True, max_width=self.name_width)
        for header in [*self.headers(short), *(header for header, _ in self.totals)]:
            table.add_column(header, justify="right", no_wrap=True)
        for seat in self.order:
            won = seat in self.winners
            table.add_row(
                "★" if won else "",
                seat_label(self.state, seat, self.name_width),
                *(str(scores[seat]) for scores in self.rounds),
                *(str(values[seat]) for _, values in self.totals),
                style="bold reverse" if won else "",
            )
        return table

    def fits(self, console: Console, options: ConsoleOptions, short: bool) -> bool:
        natural = self.table(short, expand=False)
        width = Measurement.get(console, options.update_width(UNBOUNDED), natural).maximum
        return width <= options.max_width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table(short=not self.fits(console, options, short=False))
