"""Issue 34 item 12: a door's program loads only what a joined player uses. It is run once per
friend at a door (bench/bench_door_memory.py measures what each costs), so the host's side
(net.host, zeroconf), the doors' servers and the club's screen stay out of it.

The real door program (`gamenight door`) in a pty of its own, at a real Papayoo table, up to
its game screen, then asked (SIGUSR1) to write down every module it has loaded."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path

import pytest

from net.handoff import Handoff
from net.host import Host
from tests.net.ssh_terminal import ESCAPES

ROOT = Path(__file__).resolve().parents[2]
NEVER = (
    "net.host",
    "net.discovery",
    "zeroconf",
    "net.ssh_door",
    "net.web_door",
    "asyncssh",
    "aiohttp",
    "textual_serve",
    "tui.screens.club",
)
DUMPING = """
import os, runpy, signal, sys
def dump(*_):
    with open(os.environ["MODULES"], "w") as file:
        file.write("\\n".join(sorted(sys.modules)))
    os._exit(0)
signal.signal(signal.SIGUSR1, dump)
runpy.run_module("tui.programs.cli", run_name="__main__", alter_sys=True)
"""
GAME_FOOTER = "Mark/play"  # the Papayoo screen's footer: the door's program is at the table


async def test_a_door_program_at_the_table_never_loads_the_hosts_side(tmp_path: Path) -> None:
    host = Host("papayoo", name=None, players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    host.set_bot(1, "easy")
    host.set_bot(2, "easy")
    master, slave = os.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
    modules = tmp_path / "modules.txt"
    drawn = bytearray()
    env = dict(os.environ, TERM="xterm-256color", GAMENIGHT_DATA_DIR=str(tmp_path / "data"))
    env["MODULES"] = str(modules)
    handoff = Handoff({"who": "imports"})  # the door hands its secrets over by pipe
    command = [sys.executable, "-c", DUMPING, "--lang=en", "door", str(port)]
    command += [f"--secrets-fd={handoff.fd}", "--name", "Zed"]
    with handoff:
        child = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT,
            start_new_session=True, pass_fds=(handoff.fd,),
        )  # fmt: skip
    os.close(slave)
    os.set_blocking(master, False)
    loop = asyncio.get_running_loop()

    def read() -> None:
        with contextlib.suppress(OSError):
            drawn.extend(os.read(master, 65536))

    def shown() -> str:
        return ESCAPES.sub(b"", bytes(drawn)).decode(errors="replace")

    async def until(done: Callable[[], bool]) -> None:
        try:
            async with asyncio.timeout(90):
                while not done():
                    await asyncio.sleep(0.05)
        except TimeoutError:
            raise TimeoutError(f"not drawn; last: {shown()[-600:]!r}") from None

    loop.add_reader(master, read)
    try:
        await until(lambda: "Zed" in shown())  # the join screen, the name offered
        os.write(master, b"\r")
        await until(lambda: host.connected(0))
        host.start()
        await until(lambda: GAME_FOOTER in shown())
        child.send_signal(signal.SIGUSR1)
        child.wait(timeout=30)
    finally:
        loop.remove_reader(master)
        if child.poll() is None:
            child.kill()
            child.wait(timeout=30)
        os.close(master)
        await host.close()
    loaded = set(modules.read_text().split())
    assert "tui.games.papayoo.screen" in loaded  # the list is whole: the table's screen is in
    found = sorted(name for name in loaded if name in NEVER or name.split(".")[0] in NEVER)
    assert found == [], found


@pytest.fixture(autouse=True)
def _loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMENIGHT_MDNS_INTERFACES", "127.0.0.1")
