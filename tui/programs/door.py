"""A door's client: the Gamenight app for ONE table only, run for a remote person.

The SSH door (net/ssh_door.py) and the browser door run one such program per remote person:
`tui.table.doors.door_command(port, visitor, fd, table)`, the hidden `gamenight door PORT [--table
NAME] [--name NAME] --secrets-fd FD`: who the person is (`who`) and the command that brings them
back (`again`, which holds an SSH handle) come by that inherited pipe (net/handoff.py), never on the
command line every local user can read. It opens on a join screen that welcomes the person to the
table at 127.0.0.1:PORT by its name and asks for theirs, then the lobby and the game as usual;
leaving the table, or the final table's "menu", ends the program. There is no main menu, so no solo
game, no other table and no shell can be reached from it.

Its reconnect tokens, and the name last used, are kept per `who` (an SSH key or handle, a
browser: net/ssh_door.py says which), in a data directory of their own under the host's, so the
same person coming back after a drop takes their seat back while two people coming in through
one door never share a token.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from pathlib import Path

from textual import on
from textual.binding import Binding

from net.paths import data_dir, private_dir
from tui.app import GamenightApp
from tui.base.i18n import t, words
from tui.base.messages import GoToMenu
from tui.base.table_names import table_title
from tui.screens.door_join import DoorJoinScreen
from tui.table.doors import DOOR_HOST

SAFE_WHO = re.compile(r"[A-Za-z0-9_.-]{1,32}")


def door_data_dir(who: str) -> Path:
    """`<data>/doors/<who>`: a readable folder name for a plain `who`, a digest otherwise (so no
    `who` can name a path outside, nor two differing ones share a folder)."""
    if SAFE_WHO.fullmatch(who) and who not in (".", ".."):
        folder = who
    else:
        folder = "h-" + hashlib.sha256(who.encode("utf-8", "surrogateescape")).hexdigest()[:24]
    return private_dir(data_dir() / "doors") / folder


def door_player(port: int, who: str, name: str = "") -> str:
    """The name to offer: the one this `who` last sat down with at this table (so a reload or
    a person back with their handle takes the seat back), else `name` (an SSH user name that is
    a name); a browser is offered "Guest" and four characters of its id's digest (distinct from
    the start: two browsers rarely clash, and never a character of the id, the browser's secret,
    is shown), anyone else a blank to type their name into."""
    from net.client import saved_names
    from net.door_access import WEB_WHO_PREFIX

    names = saved_names(DOOR_HOST, port)
    if names:
        return names[-1]
    if name:
        return name
    if who.startswith(WEB_WHO_PREFIX):
        digest = hashlib.sha256(who.encode()).hexdigest()
        return words("Guest {id}", id=digest[:4])
    return ""


def way_back(who: str, again: str) -> str | None:
    """How a person comes back to their seat through their door, in words: with their handle
    (the command `again`), with their SSH key, or by opening the page again in their browser.
    A door refuses the name typed again (the name alone is no one's proof)."""
    from net.door_access import KEY_WHO_PREFIX, WEB_WHO_PREFIX

    if again:
        return words("come back with {command}", command=again)
    if who.startswith(KEY_WHO_PREFIX):
        return words("come back through the door with the same SSH key.")
    if who.startswith(WEB_WHO_PREFIX):
        return words("open this page again in this browser.")
    return None


class DoorApp(GamenightApp):
    """The app with the door's join screen as its base and no way out but leaving."""

    HAS_MENU = False
    BINDINGS = [  # noqa: RUF012 (Textual's own is "return to the command prompt": none here)
        Binding(
            "ctrl+q",
            "quit",
            t("Leave"),
            tooltip=t("Leave the table: this session ends"),
            show=False,
            priority=True,
        )
    ]

    def __init__(
        self, port: int, who: str, table: str = "", name: str = "", again: str = ""
    ) -> None:
        super().__init__(player=door_player(port, who, name))
        self.door_port = port
        self.table_name = table
        self.again = again
        self.way_back = way_back(who, again)

    def get_default_screen(self) -> DoorJoinScreen:  # type: ignore[override]
        return DoorJoinScreen(
            self.door_port, self.player_name, self.table_name, self.again, self.way_back
        )

    @on(GoToMenu)
    def _leave_door(self, message: GoToMenu) -> None:
        """Leaving the table ends the program (quitting leaves the table: on_unmount); at a
        club night, leaving a table goes back to the club, and leaving the club ends it."""
        if self.club is not None and self.table is not None:
            return  # the app's own handler takes the person back to the club
        message.prevent_default()
        self.exit()


def door_table_title(table: str, said: str) -> str:
    """The table's name for this person's welcome: `said` (JSON from the door's command line,
    a name the host made up) worded in their language, else `table` as the host typed it."""
    try:
        told = json.loads(said) if said else None
    except ValueError:
        told = None
    return table_title(table, told)


def run_door(
    port: int, secrets_fd: int, table: str = "", name: str = "", plain: bool = False
) -> int:
    """Run the door's app in this terminal for the person whose secrets (`who`, `again`) the
    door handed over on `secrets_fd` (`plain`: the plain line mode, tui/plain/); the exit
    status for `gamenight door`."""
    from net.handoff import receive

    secrets = receive(secrets_fd)
    who, again = secrets.get("who", ""), secrets.get("again", "")
    if not who:
        print(t("gamenight door: the door handed over no identity"), file=sys.stderr)
        return 2
    folder = door_data_dir(who)
    os.environ["GAMENIGHT_DATA_DIR"] = str(folder)
    # The name this person sat down with is remembered in their own folder, never in the
    # host's settings (which would then offer a guest's name to the host).
    os.environ["GAMENIGHT_CONFIG_DIR"] = str(folder / "config")
    if plain or DoorApp(port, who, table, name, again).run() == "plain":  # F2 at the welcome
        from tui.plain.run import run_plain_door

        return run_plain_door(port, table, door_player(port, who, name), again)
    return 0
