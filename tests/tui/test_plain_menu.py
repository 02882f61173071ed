"""The plain mode's menu and replays (issue 37): the main menu read out and chosen by key, a
kept game stepped by next/back to its end, and Persian said in logical order (the characters
as stored, for a screen reader to voice), never laid out for the eye."""

from __future__ import annotations

import os
from pathlib import Path

from tests.tui.plain_pty import PlainProcess
from tests.tui.test_replays import keep


def test_the_menu_opens_a_kept_game_stepped_by_next_and_back(tmp_path: Path) -> None:
    keep("nothanks")
    data = {"GAMENIGHT_DATA_DIR": os.environ["GAMENIGHT_DATA_DIR"]}
    process = PlainProcess(["--plain"], tmp_path, data)
    try:
        process.expect(r"^(> )?Gamenight — a terminal game table$")
        process.expect(r"^\d\. Replays of finished games \(p\)$")
        process.type("p")
        process.expect(r"^(> )?1\. .* · No Thanks! · Zoe, Bot 2 \(easy\), Bot 3 \(easy\) · ")
        process.type("1")
        process.expect(r"^(> )?Replay of nothanks\.json: next and back step through it")
        process.type("next")
        process.expect(r"^(> )?Move 1 of (\d+)\.$")
        process.expect(r"^Zoe turned up \d+\.$|^\w.* \d+")
        process.type("end")
        last = process.expect(r"^(> )?Move (\d+) of \2\.$")
        process.expect(r"^(> )?Game over — ")
        process.type("back")
        process.expect(rf"^(> )?Move {int(last[2]) - 1} of {last[2]}\.$")
        process.type("quit")
        process.expect(r"^(> )?Gamenight — a terminal game table$")
        process.type("q")
        assert process.process.wait(30) == 0
    finally:
        process.close()


def test_persian_is_said_in_logical_order(tmp_path: Path) -> None:
    process = PlainProcess(["--plain", "--lang", "fa", "solo", "nothanks"], tmp_path)
    try:
        process.expect("start را بنویس تا همهٔ پیش‌فرض‌ها پذیرفته شوند.")  # ZWNJ kept
        process.type("start")
        turn = process.expect(r"^(> )?نوبت توست\. کارت \d+ با .*$")
        assert "take یا pass؟" in turn[0] or "take؟" in turn[0]
        assert "\u202e" not in process.output and "\u202b" not in process.output
    finally:
        process.close()
