"""The SSH door: friends with nothing but an ssh client join the table from their terminal.

Each SSH session that asks for a terminal and a shell gets its own Gamenight client — the
command the door was given, e.g. `gamenight door PORT --who USER` — running in a pty of its own
(net/pty_process.py) and joined to this table as one more player. Nothing else is offered:
exec requests, subsystems (sftp), port forwarding of any kind, agent and X11 forwarding are
refused, so the door is never a shell on the host's machine.

Access: the table password (net/door_access.py) and/or the public keys of an authorized_keys
file; with neither, anyone who reaches the port may play (the lobby says so). Every refusal is
logged; a wrong password is answered only after a delay.

`net` never imports `tui`: the command to run for an SSH user is given as a function.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import asyncssh

from net import door_access
from net.limits import JoinLimiter, JoinPolicy
from net.protocol import ProtocolError
from net.pty_process import PtyProcess
from net.ssh_host_key import fingerprint, host_key

log = logging.getLogger(__name__)

MAX_SESSIONS = 16  # programs running at once: each is a whole app, so outsiders are bounded
LOGIN_TIMEOUT = 30.0  # seconds to authenticate before the connection is dropped
DEFAULT_TERM = "xterm-256color"
PASSED_ENV = ("LANG", "LC_ALL", "LC_CTYPE", "COLORTERM")  # a client's settings worth keeping

DoorCommand = Callable[[str], list[str]]
"""The program to run for an SSH user name (`tui.door.door_command` bound to the table)."""


class SshDoor:
    """The SSH server of one table; `serve` opens it, `close` ends every session."""

    def __init__(
        self,
        command: DoorCommand,
        *,
        authorized_keys: Path | None = None,
    ) -> None:
        """`authorized_keys`: a file whose public keys may come in (OSError/ValueError if it
        cannot be read). The host key is made (or read) here, so its fingerprint is known
        before the door opens."""
        self.command = command
        self.keys = (
            None if authorized_keys is None else asyncssh.read_authorized_keys(str(authorized_keys))
        )
        self.host_key = host_key()
        self.fingerprint = fingerprint(self.host_key)
        self.sessions: set[DoorSession] = set()
        self._ending: set[asyncio.Task[None]] = set()  # sessions hanging up, awaited on close
        self.refused = 0  # refusals of every kind, counted as they are logged
        self.last_refusal: str | None = None  # the newest, in words, for the lobby
        self.listeners: list[Callable[[], None]] = []  # told of each refusal
        # Sessions started per SSH peer address, as the host counts joins per address (its own
        # count cannot tell the door's programs apart: they all come from loopback).
        self.joins: JoinLimiter | None = JoinLimiter(JoinPolicy())
        # Password tries per address, paced the same way, so parallel connections cannot
        # multiply the guesses that the delay after each wrong one slows down.
        self.guesses = JoinLimiter(JoinPolicy())
        self.port: int | None = None
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def password(self) -> str | None:
        """The table password the door asks for (shared with the other doors), if any."""
        return door_access.password()

    @property
    def open_to_all(self) -> bool:
        """No password and no keys: anyone who reaches the port may sit down."""
        return self.keys is None and self.password is None

    async def serve(self, bind: Sequence[str], port: int) -> int:
        """Listen on each address of `bind` at `port` (0: a free one); returns the port."""
        self._acceptor = await asyncssh.listen(
            list(bind),
            port,
            server_factory=lambda: DoorServer(self),
            server_host_keys=[self.host_key],
            line_editor=False,
            encoding=None,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            login_timeout=LOGIN_TIMEOUT,
        )
        self.port = self._acceptor.get_port()
        return self.port

    async def close(self) -> None:
        """Stop listening and hang up every session (their programs end)."""
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for session in list(self.sessions):
            self.end(session)
        await asyncio.gather(*self._ending)

    def end(self, session: DoorSession) -> None:
        """Hang a session up (once); `close` waits for every hang-up to finish."""
        if session in self.sessions:
            self.sessions.discard(session)
            task = asyncio.get_running_loop().create_task(session.end())
            self._ending.add(task)
            task.add_done_callback(self._ending.discard)

    def refuse(self, what: str, peer: str) -> None:
        """Count, log and tell the listeners (the host's lobby) of a refusal."""
        self.refused += 1
        self.last_refusal = f"refused {what} from {peer}"
        log.warning("ssh door %s", self.last_refusal)
        for listener in list(self.listeners):
            listener()


class DoorServer(asyncssh.SSHServer):
    """One SSH connection: its authentication, and only session channels."""

    def __init__(self, door: SshDoor) -> None:
        self.door = door
        self.address = self.peer = "?"
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address, port = conn.get_extra_info("peername")[:2]
        self.peer = f"{self.address}:{port}"

    def begin_auth(self, username: str) -> bool:
        """Authentication is asked for unless the door is open to all."""
        return not self.door.open_to_all

    def password_auth_supported(self) -> bool:
        return door_access.password() is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """Right or wrong, each try counts against the address; a wrong one is answered late,
        and an address that tried too often is refused whatever it sends, for a while."""
        try:
            delay = self.door.guesses.admit(self.address, asyncio.get_running_loop().time())
        except ProtocolError:
            self.door.refuse("a password (too many tries from that address)", self.peer)
            await door_access.refusal_pause()
            return False
        if door_access.check_password(password):
            return True
        self.door.refuse(f"a wrong password for {username[:40]!r}", self.peer)
        await door_access.refusal_pause()
        await asyncio.sleep(delay)
        return False

    def public_key_auth_supported(self) -> bool:
        return self.door.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key offered (asked before any signature): in the authorized keys or not."""
        assert self.door.keys is not None
        if self.door.keys.validate(key, self.address, self.address) is not None:
            return True
        log.info("ssh door: %s offered a key not authorized (%s)", self.peer, key.get_fingerprint())
        return False

    def session_requested(self) -> DoorSession | bool:
        """A session channel, within the door's bounds: MAX_SESSIONS at once, and the host's
        pace of joins per address (slowed past a few a minute, then refused for a while)."""
        door = self.door
        if len(door.sessions) >= MAX_SESSIONS:
            door.refuse("a session (the door is full)", self.peer)
            return False
        delay = 0.0
        if door.joins is not None:
            try:
                delay = door.joins.admit(self.address, asyncio.get_running_loop().time())
            except ProtocolError:
                door.refuse("a session (too many joins from that address)", self.peer)
                return False
        assert self.conn is not None
        return DoorSession(door, self.conn.get_extra_info("username") or "play", delay)

    def connection_requested(self, *args: object) -> bool:
        self.door.refuse("port forwarding (direct-tcpip)", self.peer)
        return False

    def server_requested(self, *args: object) -> bool:
        self.door.refuse("port forwarding (tcpip-forward)", self.peer)
        return False

    def unix_connection_requested(self, *args: object) -> bool:
        self.door.refuse("unix socket forwarding", self.peer)
        return False

    def unix_server_requested(self, *args: object) -> bool:
        self.door.refuse("unix socket forwarding", self.peer)
        return False


class DoorSession(asyncssh.SSHServerSession[bytes]):
    """One session channel: a pty and a shell request start the program; nothing else does."""

    def __init__(self, door: SshDoor, who: str, delay: float = 0.0) -> None:
        """`delay`: seconds to wait before starting the program (a peer joining often)."""
        self.door = door
        self.who = who
        self.delay = delay
        self.term: str | None = None
        self.size = (80, 24)
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.process: PtyProcess | None = None
        self._early: list[bytes] = []  # keys typed before the program started
        self._task: asyncio.Task[None] | None = None
        door.sessions.add(self)

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], modes: object
    ) -> bool:
        self.term = term_type or DEFAULT_TERM
        self._sized(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        """The one thing a session may ask for, and only with a terminal (ssh -t)."""
        if self.term is None:
            self._refuse("a shell without a terminal")
            return False
        return True

    def exec_requested(self, command: str) -> bool:
        self._refuse(f"a command ({command[:60]!r})")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self._refuse(f"the {subsystem[:30]!r} subsystem")
        return False

    def _refuse(self, what: str) -> None:
        assert self.chan is not None
        host, port = self.chan.get_extra_info("peername")[:2]
        self.door.refuse(what, f"{host}:{port}")

    def session_started(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        assert self.chan is not None
        await asyncio.sleep(self.delay)
        kept_out = ("COLUMNS", "LINES", door_access.PASSWORD_ENV)  # the pty's size; a secret
        env = {k: v for k, v in os.environ.items() if k not in kept_out}
        sent = self.chan.get_environment()
        env.update({k: str(sent[k]) for k in PASSED_ENV if isinstance(sent.get(k), str)})
        env["TERM"] = self.term or DEFAULT_TERM
        try:
            self.process = await PtyProcess.spawn(
                self.door.command(self.who),
                env=env,
                size=self.size,
                output=self._output,
                ended=self._ended,
            )
        except OSError as err:
            log.error("ssh door could not start the game for %s: %s", self.who, err)
            self.chan.write(b"Gamenight could not start here; tell the host.\r\n")
            self.chan.exit(1)
            return
        for data in self._early:
            self.process.write(data)
        self._early.clear()

    def _output(self, data: bytes) -> None:
        """What the program drew, to the client; dropped once the channel is closing (the
        program is being hung up and may still draw meanwhile)."""
        if self.chan is not None and not self.chan.is_closing():
            self.chan.write(data)

    def _ended(self, status: int) -> None:
        """The program ended (the player left): so does the session."""
        if self.chan is not None and not self.chan.is_closing():
            self.chan.exit(max(status, 0))

    def data_received(self, data: bytes, datatype: object) -> None:
        if self.process is None:
            self._early.append(data)
        else:
            self.process.write(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._sized(width, height)
        if self.process is not None:
            self.process.resize(*self.size)

    def _sized(self, columns: int, rows: int) -> None:
        if columns > 0 and rows > 0:
            self.size = (columns, rows)

    def pause_writing(self) -> None:
        if self.process is not None:
            self.process.pause()

    def resume_writing(self) -> None:
        if self.process is not None:
            self.process.resume()

    def eof_received(self) -> bool:
        return False  # the client sent EOF: close; the program is hung up in connection_lost

    def connection_lost(self, exc: Exception | None) -> None:
        """The channel (or the whole connection) is gone: hang the program up."""
        self.door.end(self)

    async def end(self) -> None:
        """Let the program's start finish, then hang it up and close the channel."""
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.process is not None:
            await self.process.hang_up()
        if self.chan is not None:
            self.chan.close()
