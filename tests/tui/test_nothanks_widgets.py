"""How No Thanks! hands and seats are written on screen, and the limits on what is typed."""

from typing import Any

from rich.cells import cell_len

from net.protocol import MAX_CHAT, MAX_NAME
from tui.base.names import MAX_NAME_LENGTH, clean_name
from tui.base.seats import PLAYER_WIDTH, seat_label
from tui.games.nothanks.widgets import runs_text, seats_table
from tui.widgets.talk import ChatInput


def test_runs_are_written_as_ranges_that_never_wrap_inside() -> None:
    """NT-11: a run scores its lowest card, written first; no space inside a run."""
    assert runs_text([]) == "—"
    assert runs_text([17, 3, 5, 4, 30, 29]) == "3–5 · 17 · 29–30"
    assert all(" " not in part for part in runs_text(list(range(3, 36, 2))).split(" · "))


def _message(names: list[str], seat: int | None = 0, kind: str = "human") -> dict[str, Any]:
    seats = [{"name": n, "kind": kind, "level": "easy", "away": False} for n in names]
    return {"seat": seat, "seats": seats}


def test_the_longest_name_the_host_accepts_keeps_its_marker_in_the_player_column() -> None:
    """Seven players with names as long as net allows still say who is who at 80x24."""
    longest = "M" * MAX_NAME
    label = seat_label(_message([longest, "Bo"]), 0)
    assert label.plain.endswith("… (you)") and cell_len(label.plain) <= PLAYER_WIDTH
    bots = _message([longest] * 7, seat=None, kind="bot")
    assert all(seat_label(bots, i).plain.endswith("… (easy)") for i in range(7))
    assert seat_label(_message(["Bo"]), 0).plain == "Bo (you)"  # short names are untouched
    wide = seat_label(_message(["表" * 12]), 0)  # two cells a character
    assert cell_len(wide.plain) <= PLAYER_WIDTH and wide.plain.endswith(" (you)")


def test_one_limit_for_names_and_chat_lines_the_one_the_host_enforces() -> None:
    assert MAX_NAME_LENGTH == MAX_NAME
    assert clean_name("x" * 40) == "x" * MAX_NAME
    assert ChatInput().max_length == MAX_CHAT


def test_the_players_panel_and_the_final_scores_share_their_columns() -> None:
    panel = [column.header for column in seats_table().columns]
    final = [column.header for column in seats_table("Card pts", score=True).columns]
    assert panel == ["", "Player", "Pts", "Tokens", "Cards (runs)"]
    assert final == ["", "Player", "Card pts", "Tokens", "Score", "Cards (runs)"]
