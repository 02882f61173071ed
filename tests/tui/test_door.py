"""A door's client program (tui/door.py): the command a door runs, and where it keeps the
reconnect tokens of each person coming in (issue 14)."""

from __future__ import annotations

import sys

from net.paths import data_dir
from tui.cli import build_parser
from tui.door import door_command, door_data_dir


def test_the_door_command_runs_this_python_for_one_table_and_one_person() -> None:
    command = door_command(47474, "-zoe")  # a user name that looks like an option
    assert command[:3] == [sys.executable, "-m", "tui.cli"]
    args = build_parser().parse_args(command[3:])
    assert (args.command, args.port, args.who) == ("door", 47474, "-zoe")


def test_each_person_keeps_tokens_in_a_private_folder_of_their_own() -> None:
    doors = data_dir() / "doors"
    assert door_data_dir("zoe") == doors / "zoe"
    odd = [door_data_dir(who) for who in ("../zoe", "..", "zoe/../../x", "z" * 40, "zoé")]
    assert all(path.parent == doors and path.name.startswith("h-") for path in odd)
    assert len(set(odd)) == len(odd)
    assert doors.stat().st_mode & 0o777 == 0o700
