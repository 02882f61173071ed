"""Issue 36, item 9: the command line's metavars and the games' names are the reader's — no
`COMMAND`/`GAME` left in English, no `game argumentum`, no `BOT_LEVEL` made up by argparse —
and `--help` names each game as the app does in that language, beside the id that is typed;
in Persian, what is typed reads left to right with its Persian words laid out in place."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from tui.base import i18n
from tui.base.bidi import visual
from tui.programs.cli import build_parser
from tui.programs.cli_words import METAVARS


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


def test_every_value_an_option_takes_is_named_in_the_readers_words() -> None:
    """A value with no metavar of its own is named by argparse from its `dest` (`--bot-level
    BOT_LEVEL`, `--turn-seconds TURN_SECONDS`), English in every language: each has a
    metavar the catalogs word, "N" for a number, or its choices. The unlisted `door` command
    (what a door runs for one person) is never typed by anyone."""

    named = {*METAVARS, "N"}

    def unnamed(parser: argparse.ArgumentParser) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                subs = {name: sub for name, sub in action.choices.items() if name != "door"}
                found += [lost for sub in subs.values() for lost in unnamed(sub)]
            elif action.nargs != 0 and not action.choices and action.metavar not in named:
                found.append(f"{parser.prog} {action.dest}: {action.metavar}")
        return found

    assert unnamed(build_parser()) == []


def test_persian_usage_and_options_read_as_typed(tmp_path: Path) -> None:
    """The usage lines and each option with its metavar read left to right, as they are typed,
    the Persian metavar laid out where it stands (brackets and order were torn apart); the
    subcommands' metavar alone on its line is laid out once (it was laid out twice: its
    letters shaped but left in reading order)."""
    catalog = i18n.load("fa")

    def typed(text: str) -> str:
        return visual(catalog.gettext(text), right_to_left=False)

    host = gamenight(tmp_path, "--lang", "fa", "host", "--help").stdout
    assert f"[--name {typed('TABLE')}] [--player {typed('NAME')}]" in host
    assert f"[--resume [{typed('TABLE_ID')}]]" in host
    assert f"  --player {typed('NAME')}  " in host
    main = gamenight(tmp_path, "--lang", "fa", "--help").stdout.splitlines()
    assert f"  {typed('COMMAND')}" in main
    refused = gamenight(tmp_path, "--lang", "fa", "solo", "xx").stderr
    assert f"gamenight solo [-h] [--resume] [{typed('GAME')}]" in refused
