"""`gamenight arena`: the table, the JSON and CSV files, ratings, progress and clean stops."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from tui.programs import arena as arena_cmd
from tui.programs.arena import make_progress, parse_settings
from tui.programs.arena_runner import Played
from tui.programs.cli import build_parser, main

BOTS = "tests.tui.arena_bots"


def test_arena_prints_a_row_per_seat_and_writes_json_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_file, csv_file = tmp_path / "series.json", tmp_path / "series.csv"
    argv = ["arena", "nothanks", "--seats", "normal,easy,easy", "--games", "6", "--seed", "2"]
    assert main([*argv, "--jobs", "1", "--json", str(json_file), "--csv", str(csv_file)]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "nothanks: 6 games, seed 2"
    assert lines[1].split()[:4] == ["seat", "level", "games", "win"]
    assert [line.split()[:3] for line in lines[3:]] == [
        ["0", "normal", "6"],
        ["1", "easy", "6"],
        ["2", "easy", "6"],
    ]
    assert err == ""  # stderr is not a terminal here: no progress bar to garble it
    figures = json.loads(json_file.read_text())
    assert figures["games"] == 6
    assert [seat["level"] for seat in figures["seats"]] == ["normal", "easy", "easy"]
    assert sum(seat["wins"] for seat in figures["seats"]) == pytest.approx(6)
    for line, seat in zip(lines[3:], figures["seats"], strict=True):
        assert f"{seat['win_share']:.1%}" in line
        assert f"{seat['rating']['mu']:.1f} ± {seat['rating']['sigma']:.1f}" in line
    rows = list(csv.DictReader(csv_file.open(encoding="utf-8")))
    assert [row["level"] for row in rows] == ["normal", "easy", "easy"]
    for row, seat in zip(rows, figures["seats"], strict=True):
        assert float(row["win_low"]) == pytest.approx(seat["win_interval"][0])
        assert float(row["mu"]) == pytest.approx(seat["rating"]["mu"])


def test_duplicate_series_show_the_plain_games_they_are_worth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_file = tmp_path / "series.json"
    argv = ["arena", "nothanks", "--seats", "normal,easy,easy", "--games", "12", "--duplicate"]
    assert main([*argv, "--jobs", "1", "--json", str(json_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "nothanks: 12 games (4 deals × 3 seat rotations), seed 1"
    assert "plain games" in lines[1]
    figures = json.loads(json_file.read_text())
    assert figures["duplicate"] is True
    assert [seat["deals"] for seat in figures["seats"]] == [4, 4, 4]


def test_round_robin_rates_easy_below_normal_below_hard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every mix of the three No Thanks! levels at a table of 3 (7 mixes), 3 games each on the
    same deals, duplicate; hard with a small budget (200 iterations of its tree search) so
    that the series takes seconds."""
    json_file = tmp_path / "rr.json"
    argv = ["arena", "nothanks", "--round-robin", "easy,normal,hard", "--games", "3"]
    argv += ["--duplicate", "--set", "hard.simulations=200", "--jobs", "1"]
    assert main([*argv, "--json", str(json_file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("nothanks: 21 games (round robin of 7 mixes of 3 seats")
    assert [line.split()[1] for line in lines[3:]] == ["hard", "normal", "easy"]
    figures = json.loads(json_file.read_text())
    mu = {seat["level"]: seat["rating"]["mu"] for seat in figures["seats"]}
    assert mu["easy"] < mu["normal"] < mu["hard"]
    assert len(figures["round_robin"]) == 7


def test_a_crashing_bot_exits_1_keeps_the_finished_games_and_writes_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    json_file = tmp_path / "series.json"
    seats = f"easy,easy,{BOTS}:CrashBot"
    argv = ["arena", "nothanks", "--seats", seats, "--jobs", "1", "--json", str(json_file)]
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "nothanks: stopped after 0 of 100 games, seed 1"
    assert err.startswith("gamenight arena: stopped: game 0: the tests.tui.arena_bots:CrashBot")
    assert err.count("\n") == 1
    assert not json_file.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["chess", "--seats", "easy,easy,easy"], "no game 'chess'"),
        (["nothanks", "--seats", "easy,wizard,easy"], "no bot level 'wizard'"),
        (["nothanks", "--seats", "easy,easy"], "3 to 7 players, not 2"),
        (["nothanks", "--seats", "easy,easy,easy", "--games", "0"], "at least one game"),
        (["nothanks", "--seats", "easy,easy,easy", "--json", "/no/such/dir/x.json"], "x.json"),
        (["nothanks", "--seats", "easy,easy,easy", "--csv", "/no/such/dir/x.csv"], "x.csv"),
        (["nothanks", "--seats", "easy,easy,easy", "--games", "4", "--duplicate"], "multiple of 3"),
        (["nothanks", "--seats", "easy,easy,no.such:Bot"], "cannot load bot 'no.such:Bot'"),
        (["nothanks", "--seats", "easy,easy,easy", "--jobs", "0"], "--jobs must be at least 1"),
        (["nothanks", "--seats", "easy,easy,easy", "--set", "hard=1"], "--set wants"),
        (["nothanks", "--seats", "easy,easy,easy", "--players", "4"], "--players is for"),
        (["nothanks", "--seats", "easy,easy,easy", "--set", "hard.simulations=9"], "'hard'"),
        (["nothanks", "--seats", "hard,easy,easy", "--set", "hard.simulations=0"], "at least 2"),
        (["nothanks", "--round-robin", "easy"], "at least two different bots"),
        (["nothanks", "--round-robin", "easy,easy,hard"], "each named once"),
        (["nothanks", "--round-robin", "easy,hard", "--players", "9"], "3 to 7 players, not 9"),
        (["nothanks", "--round-robin", "easy,hard", "--players", "0"], "3 to 7 players, not 0"),
        (["chess", "--round-robin", "easy,hard"], "no game 'chess'"),
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


def test_settings_are_read_as_json_where_they_can_be() -> None:
    items = ["hard.simulations=100", "bench.x:Bot.name=fast", "hard.noisy=true"]
    assert parse_settings(items) == {
        "hard": {"simulations": 100, "noisy": True},
        "bench.x:Bot": {"name": "fast"},
    }


def test_help_says_95_percent_once() -> None:
    arena = build_parser()._subparsers._group_actions[0].choices["arena"]  # type: ignore[union-attr]
    text = arena.format_help()
    assert "95% interval" in text and "%%" not in text


def test_progress_shows_games_rate_and_time_left() -> None:
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=True, width=120)
    with make_progress(console) as bar:
        task = bar.add_task("games", total=4)
        for done in range(1, 5):
            bar.update(task, completed=done)
    final = Text.from_ansi(stream.getvalue()).plain.splitlines()[-1]
    assert "4/4" in final and "games/s" in final and "0:00:00" in final


def test_ctrl_c_exits_130_after_printing_the_games_it_finished(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = arena_cmd.play_plans

    def interrupted_after_two(*args: Any, **kwargs: Any) -> Played:
        played = real(*args[:2], args[2][:2], *args[3:], **kwargs)
        played.interrupted = True
        return played

    monkeypatch.setattr(arena_cmd, "play_plans", interrupted_after_two)
    assert main(["arena", "nothanks", "--seats", "easy,easy,easy", "--jobs", "1"]) == 130
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "nothanks: stopped after 2 of 100 games, seed 1"
    assert [line.split()[2] for line in out.splitlines()[3:]] == ["2", "2", "2"]
    assert err == "gamenight arena: stopped: interrupted (Ctrl+C)\n"
