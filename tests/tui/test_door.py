"""A door's client program (tui/programs/door.py): the command a door runs, and where it keeps the
reconnect tokens of each person coming in (issue 14)."""

from __future__ import annotations

import os
import sys

import pytest
from textual.widgets import Static

from net.door_access import Visitor
from net.handoff import Handoff, receive
from net.host import Host
from net.paths import data_dir
from tests.tui.lan_pilots import on_screen, text_of
from tests.tui.pilots import SIZE, wait_until
from tui.programs.cli import build_parser
from tui.programs.door import DoorApp, door_data_dir, door_player
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.lobby import ClientLobbyScreen
from tui.table.doors import door_command


def test_the_door_command_runs_this_python_for_one_table_and_one_person() -> None:
    """Who the person is and their way back go by the pipe (net/handoff.py), never argv."""
    visitor = Visitor("-zoe", name="-Zoe", again="ssh -p 2290 p-0123@host")
    command = door_command(47474, visitor, 7)
    assert command[:3] == [sys.executable, "-m", "tui.programs.cli"]
    args = build_parser().parse_args(command[3:])
    assert (args.command, args.port, args.secrets_fd, args.name) == ("door", 47474, 7, "-Zoe")
    assert not [arg for arg in command if "-zoe" in arg or "p-0123" in arg]
    named = door_command(47474, Visitor("zoe"), 9, "-Zoe's [b]table")
    assert build_parser().parse_args(named[3:]).table == "-Zoe's [b]table"


def test_the_door_program_reads_who_it_runs_for_from_the_pipe() -> None:
    with Handoff(Visitor("p-" + "ab" * 12, again="ssh p-x@h").secrets()) as handoff:
        copy = os.dup(handoff.fd)  # what the child inherits
    assert receive(copy) == {"who": "p-" + "ab" * 12, "again": "ssh p-x@h"}


def test_each_person_keeps_tokens_in_a_private_folder_of_their_own() -> None:
    doors = data_dir() / "doors"
    assert door_data_dir("zoe") == doors / "zoe"
    odd = [door_data_dir(who) for who in ("../zoe", "..", "zoe/../../x", "z" * 40, "zoé")]
    assert all(path.parent == doors and path.name.startswith("h-") for path in odd)
    assert len(set(odd)) == len(odd)
    assert doors.stat().st_mode & 0o777 == 0o700


async def test_the_welcome_names_the_table_as_typed_never_as_markup() -> None:
    app = DoorApp(47474, "zoe", "Zoe's [b]table")
    async with app.run_test(size=SIZE):
        title = app.screen.query_one(".screen-title", Static)
        assert str(title.render()) == "Welcome to Zoe's [b]table"


async def test_a_door_whose_table_closed_says_q_leaves_not_the_menu() -> None:
    """Issue 23 item 8: a door's app has no menu to go back to."""
    host = Host("nothanks", name="Hana", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    app = DoorApp(port, "door-test-who", "Hana's table", name="Kim")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")
            await on_screen(pilot, ClientLobbyScreen)
            lobby = app.screen
            await host.close()
            await wait_until(pilot, lambda: "closed the table" in text_of(lobby, "#status"))
            assert text_of(lobby, "#status") == "The host closed the table. q leaves."
    finally:
        await host.close()


@pytest.mark.parametrize(
    ("who", "again", "way"),
    [
        (
            "p-" + "0" * 24,
            "ssh -p 2290 p-000@10.0.0.2",
            "come back with ssh -p 2290 p-000@10.0.0.2",
        ),
        ("key-" + "a" * 24, "", "come back through the door with the same SSH key."),
        ("web-" + "b" * 24, "", "open this page again in this browser."),
    ],
)
async def test_at_a_door_leaving_says_the_way_back_and_help_knows_no_prompt(
    who: str, again: str, way: str
) -> None:
    """Issue 34 item 9: a door refuses a name typed again, so the leave question says the
    handle, the key or the page; and a door has no command prompt to return to."""
    host = Host("nothanks", name="Hana", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    app = DoorApp(port, who, "Hana's table", name="Kim", again=again)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")
            await on_screen(pilot, ClientLobbyScreen)
            await pilot.press("f1")
            await on_screen(pilot, HelpScreen)
            keys = dict(app.screen.rows)  # type: ignore[attr-defined]
            assert keys["^q"] == "Leave the table: this session ends"
            assert not any("command prompt" in said for said in keys.values())
            await pilot.press("escape")
            await on_screen(pilot, ClientLobbyScreen)
            await pilot.press("q")
            await on_screen(pilot, ConfirmScreen)
            question = text_of(app.screen, "#question")
            assert question == f"Leave the table? Your seat stays yours: {way}"
    finally:
        await host.close()


def test_a_browser_guest_name_shows_nothing_of_its_secret_id(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34 (item 2's kin): the guest name a browser is offered is stable for that browser
    but made from a digest of its id, so nobody at the table reads a character of the cookie."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path))
    secret = "web-8e84c0ffee0123456789abcd"
    name = door_player(2291, secret, "")
    assert name.startswith("Guest ") and name == door_player(2291, secret, "")
    shown = name.removeprefix("Guest ")
    assert len(shown) == 4 and not secret.removeprefix("web-").startswith(shown)
    assert door_player(2291, "web-0000000000000000000000ff", "") != name
