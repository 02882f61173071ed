"""Issue 34 item 5: no door child outlives its host. A real `gamenight host` (the Textual app,
in a terminal of its own) with its SSH door and its browser door open, a friend in through each
(a real SSH client, a real websocket), then `kill -9` of the host: both friends' programs end
too, where the browser's used to run on under PID 1 (net/orphans.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from tests.net.ssh_terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
COOKIE = "gamenight_who"
STARTING = 90.0  # seconds a busy machine may take to start the host and a door's program


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("GAMENIGHT_MDNS_INTERFACES", "127.0.0.1")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


def children(pid: int) -> list[int]:
    """The live (not zombie) processes whose parent is `pid`, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _parent_and_state(int(entry.name))[0] == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether `pid` still runs: a zombie has ended (only its parent has not reaped it)."""
    parent, state = _parent_and_state(pid)
    return parent is not None and state != "Z"


def _parent_and_state(pid: int) -> tuple[int | None, str]:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None, ""
    fields = stat.rsplit(")", 1)[1].split()  # after the command's name, which may hold spaces
    return int(fields[1]), fields[0]


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


class HostProcess:
    """`gamenight host nothanks --ssh P --web P` in a pseudo-terminal; its output is drained."""

    def __init__(self) -> None:
        self.port, self.ssh, self.web = free_port(), free_port(), free_port()
        master, slave = os.openpty()
        self.master = master
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="32")
        command = [sys.executable, "-m", "tui.programs.cli", "--lang=en", "host", "nothanks"]
        command += ["--player", "Hana", "--port", str(self.port), "--no-discovery"]
        command += ["--ssh", str(self.ssh), "--ssh-bind", "127.0.0.1"]
        command += ["--web", str(self.web), "--web-bind", "127.0.0.1"]
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._drain)

    def _drain(self) -> None:
        with contextlib.suppress(OSError):
            os.read(self.master, 65536)

    async def doors_open(self) -> None:
        async with asyncio.timeout(STARTING):
            while not all(listening(port) for port in (self.port, self.ssh, self.web)):
                assert self.process.poll() is None, "the host ended"
                await asyncio.sleep(0.1)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait(timeout=30)
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)


async def browser_in(port: int, session: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse:
    """A browser's way in: the page (its cookie), then the websocket its terminal opens, up
    to the first bytes the door's program draws."""
    base = f"http://127.0.0.1:{port}"
    async with session.get(base + "/") as page:
        assert page.status == 200
        who = page.cookies[COOKIE].value
    websocket = await session.ws_connect(f"{base}/ws/{who}?width=100&height=32")
    async with asyncio.timeout(STARTING):
        while (await websocket.receive()).type != aiohttp.WSMsgType.BINARY:
            pass
    return websocket


async def wait_until(done: object, timeout: float = STARTING) -> None:
    async with asyncio.timeout(timeout):
        while not done():  # type: ignore[operator]
            await asyncio.sleep(0.05)


async def test_kill_9_of_the_host_ends_every_door_child() -> None:
    host = HostProcess()
    terminal = None
    try:
        await host.doors_open()
        terminal = await Terminal.open(host.ssh, "zoe")
        await terminal.expect("zoe", timeout=STARTING)  # the door's join screen, their name
        async with aiohttp.ClientSession() as web:
            websocket = await browser_in(host.web, web)
            pid = host.process.pid

            def doors() -> list[int]:
                return [c for c in children(pid) if " door " in command_line(c)]

            await wait_until(lambda: len(doors()) == 2)
            door_children = doors()
            assert all("--who" not in command_line(c) for c in door_children)  # secrets by pipe

            os.kill(pid, signal.SIGKILL)
            host.process.wait(timeout=30)
            await wait_until(lambda: not any(alive(c) for c in door_children), timeout=30)
            await websocket.close()
    finally:
        if terminal is not None:
            terminal.conn.close()
        host.close()
