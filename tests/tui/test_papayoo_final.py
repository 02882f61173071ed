"""Issue 25, item 3: Papayoo's final table has a column per deal beside the total (PY-17: the
deals' points add up), as Pásovec's has per round, from one shared table; it fits 80 columns
with 4 deals and 8 players, and a longer game's columns shorten their headers to D1…D8 rather
than cut a number."""

from __future__ import annotations

import io

from rich.console import Console
from textual.pilot import Pilot

from core import replay
from core.match import bot_record
from tests.tui.pilots import SIZE, wait_until
from tests.tui.test_papayoo import GAME, late_actions, resume_at, resumed
from tui.games.papayoo.widgets import score_table
from tui.screens.final import FinalScreen

PLAYERS, DEALS = 8, 4
NAMES = ["Zoe", "Ana", "Bruno", "Chloé", "Dario", "Emi", "Farid", "Greta"]


def text_of(renderable: object, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def deal_points(state: dict) -> list[list[int]]:
    return [e["points"] for e in state["view"]["log"] if e["type"] == "deal_end"]


async def last_card(pilot: Pilot[None]) -> FinalScreen:
    """Our last card of the last deal, by enter: the final table."""
    await resumed(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
    final = pilot.app.screen
    assert isinstance(final, FinalScreen)
    await wait_until(pilot, lambda: final.takes_keys)  # mounted, laid out, past its first moment
    return final


def late_in_the_last_deal():
    return resume_at(late_actions(1, PLAYERS, DEALS, DEALS), PLAYERS, DEALS)


async def test_the_final_table_has_every_deal_and_fits_80_columns() -> None:
    async with late_in_the_last_deal().run_test(size=SIZE) as pilot:
        final = await last_card(pilot)
        scores = final.query_one("#scores")
        body = scores.query_one("Static")
        lines = text_of(body.content, body.content_region.width)
        header, rows = lines[0], [line for line in lines[1:] if line.strip()]
        assert header.split() == [
            "Player",
            "Deal",
            "1",
            "Deal",
            "2",
            "Deal",
            "3",
            "Deal",
            "4",
            "Total",
        ]
        assert len(rows) == PLAYERS and "…" not in "".join(lines)
        assert max(len(line.rstrip()) for line in lines) <= SIZE[0] - 2
        deals = deal_points(final.state)
        totals = final.state["view"]["result"]["scores"]
        for row in rows:
            name = row.lstrip(" ★").split(" (")[0]
            seat = NAMES.index(name)
            numbers = [int(cell) for cell in row.split()[-DEALS - 1 :]]
            assert numbers == [*(deal[seat] for deal in deals), totals[seat]]
            assert sum(numbers[:-1]) == numbers[-1]  # PY-17


def test_snapshot_of_the_final_table_8_players_4_deals(snap_compare) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await last_card(pilot)

    assert snap_compare(late_in_the_last_deal(), terminal_size=SIZE, run_before=run_before)


def final_state(deals: int) -> dict:
    """A finished 8-player game of `deals` deals, as seat 0's final state message."""
    record = bot_record("papayoo", ["easy"] * PLAYERS, 11, {"deals": deals})
    seats = [{"name": n, "kind": "bot", "level": "easy", "away": False} for n in NAMES]
    return {"seat": 0, "seats": seats, "view": GAME.view(replay(record), 0)}


def test_a_long_game_shortens_the_deal_headers_to_fit() -> None:
    """8 deals of 8 players: 'Deal 8' would not fit 78 cells, D8 does; every number shows.
    Wider, the headers are whole again."""
    state = final_state(8)
    lines = text_of(score_table(state), SIZE[0] - 2)
    assert lines[0].split() == ["Player", *(f"D{n}" for n in range(1, 9)), "Total"]
    assert "…" not in "".join(lines)
    totals = state["view"]["result"]["scores"]
    for row in lines[1 : PLAYERS + 1]:
        seat = NAMES.index(row.lstrip(" ★").split(" (")[0])
        assert [int(c) for c in row.split()[-9:]] == [
            *(deal[seat] for deal in deal_points(state)),
            totals[seat],
        ]
    assert "Deal 8" in text_of(score_table(state), 120)[0]
