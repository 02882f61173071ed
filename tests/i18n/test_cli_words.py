"""Issue 36, item 9: the command line's metavars and the games' names are the reader's — no
`COMMAND`/`GAME` left in English, no `game argumentum`, and `--help` names each game as the
app does in that language, beside the id that is typed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tui.base.bidi import visual


def gamenight(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GAMENIGHT_CONFIG_DIR": str(tmp_path), "GAMENIGHT_DATA_DIR": str(tmp_path)}
    env["COLUMNS"] = "200"  # one line per argument: a name is never wrapped apart
    command = [sys.executable, "-m", "tui.programs.cli", *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=60)


def test_a_hungarian_error_names_the_argument_in_hungarian(tmp_path: Path) -> None:
    refused = gamenight(tmp_path, "--lang", "hu", "solo", "foo")
    assert refused.returncode == 2
    assert "JÁTÉK argumentum: érvénytelen választás: 'foo'" in refused.stderr
    assert "game argumentum" not in refused.stderr


def test_the_help_words_its_metavars_and_names_each_game_as_the_app_does(tmp_path: Path) -> None:
    main = gamenight(tmp_path, "--lang", "cs", "--help").stdout
    assert "PŘÍKAZ" in main and "COMMAND" not in main
    solo = gamenight(tmp_path, "--lang", "hu", "solo", "--help").stdout
    assert "[JÁTÉK]" in solo and "GAME" not in solo
    assert "pasovec (Tatu)" in solo  # the Hungarian name beside the id typed
    persian = gamenight(tmp_path, "--lang", "fa", "solo", "--help").stdout
    for name in ("نه، ممنون!", "پاپایو", "آرمادیلو", "رامی‌کاب"):
        assert visual(name, right_to_left=True) in persian
    assert "nothanks" in persian and "No Thanks!" not in persian
    host = gamenight(tmp_path, "--lang", "ro", "host", "--help").stdout
    assert "--player NUME" in host and "NAME" not in host
