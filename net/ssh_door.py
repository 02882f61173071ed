"""The SSH door: friends with nothing but an ssh client join the table from their terminal.

Each SSH session that asks for a terminal and a shell gets its own Gamenight client — the
command the door was given, e.g. `gamenight door PORT --secrets-fd FD` — running in a pty of its own
(net/pty_process.py) and joined to this table as one more player. Nothing else is offered:
exec requests, subsystems (sftp), port forwarding of any kind, agent and X11 forwarding are
refused, so the door is never a shell on the host's machine.

Access: the table password (net/door_access.py) and/or the public keys of an authorized_keys
file; with neither, anyone who reaches the port may play (the lobby says so). Every refusal is
logged and told to the client in words (an auth banner, the channel's stderr, the reason of a
refused channel); a wrong password is answered only after a delay.

Every friend is their own person, whatever user name the lobby told them to type (issue 23): the
door client's identity (`Visitor.who`, which holds the reconnect token) is the SSH key a person came
in with, or else a new *handle* for each connection: `p-` and 24 hex digits, signed with a secret
drawn from the door's host key (its raw private bytes, the same each time the key is read), so the
door needs no list of them and they stay valid across a host restart. The person is told their
handle as a command ("come back with ssh -p 2622 p-…@host"): coming in with it as the user name is
coming back as the same person, to the same seat. A handle is a bearer secret like the token it
stands for; it is checked only after the password, and guessing one is 96 bits of luck. A user name
shaped like a handle (or like another door identity) that is not a valid one is never offered as a
name: a mistyped handle would show most of a seat's secret to the whole table.

Passwords: every wrong one counts against the address (the door's `guesses`), several in one
connection too, and a connection that gave MAX_WRONG_PASSWORDS wrong ones is closed, as sshd
closes one after its MaxAuthTries. When the table closes, each friend's terminal is switched
back (net/terminal_modes.py) and told so in words before their channel closes.

`net` never imports `tui`: the command to run for an SSH user is given as a function.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import asyncssh

from core.refusals import N_
from net import door_access
from net.handoff import Handoff
from net.limits import JoinLimiter, JoinPolicy
from net.protocol import ProtocolError
from net.pty_process import PtyProcess
from net.ssh_host_key import fingerprint, host_key, key_secret
from net.terminal_modes import TerminalModes

log = logging.getLogger(__name__)

MAX_SESSIONS = 16  # programs running at once: each is a whole app, so outsiders are bounded
LOGIN_TIMEOUT = 30.0  # seconds to authenticate before the connection is dropped
DEFAULT_TERM = "xterm-256color"
PASSED_ENV = ("LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "COLORTERM")  # a client's, kept
LOCALE_ENV = ("LANG", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LANGUAGE")  # the host's, dropped
# when the client sent a locale of its own (else the host's LC_ALL would outrank its LANG)

GENERIC_USERS = frozenset({"play", "gamenight", "guest", "plain"})  # no one's name
PLAIN_USER = "plain"  # `ssh -p PORT plain@host`: the plain line mode, for screen readers
HANDLE = re.compile(r"p-([0-9a-f]{12})([0-9a-f]{12})")
KEY_WHO = door_access.KEY_WHO_PREFIX
# User names never offered, logged or shown as names: anything starting like a door identity
# (a handle p-…, a key's key-…, a browser's web-…) or holding a long run of hex digits (a
# handle typed without its p-, or with a slip).
IDENTITY_SHAPED = re.compile(r"(?i)(?:p|key|web)-|.*[0-9a-f]{10}")
MAX_WRONG_PASSWORDS = 3  # per connection; then it is closed (sshd: MaxAuthTries 6, in tries)

DoorCommand = Callable[[door_access.Visitor, int], list[str]]
"""The program to run for a person, reading their secrets from the file descriptor it is given
(`tui.table.doors.door_command` bound to the table; net/door_access.py's `Handoff`)."""

TOO_MANY_TRIES = N_("Too many tries from your address: wait a minute, then try again.")
TOO_MANY_JOINS = N_("Too many new sessions from your address: wait a minute, then try again.")
DOOR_FULL = N_("The door is full: every place behind it is taken. Ask the host.")
GAMENIGHT_ONLY = N_(
    "This door runs Gamenight only: commands, file copy and forwarding are off. "
    "Connect with a terminal: ssh -t -p {port} play@<host>"
)
NO_FORWARDING = N_("this door runs Gamenight only: forwarding is off")
NOT_STARTED = N_("Gamenight could not start here; tell the host.")
COME_BACK = N_("To come back to your seat: {command}")
WRONG_PASSWORDS = N_("Too many wrong passwords: connect again to try again.")
TABLE_CLOSED = N_("The host closed the table.")
DOOR_CLOSED = N_("The host closed the SSH door.")


def said(languages: tuple[str, ...], text: str, **params: object) -> str:
    """A line of the door's own, in the person's language (the host's before their client
    said what it speaks), laid out for their terminal."""
    wording = door_access.wording()
    line = wording.for_terminal(wording.language(languages), text, **params)
    return f"{line}\r\n"


def offered_name(user: str) -> str:
    """The name to offer someone who came in as `user`: the user name when it is a person's
    name, else nothing to offer ('play', a handle, anything shaped like one)."""
    if user.casefold() in GENERIC_USERS or IDENTITY_SHAPED.match(user):
        return ""
    return user[:24]


def logged_user(user: str) -> str:
    """`user` as the log and the host's lobby may show it: never a handle or a slip of one."""
    return "(a handle)" if IDENTITY_SHAPED.match(user) else repr(user[:40])


class Handles:
    """Handles for people who come in without a key: made and checked with one secret."""

    def __init__(self, secret: bytes) -> None:
        self._secret = hashlib.sha256(b"gamenight ssh door handles\0" + secret).digest()

    def new(self) -> str:
        nonce = secrets.token_hex(6)
        return f"p-{nonce}{self._sign(nonce)}"

    def valid(self, name: str) -> bool:
        found = HANDLE.fullmatch(name)
        return found is not None and hmac.compare_digest(self._sign(found[1]), found[2])

    def _sign(self, nonce: str) -> str:
        return hmac.new(self._secret, nonce.encode(), hashlib.sha256).hexdigest()[:12]


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
        self.handles = Handles(key_secret(self.host_key))
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

    async def close(self, table_closed: bool = True) -> None:
        """Stop listening and hang up every session (their programs end), each friend told
        on a terminal switched back to normal that the table closed (or, `table_closed`
        False, only this door)."""
        farewell = TABLE_CLOSED if table_closed else DOOR_CLOSED
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for session in list(self.sessions):
            self.end(session, farewell)
        await asyncio.gather(*self._ending)

    def end(self, session: DoorSession, farewell: str | None = None) -> None:
        """Hang a session up (once), saying `farewell` first if given; `close` waits for every
        hang-up to finish."""
        if session in self.sessions:
            self.sessions.discard(session)
            task = asyncio.get_running_loop().create_task(session.end(farewell))
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
        self.key_who: str | None = None  # the identity of the authorized key offered, if any
        self.wrong = 0  # wrong passwords given on this connection
        self.told_barred = False  # the "too many tries" banner is sent once per connection

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address, port = conn.get_extra_info("peername")[:2]
        self.peer = f"{self.address}:{port}"

    def begin_auth(self, username: str) -> bool:
        """Authentication is asked for unless the door is open to all."""
        return not self.door.open_to_all

    def _tell_barred(self) -> None:
        """Tell an address barred for trying too often why its password is refused (else
        OpenSSH says only "Permission denied", as for a wrong one): once per connection, and
        only to one that tries a password (a key let in never hears of it)."""
        if self.conn is not None and not self.told_barred:
            self.told_barred = True
            self.conn.send_auth_banner(said((), TOO_MANY_TRIES))

    def password_auth_supported(self) -> bool:
        return door_access.password() is not None

    async def validate_password(self, username: str, password: str) -> bool:
        """Right or wrong, each try counts against the address, however many come on one
        connection; a wrong one is answered late, an address that tried too often is refused
        whatever it sends, for a while, and a connection is closed after
        MAX_WRONG_PASSWORDS wrong ones."""
        try:
            delay = self.door.guesses.admit(self.address, asyncio.get_running_loop().time())
        except ProtocolError:
            self.door.refuse("a password (too many tries from that address)", self.peer)
            self._tell_barred()
            await door_access.refusal_pause()
            return self._wrong()
        if door_access.check_password(password):
            self.key_who = None  # a key offered but not proven is no identity
            return True
        self.door.refuse(f"a wrong password for {logged_user(username)}", self.peer)
        await door_access.refusal_pause()
        await asyncio.sleep(delay)
        return self._wrong()

    def _wrong(self) -> bool:
        """One more wrong password on this connection (always False): past the last one the
        door hangs up, saying why."""
        self.wrong += 1
        if self.wrong >= MAX_WRONG_PASSWORDS and self.conn is not None:
            self.conn.disconnect(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                said((), WRONG_PASSWORDS).strip(),
            )
        return False

    def public_key_auth_supported(self) -> bool:
        return self.door.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """A key offered (asked before any signature): in the authorized keys or not."""
        assert self.door.keys is not None
        if self.door.keys.validate(key, self.address, self.address) is not None:
            digest = hashlib.sha256(key.public_data).hexdigest()[:24]
            self.key_who = KEY_WHO + digest
            return True
        log.info("ssh door: %s offered a key not authorized (%s)", self.peer, key.get_fingerprint())
        return False

    def session_requested(self) -> DoorSession:
        """A session channel, within the door's bounds: MAX_SESSIONS at once, and the host's
        pace of joins per address (slowed past a few a minute, then refused for a while). A
        refused one is still opened, to say why on the client's side and end."""
        door = self.door
        if len(door.sessions) >= MAX_SESSIONS:
            door.refuse("a session (the door is full)", self.peer)
            return DoorSession(door, self.visitor(), refusal=DOOR_FULL)
        delay = 0.0
        if door.joins is not None:
            try:
                delay = door.joins.admit(self.address, asyncio.get_running_loop().time())
            except ProtocolError:
                door.refuse("a session (too many joins from that address)", self.peer)
                return DoorSession(door, self.visitor(), refusal=TOO_MANY_JOINS)
        return DoorSession(door, self.visitor(), delay)

    def visitor(self) -> door_access.Visitor:
        """Who this connection is (see the module's docstring): their key, their handle, or a
        new handle; offered the SSH user name as their name when it is one."""
        assert self.conn is not None
        user = str(self.conn.get_extra_info("username") or "")
        returning = self.door.handles.valid(user)
        who = self.key_who or (user if returning else self.door.handles.new())
        name = "" if returning else offered_name(user)
        again = ""
        if who.startswith("p-"):
            host = self.conn.get_extra_info("sockname")[0]
            where = f"[{host}]" if ":" in host else host
            again = f"ssh -p {self.door.port} {who}@{where}"
        return door_access.Visitor(who, name, again, plain=user.casefold() == PLAIN_USER)

    def connection_requested(self, *args: object) -> bool:
        return self._no_forwarding("port forwarding (direct-tcpip)")

    def server_requested(self, *args: object) -> bool:
        """A listener (`ssh -R`) can only be refused, without words: OpenSSH then warns that
        the remote forwarding failed."""
        self.door.refuse("port forwarding (tcpip-forward)", self.peer)
        return False

    def unix_connection_requested(self, *args: object) -> bool:
        return self._no_forwarding("unix socket forwarding")

    def unix_server_requested(self, *args: object) -> bool:
        self.door.refuse("unix socket forwarding", self.peer)
        return False

    def _no_forwarding(self, what: str) -> bool:
        """Refuse a channel, and say why on the client's side (OpenSSH prints the reason)."""
        self.door.refuse(what, self.peer)
        raise asyncssh.ChannelOpenError(
            asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED,
            door_access.wording().words(door_access.wording().language(()), NO_FORWARDING),
        )


class DoorSession(asyncssh.SSHServerSession[bytes]):
    """One session channel: a pty and a shell request start the program; nothing else does.

    Whatever else a client asks for (a command, scp or sftp, a shell without a terminal), or a
    session the door refused, is accepted only to say why on its stderr and end with status 1:
    refused outright, OpenSSH would print no more than "exec request failed"."""

    def __init__(
        self,
        door: SshDoor,
        visitor: door_access.Visitor,
        delay: float = 0.0,
        refusal: str | None = None,
    ) -> None:
        """`delay`: seconds to wait before starting the program (a peer joining often)."""
        self.door = door
        self.visitor = visitor
        self.delay = delay
        self.refusal = refusal
        self.term: str | None = None
        self.size = (80, 24)
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.process: PtyProcess | None = None
        self.modes = TerminalModes()  # what the program left on in the friend's terminal
        self.farewell: str | None = None  # what the door says as it hangs up, if anything
        self._said_goodbye = False
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
        return True

    def exec_requested(self, command: str) -> bool:
        self._refuse(f"a command ({command[:60]!r})")
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        self._refuse(f"the {subsystem[:30]!r} subsystem")
        return True

    def _refuse(self, what: str) -> None:
        assert self.chan is not None
        host, port = self.chan.get_extra_info("peername")[:2]
        self.door.refuse(what, f"{host}:{port}")
        self.refusal = GAMENIGHT_ONLY

    def _languages(self) -> tuple[str, ...]:
        """What the person's SSH client says they speak (its locale, if it sent one)."""
        assert self.chan is not None
        return door_access.locale_languages(self.chan.get_environment())

    def session_started(self) -> None:
        if self.refusal is not None:
            assert self.chan is not None
            self.chan.write_stderr(
                said(self._languages(), self.refusal, port=self.door.port).encode()
            )
            self.chan.exit(1)
            return
        self._task = asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        assert self.chan is not None
        await asyncio.sleep(self.delay)
        kept_out = ("COLUMNS", "LINES", door_access.PASSWORD_ENV)  # the pty's size; a secret
        languages = self._languages()
        if languages:
            kept_out += LOCALE_ENV
        env = {k: v for k, v in os.environ.items() if k not in kept_out}
        sent = self.chan.get_environment()
        env.update({k: str(sent[k]) for k in PASSED_ENV if isinstance(sent.get(k), str)})
        self.visitor = replace(self.visitor, languages=languages)
        env["TERM"] = self.term or DEFAULT_TERM
        try:
            with Handoff(self.visitor.secrets()) as handoff:
                self.process = await PtyProcess.spawn(
                    self.door.command(self.visitor, handoff.fd),
                    env=env,
                    size=self.size,
                    output=self._output,
                    ended=self._ended,
                    pass_fds=(handoff.fd,),
                )
        except OSError as err:
            log.error("ssh door could not start the game for %s: %s", self.visitor.who, err)
            self.chan.write(said(self.visitor.languages, NOT_STARTED).encode())
            self.chan.exit(1)
            return
        for data in self._early:
            self.process.write(data)
        self._early.clear()

    def _output(self, data: bytes) -> None:
        """What the program drew, to the client (its modes followed); dropped once the door
        says goodbye or the channel is closing (the program is being hung up and may still
        draw meanwhile)."""
        if self.chan is not None and not self.chan.is_closing() and self.farewell is None:
            self.modes.feed(data)
            self.chan.write(data)

    def _ended(self, status: int) -> None:
        """The program ended (the player left, or it was hung up): so does the session,
        telling a person who came in without a key how to come back as themselves, unless
        the table is gone."""
        if self.farewell is not None:
            self._goodbye(self.farewell, 0)
        elif self.visitor.again:
            self._goodbye(COME_BACK, max(status, 0), command=self.visitor.again)
        else:
            self._goodbye(None, max(status, 0))

    def _goodbye(self, text: str | None, status: int, **params: object) -> None:
        """Once: switch off what the program left on in the friend's terminal (alternate
        screen, mouse reporting, hidden cursor), say `text`, and end the channel."""
        if self._said_goodbye or self.chan is None or self.chan.is_closing():
            return
        self._said_goodbye = True
        words = said(self.visitor.languages, text, **params).encode() if text else b""
        self.chan.write(self.modes.restore() + words)
        self.chan.exit(status)

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

    async def end(self, farewell: str | None = None) -> None:
        """Let the program's start finish, then hang it up and close the channel; with a
        `farewell` (the table closed), the friend's terminal is switched back and told it
        first."""
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.farewell = farewell
        if self.process is not None:
            await self.process.hang_up()
        if farewell is not None:
            self._goodbye(farewell, 0)
        if self.chan is not None:
            self.chan.close()
