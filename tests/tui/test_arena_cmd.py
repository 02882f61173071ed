"""`gamenight arena`: the table, the JSON file, the progress bar and one-line input errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tui.arena_cmd import ProgressBar
from tui.cli import main


def test_arena_prints_a_row_per_seat_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "series.json"
    argv = ["arena", "nothanks", "--seats", "normal,easy,easy", "--games", "6", "--seed", "2"]
    assert main([*argv, "--json", str(out_file)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "nothanks: 6 games, seed 2"
    assert lines[1].split()[:3] == ["seat", "level", "win"]
    assert [line.split()[:2] for line in lines[2:]] == [
        ["0", "normal"],
        ["1", "easy"],
        ["2", "easy"],
    ]
    assert err == ""  # stderr is not a terminal here: no progress bar to garble it
    figures = json.loads(out_file.read_text())
    assert figures["games"] == 6
    assert [seat["level"] for seat in figures["seats"]] == ["normal", "easy", "easy"]
    assert sum(seat["wins"] for seat in figures["seats"]) == pytest.approx(6)
    for line, seat in zip(lines[2:], figures["seats"], strict=True):
        assert f"{seat['win_share']:.1%}" in line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess", "--seats", "easy,easy,easy"], "no game 'chess'"),
        (["nothanks", "--seats", "easy,wizard,easy"], "no bot level 'wizard'"),
        (["nothanks", "--seats", "easy,easy"], "3 to 7 players, not 2"),
        (["nothanks", "--seats", "easy,easy,easy", "--games", "0"], "at least one game"),
        (["nothanks", "--seats", "easy,easy,easy", "--json", "/no/such/dir/x.json"], "x.json"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and message in err
    assert "Traceback" not in err


def test_progress_bar_redraws_one_line_and_ends_it() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, total=4, width=8)
    for done in range(1, 5):
        bar.update(done, {"scores": [], "winners": []})
    frames = stream.getvalue().split("\r")[1:]
    assert frames[1] == "[####....] 2/4 games"
    assert frames[-1] == "[########] 4/4 games\n"
