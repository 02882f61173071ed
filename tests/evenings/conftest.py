"""Whole evenings with real clients and real faults (issue 34): the pieces they share.

An evening runs the real programs a group would: `gamenight host` in a terminal of its own (a
pty the test reads and types into), friends through the system OpenSSH client (`ssh`, with
`sshpass` typing the password as a person would), browsers (tests/net/web_browser.py), and
faults as they happen: `kill -9` of the host, `gamenight host --resume`. What the test looks at
is what a person sees: the bytes each client's terminal received, the words on its screen.

A client that cannot be had here (no `ssh`, no `sshpass`, no Chromium) skips its tests with the
reason; `.ci/run` installs all three.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import sys
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh
import pytest

from net.pty_process import PtyProcess
from tests.net.ssh_terminal import ESCAPES

ROOT = Path(__file__).resolve().parents[2]
OPENSSH = shutil.which("ssh")
SSHPASS = shutil.which("sshpass")
PASSWORD = "blue otter"
SIZE = (100, 32)
WAIT = 60.0  # seconds: the machine is shared, a whole app starting is slow under load
HANDLE = re.compile(r"ssh -p (\d+) (p-[0-9a-f]{24})@127\.0\.0\.1")
GAME_SCREEN = "No thanks!"  # the pass key's name in the No Thanks! footer
WELCOME = "Your name at the table"  # the door's join screen


def openssh_missing(password: bool = False) -> str | None:
    """Why no OpenSSH evening can run here (None: it can)."""
    if OPENSSH is None:
        return "the OpenSSH client (ssh) is not installed: apt-get install openssh-client"
    if password and SSHPASS is None:
        return "sshpass (types the password into ssh) is not installed: apt-get install sshpass"
    return None


def free_port() -> int:
    """A TCP port free on loopback now (the host is told it, so its resume can use it again)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def listening(port: int, timeout: float = WAIT) -> None:
    """Wait until something listens on 127.0.0.1:`port` (a door opened)."""
    async with asyncio.timeout(timeout):
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                await asyncio.sleep(0.1)
                continue
            writer.close()
            return


class Program:
    """A real program in a pty of its own: what it drew, keys typed into it, its end."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.received = bytearray()
        self.ended = asyncio.Event()
        self.status: int | None = None
        self.process: PtyProcess | None = None

    @classmethod
    async def start(cls, name: str, command: Sequence[str], env: dict[str, str]) -> Program:
        program = cls(name)
        program.process = await PtyProcess.spawn(
            list(command), env=env, size=SIZE, output=program._output, ended=program._ended
        )
        return program

    def _output(self, data: bytes) -> None:
        self.received += data

    def _ended(self, status: int) -> None:
        self.status = status
        self.ended.set()

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.process.pid

    def plain(self, since: int = 0) -> str:
        """What was drawn from byte `since` on, without escape sequences."""
        return ESCAPES.sub(b"", bytes(self.received[since:])).decode(errors="replace")

    def mark(self) -> int:
        return len(self.received)

    async def expect(self, *texts: str, since: int = 0, timeout: float = WAIT) -> str:
        """Wait until every one of `texts` is drawn (after `since`); the text drawn."""
        try:
            async with asyncio.timeout(timeout):
                while not all(text in self.plain(since) for text in texts):
                    if self.ended.is_set():
                        break
                    await asyncio.sleep(0.05)
        except TimeoutError:
            pass
        shown = self.plain(since)
        if not all(text in shown for text in texts):
            raise AssertionError(f"{self.name}: {texts} not drawn; last: {shown[-900:]!r}")
        return shown

    async def search(self, pattern: re.Pattern[str], timeout: float = WAIT) -> re.Match[str]:
        async with asyncio.timeout(timeout):
            while (found := pattern.search(self.plain())) is None:
                await asyncio.sleep(0.05)
        return found

    def press(self, keys: str | bytes) -> None:
        assert self.process is not None
        self.process.write(keys.encode() if isinstance(keys, str) else keys)

    async def type(self, *keys: str | bytes) -> None:
        """Keys one at a time, as fingers type them (an escape sequence stays whole)."""
        for key in keys:
            self.press(key)
            await asyncio.sleep(0.15)

    async def wait_ended(self, timeout: float = WAIT) -> int | None:
        await asyncio.wait_for(self.ended.wait(), timeout)
        return self.status

    def kill(self) -> None:
        """`kill -9`: no goodbye, no cleanup."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)

    async def stop(self) -> None:
        if self.process is not None and not self.ended.is_set():
            self.kill()
            with contextlib.suppress(TimeoutError):
                await self.wait_ended(10)


@dataclass
class Evening:
    """One evening's folders, ports and programs: a host and the friends who come."""

    root: Path
    port: int = field(default_factory=free_port)  # the table's
    ssh_port: int = field(default_factory=free_port)
    web_port: int = field(default_factory=free_port)
    programs: list[Program] = field(default_factory=list)

    def __post_init__(self) -> None:
        (self.root / "data").mkdir()
        (self.root / "config").mkdir()
        (self.root / "home").mkdir()
        self.password_file = self.root / "door-password"
        self.password_file.write_text(PASSWORD + "\n")
        self.known_hosts = self.root / "home" / "known_hosts"
        self.key = asyncssh.generate_private_key("ssh-ed25519")
        self.key_file = self.root / "home" / "id_ed25519"
        self.key_file.write_bytes(self.key.export_private_key())
        self.key_file.chmod(0o600)
        self.authorized_keys = self.root / "authorized_keys"
        self.authorized_keys.write_bytes(self.key.export_public_key())

    def host_env(self) -> dict[str, str]:
        """The host's environment: its own data and settings folders, zeroconf on loopback."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GAMENIGHT_", "LC_"))}
        env.update(
            GAMENIGHT_DATA_DIR=str(self.root / "data"),
            GAMENIGHT_CONFIG_DIR=str(self.root / "config"),
            GAMENIGHT_MDNS_INTERFACES="127.0.0.1",
            TERM="xterm-256color",
            LANG="C.UTF-8",
        )
        return env

    async def host(self, *extra: str, resume: bool = False) -> Program:
        """`gamenight host` for No Thanks! (3 seats) with both doors on loopback and the
        password in a file; `resume`: `--resume` the journal of a host that died."""
        command = [sys.executable, "-m", "tui.programs.cli", "host", "nothanks"]
        command += ["--player", "Hostess", "--port", str(self.port), "--no-discovery"]
        command += ["--ssh", str(self.ssh_port), "--ssh-bind", "127.0.0.1"]
        command += ["--door-password-file", str(self.password_file), *extra]
        command += ["--resume"] if resume else []
        program = await Program.start("host", command, self.host_env())
        self.programs.append(program)
        return program

    def ssh_command(
        self, user: str, *, key: bool = False, prompts: int = 0
    ) -> tuple[list[str], dict[str, str]]:
        """OpenSSH to the door as `user`, with the table password (typed by sshpass) or the
        key; its own known_hosts (the door's key is taken on first use, then checked).
        `prompts`: ssh asks for the password up to that many times and the test types each
        answer itself (sshpass gives up after a wrong one)."""
        assert OPENSSH is not None
        options = {
            "StrictHostKeyChecking": "accept-new",
            "UserKnownHostsFile": str(self.known_hosts),
            "GlobalKnownHostsFile": "/dev/null",
            "IdentityAgent": "none",
            "ServerAliveInterval": "5",
        }
        if key:
            options |= {"IdentitiesOnly": "yes", "PreferredAuthentications": "publickey"}
            options |= {"BatchMode": "yes"}
        else:
            options |= {"PubkeyAuthentication": "no"}
            options |= {"NumberOfPasswordPrompts": str(prompts or 1)}
            options |= {
                "PreferredAuthentications": "password"
                if prompts
                else "password,keyboard-interactive"
            }
        command = [OPENSSH, "-F", "/dev/null", "-t", "-p", str(self.ssh_port)]
        command += ["-i", str(self.key_file)] if key else []
        for name, value in options.items():
            command += ["-o", f"{name}={value}"]
        command.append(f"{user}@127.0.0.1")
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(self.root / "home"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        if not key and not prompts:
            assert SSHPASS is not None
            env["SSHPASS"] = PASSWORD  # sshpass -e: the password is in no command line
            command = [SSHPASS, "-e", *command]
        return command, env

    async def friend(
        self, user: str, *, key: bool = False, name: str = "", prompts: int = 0
    ) -> Program:
        """A friend at their terminal, connecting through the SSH door."""
        command, env = self.ssh_command(user, key=key, prompts=prompts)
        program = await Program.start(name or user, command, env)
        self.programs.append(program)
        return program

    async def close(self) -> None:
        """Stop every program of the evening, and any door program its table left running
        (a browser's door client outlives a host killed with -9 until item 5 stops that)."""
        await asyncio.gather(*(program.stop() for program in self.programs))
        for pid, _ in door_programs(self.port):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture
async def evening(tmp_path: Path) -> AsyncIterator[Evening]:
    """An evening's folders and ports; every program still running at the end is killed."""
    night = Evening(tmp_path)
    yield night
    await night.close()


async def sit(friend: Program, name: str, host: Program) -> None:
    """At the door's join screen: type `name`, Enter, and wait for the host to show them."""
    await friend.expect(WELCOME)
    mark = host.mark()
    friend.press(name + "\r")
    await host.expect(name, since=mark)


def door_programs(port: int) -> list[tuple[int, str]]:
    """The door programs running for the table at `port` (pid, command line as `ps` shows
    it), found in /proc as any local user may."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [part.decode(errors="replace") for part in argv if part]
        if "tui.programs.cli" in words and "door" in words and str(port) in words:
            found.append((int(entry.name), " ".join(words)))
    return found
