"""The SSH door from the host's side: `gamenight host --ssh PORT`, and the lobby's line with
the exact ssh command and the host key's fingerprint (issue 14)."""

from __future__ import annotations

import socket

import asyncssh
import pytest

from net import door_access
from net.paths import data_dir
from net.ssh_host_key import KEY_FILE
from tests.tui.lan_pilots import confirm, host_app, host_lobby, on_screen, text_of
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.programs.cli import build_parser
from tui.programs.door_flags import ssh_plan
from tui.screens.menu import MenuScreen
from tui.table.plans import HostPlan, SshPlan
from tui.widgets.ssh_door import SshDoorLine, SshDoorSwitch, door_text


def ssh_host_app(port: int = 0) -> GamenightApp:
    plan = HostPlan(player="Zoe", port=0, bind="127.0.0.1", discovery=False, ssh=SshPlan(port))
    return GamenightApp(host=plan, player="Zoe", bot_delay=0.0)


def test_the_command_line_asks_for_an_ssh_door() -> None:
    args = build_parser().parse_args(
        ["host", "--ssh", "2222", "--ssh-authorized-keys", "keys", "--door-password", "pw"]
    )
    plan = ssh_plan(args)
    assert plan is not None and plan.port == 2222 and str(plan.authorized_keys) == "keys"
    assert args.door_password == "pw"
    assert ssh_plan(build_parser().parse_args(["host"])) is None


async def test_the_lobby_shows_the_ssh_command_and_key_and_closing_shuts_the_door(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = ssh_host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.ssh_door is not None
        door = app.table.ssh_door
        line = text_of(lobby, "SshDoorLine")
        assert f"ssh -p {door.port} play@127.0.0.1" in line
        assert door.fingerprint in line and door.fingerprint.startswith("SHA256:")
        assert "open to anyone" in line  # no password, no keys: the lobby says so
        async with asyncssh.connect(
            "127.0.0.1", door.port, username="eve", known_hosts=None, client_keys=None
        ) as conn:
            done = await conn.run("cat /etc/passwd")
            assert done.exit_status == 1 and "runs Gamenight only" in str(done.stderr)
        await wait_until(pilot, lambda: "1 refused" in text_of(lobby, "SshDoorLine"))
        assert "refused a command ('cat /etc/passwd')" in text_of(lobby, "SshDoorLine")
        assert (data_dir() / KEY_FILE).stat().st_mode & 0o777 == 0o600
        monkeypatch.setenv(door_access.PASSWORD_ENV, "pw")
        assert "password is asked" in door_text(door, ["127.0.0.1"])
        await confirm(pilot)
        await on_screen(pilot, MenuScreen)
        await wait_until(pilot, lambda: not door.sessions)
        assert door.port is not None and not port_open(door.port)


async def test_a_door_that_cannot_open_is_said_and_no_table_stays_open() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        app = ssh_host_app(taken.getsockname()[1])
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: bool(app._notifications))
            notice = next(iter(app._notifications)).message
            assert "cannot open the SSH door" in notice
            assert app.table is None


async def test_the_lobby_switch_opens_and_closes_the_ssh_door() -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        table = app.table
        assert table is not None and table.ssh_door is None
        assert not lobby.query_one(SshDoorLine).display
        lobby.query_one(SshDoorSwitch).focus()
        await pilot.press("right")
        await wait_until(pilot, lambda: table.ssh_door is not None)
        assert table.ssh_door is not None
        port = table.ssh_door.port
        assert port is not None
        await wait_until(pilot, lambda: lobby.query_one(SshDoorLine).display)
        assert f"ssh -p {port} play@127.0.0.1" in text_of(lobby, "SshDoorLine")
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        await pilot.press("right")
        await wait_until(pilot, lambda: table.ssh_door is None)
        await wait_until(pilot, lambda: not lobby.query_one(SshDoorLine).display)
        await wait_until(pilot, lambda: not port_open(port))


def port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return False
    return True
