"""The SSH door (issue 14): an ssh client with a terminal joins the table as a player.

A headless host on 127.0.0.1 with its SSH door; clients are asyncssh connections with a pty
(tests/net/ssh_terminal.py), and once the real OpenSSH client. Each session runs the real
door program (`gamenight door PORT --secrets-fd FD`) in a pty, so these tests see what a
friend sees.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from net import door_access
from net.host import Host
from net.limits import JoinLimiter, JoinPolicy
from net.pty_process import PtyProcess
from net.ssh_door import SshDoor
from net.terminal_modes import TerminalModes
from tests.net.conftest import wait_for
from tests.net.ssh_terminal import ESCAPES, Terminal
from tui.table.doors import open_ssh_door
from tui.table.plans import SshPlan

GAME_SCREEN = "No thanks!"  # the pass key's name in the game screen's footer
JOIN_SCREEN = "Welcome to Gamenight's table"  # the host's table name


@dataclass
class Door:
    host: Host
    door: SshDoor

    @property
    def port(self) -> int:
        assert self.door.port is not None
        return self.door.port

    async def sit(self, user: str, **options: object) -> Terminal:
        """Come in as `user`, take a seat with the name the join screen offers (the user's)."""
        terminal = await Terminal.open(self.port, user, **options)
        await terminal.expect(JOIN_SCREEN)
        terminal.press("\r")
        await wait_for(lambda: self.seat_of(user) is not None, 15)
        return terminal

    def seat_of(self, name: str) -> int | None:
        for index, seat in enumerate(self.host.lobby.seats):
            if seat.name == name and self.host.connected(index):
                return index
        return None


async def open_door(
    authorized_keys: Path | None = None,
    game_id: str = "nothanks",
    players: int = 3,
    options: dict[str, Any] | None = None,
) -> Door:
    """A 3-seat No Thanks! lobby nobody hosts in person (or one of `game_id`, `players` seats
    and `options`), and its SSH door, as the app opens it; seat 0 starts."""
    host = Host(game_id, name=None, players=players, options={"first": 0, **(options or {})})
    await host.serve("127.0.0.1", 0)
    door = await open_ssh_door(SshPlan(0, authorized_keys), host, ["127.0.0.1"])
    return Door(host, door)


@pytest.fixture
async def table() -> AsyncIterator[Door]:
    """An open door (no password, no keys)."""
    door = await open_door()
    yield door
    await door.door.close()
    await door.host.close()


async def test_a_session_plays_by_keys_and_quits(table: Door) -> None:
    zoe = await table.sit("zoe")
    table.host.set_bot(1, "easy")
    table.host.set_bot(2, "easy")
    table.host.start()
    await zoe.expect(GAME_SCREEN)
    assert table.host.referee is not None
    before = len(table.host.referee.record["actions"])
    zoe.press("p")  # seat 0 starts (option first): "No thanks!"
    await wait_for(lambda: len(table.host.referee.record["actions"]) > before, 15)
    assert table.host.referee.record["actions"][before] == [0, {"kind": "pass"}]
    mark = zoe.mark()
    zoe.press("q")
    await zoe.expect("Leave", since=mark)
    zoe.press("y")  # leaving the table ends the program, which ends the session
    await asyncio.wait_for(zoe.screen.closed.wait(), 15)
    assert zoe.screen.exit_status == 0
    await wait_for(lambda: not table.host.connected(0) and not table.door.sessions, 15)


async def test_a_second_session_takes_another_seat(table: Door) -> None:
    zoe = await table.sit("zoe")
    bo = await table.sit("bo")
    assert {table.seat_of("zoe"), table.seat_of("bo")} == {0, 1}
    await asyncio.gather(zoe.close(), bo.close())


async def test_the_window_size_follows_the_client(table: Door) -> None:
    zoe = await Terminal.open(table.port, "zoe", size=(60, 20))
    await zoe.expect(JOIN_SCREEN)
    mark = zoe.mark()
    zoe.resize(120, 40)
    await zoe.expect(JOIN_SCREEN, since=mark)  # drawn again, for the new size
    await zoe.close()


async def test_letters_digits_arrows_ctrl_and_function_keys_survive_ssh(table: Door) -> None:
    zoe = await Terminal.open(table.port, "zoe")
    await zoe.expect(JOIN_SCREEN)
    # In one write, so in one read of the program's terminal, as a quick typist's keys come
    # over a slow link: the keys that only move the cursor act in their place among the others.
    mark = zoe.mark()
    zoe.press(
        "Ann7"  # replaces the offered name, which is selected
        "\x1b[D"  # ← (cursor before the 7)
        "X"
        "\x01"  # ctrl+a: to the start
        "B"
    )
    await zoe.expect("BAnnX7", since=mark)
    mark = zoe.mark()
    zoe.press("\x1bOP")  # F1: the keys help
    await zoe.expect("F1 closes this", since=mark)
    mark = zoe.mark()
    zoe.press("\x1b")  # escape closes the help again
    await zoe.expect(JOIN_SCREEN, since=mark)
    zoe.press("\r")
    await wait_for(lambda: table.seat_of("BAnnX7") == 0, 15)
    await zoe.close()


@pytest.mark.parametrize(
    ("term", "env", "colours"),
    [
        ("xterm-256color", {"COLORTERM": "truecolor"}, "\x1b[38;2;"),
        ("xterm-256color", {}, "\x1b[38;5;"),
        ("xterm", {}, None),
    ],
)
async def test_colours_follow_the_clients_terminal(
    table: Door, term: str, env: dict[str, str], colours: str | None
) -> None:
    zoe = await Terminal.open(table.port, "zoe", term=term, env=env)
    await zoe.expect(JOIN_SCREEN)
    drawn = zoe.screen.received.decode(errors="replace")
    richer = ("\x1b[38;2;", "\x1b[38;5;")
    if colours is None:  # 16 colours: neither 256 colours nor true colour is sent
        assert not any(code in drawn for code in richer)
    else:
        assert colours in drawn
        assert not any(code in drawn for code in richer[: richer.index(colours)])
    await zoe.close()


async def test_commands_forwarding_and_bare_shells_are_refused_in_words(table: Door) -> None:
    """Issue 23 item 7: each refusal says why on the client's side (stderr, or the reason of
    the refused channel), where OpenSSH said only "exec request failed"."""
    conn = await asyncssh.connect(
        "127.0.0.1", table.port, username="eve", known_hosts=None, client_keys=None
    )
    async with conn:
        for command in ("id", None):  # a command; a shell without a terminal
            done = await conn.run(command)
            assert done.exit_status == 1
            assert "runs Gamenight only" in str(done.stderr), done.stderr
        with pytest.raises(asyncssh.ChannelOpenError, match="Gamenight only"):
            await conn.open_connection("127.0.0.1", table.host.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, ConnectionError)):
            await conn.start_sftp_client()
    assert table.door.refused == 5  # each refusal is counted (and logged)
    await wait_for(lambda: not table.door.sessions, 15)
    assert table.host.members == []  # no program ever started


async def test_the_door_paces_sessions_per_address_and_the_host_lets_its_programs_in(
    table: Door,
) -> None:
    assert "127.0.0.1" in table.host.admission.unlimited  # the door counts joins instead
    table.door.joins = JoinLimiter(JoinPolicy(free=1, most=1, delay=0.0))
    zoe = await table.sit("zoe")
    bo = await Terminal.open(table.port, "bo")  # a second session from that address: refused
    await asyncio.wait_for(bo.screen.closed.wait(), 15)
    assert bo.screen.exit_status == 1
    assert "Too many new sessions from your address" in bo.plain()
    assert table.door.refused == 1
    await zoe.close()


async def test_a_wrong_password_is_refused_after_a_delay_and_guessing_is_barred(
    table: Door, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(door_access.PASSWORD_ENV, "open sesame")
    monkeypatch.setattr(door_access, "REFUSAL_DELAY", 0.3)
    started = time.perf_counter()
    with pytest.raises(asyncssh.PermissionDenied):
        await Terminal.open(table.port, "eve", password="guess")
    assert time.perf_counter() - started >= 0.3
    assert table.door.refused == 1
    zoe = await table.sit("zoe", password="open sesame")
    await zoe.close()
    table.door.guesses = JoinLimiter(JoinPolicy(free=0, most=1, delay=0.0))
    with pytest.raises(asyncssh.PermissionDenied):
        await Terminal.open(table.port, "eve", password="guess")
    with pytest.raises(asyncssh.PermissionDenied):  # past the tries an address has: barred
        await Terminal.open(table.port, "eve", password="open sesame")


async def test_only_authorized_keys_come_in(tmp_path: Path) -> None:
    friend, stranger = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(friend.export_public_key())
    door = await open_door(keys)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await Terminal.open(door.port, "eve", client_keys=[stranger])
        with pytest.raises(asyncssh.PermissionDenied):
            await Terminal.open(door.port, "eve")  # no key, and no password to try
        zoe = await door.sit("zoe", client_keys=[friend])
        await zoe.close()
    finally:
        await door.door.close()
        await door.host.close()


HANDLE = re.compile(r"ssh -p \d+ (p-[0-9a-f]{24})@127\.0\.0\.1")


async def handle_of(terminal: Terminal) -> str:
    """The command the join screen tells a person to come back with, and its handle."""
    await wait_for(lambda: HANDLE.search(terminal.plain()) is not None, 15)
    found = HANDLE.search(terminal.plain())
    assert found is not None
    return found[1]


async def test_a_dropped_session_turns_away_and_its_handle_takes_the_seat_back(
    table: Door,
) -> None:
    zoe = await table.sit("zoe")
    handle = await handle_of(zoe)
    table.host.set_bot(1, "easy")
    table.host.set_bot(2, "easy")
    table.host.start()
    await zoe.expect(GAME_SCREEN)
    zoe.drop()
    await wait_for(lambda: not table.host.connected(0) and not table.door.sessions, 15)
    assert table.host.referee is not None and table.host.referee.seats[0].away
    stranger = await Terminal.open(table.port, "zoe")  # the same user name is no one's seat
    await stranger.expect(JOIN_SCREEN)
    assert handle not in stranger.plain()
    await stranger.close()
    again = await Terminal.open(table.port, handle)  # the handle brings zoe back to seat 0
    await again.expect(GAME_SCREEN)
    await wait_for(lambda: table.seat_of("zoe") == 0, 15)
    assert not table.host.referee.seats[0].away
    await again.close()


async def test_two_friends_with_the_lobbys_command_both_sit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 23 item 1: the lobby tells everyone `ssh -p PORT play@…` and the password. Each is
    asked a name and sits; the first keeps their seat; a third taking the first's name while
    they are connected is refused."""
    monkeypatch.setenv(door_access.PASSWORD_ENV, "blue otter")
    door = await open_door()
    try:
        terminals = []
        for name in ("Oli", "Ivy"):
            friend = await Terminal.open(door.port, "play", password="blue otter")
            await friend.expect(JOIN_SCREEN)
            friend.press(name + "\r")  # nothing is offered for "play": the name is typed
            await wait_for(lambda n=name: door.seat_of(n) is not None, 15)
            terminals.append(friend)
        assert {door.seat_of("Oli"), door.seat_of("Ivy")} == {0, 1}
        assert "You joined this seat from another connection" not in terminals[0].plain()
        third = await Terminal.open(door.port, "play", password="blue otter")
        await third.expect(JOIN_SCREEN)
        mark = third.mark()
        third.press("Oli\r")
        await third.expect("pick another", since=mark)
        assert door.seat_of("Oli") == 0 and len(door.host.roster.seated(0)) == 1
        await asyncio.gather(*(t.close() for t in [*terminals, third]))
    finally:
        await door.door.close()
        await door.host.close()


async def test_the_same_key_is_the_same_person(tmp_path: Path) -> None:
    """With key authentication the key is the identity: whatever the user name, the same key
    comes back to its seat, and another key is someone else."""
    oli, ivy = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(oli.export_public_key() + ivy.export_public_key())
    door = await open_door(keys)
    try:
        first = await Terminal.open(door.port, "play", client_keys=[oli])
        await first.expect(JOIN_SCREEN)
        first.press("Oli\r")
        await wait_for(lambda: door.seat_of("Oli") == 0, 15)
        assert "Come back to your seat" not in first.plain()  # the key is the way back
        second = await Terminal.open(door.port, "play", client_keys=[ivy])
        await second.expect(JOIN_SCREEN)
        second.press("Ivy\r")
        await wait_for(lambda: door.seat_of("Ivy") == 1, 15)
        first.drop()
        await wait_for(lambda: not door.host.connected(0), 15)
        back = await Terminal.open(door.port, "someone", client_keys=[oli])
        await wait_for(lambda: door.seat_of("Oli") == 0, 15)  # the saved token sits Oli again
        await asyncio.gather(second.close(), back.close())
    finally:
        await door.door.close()
        await door.host.close()


async def test_an_address_barred_for_guessing_is_told_so(
    table: Door, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 item 7: past the tries an address has, even the right password is refused,
    and the client is told why in an auth banner (OpenSSH prints it)."""
    monkeypatch.setenv(door_access.PASSWORD_ENV, "open sesame")
    monkeypatch.setattr(door_access, "REFUSAL_DELAY", 0.0)
    table.door.guesses = JoinLimiter(JoinPolicy(free=0, most=1, delay=0.0))
    banners: list[str] = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            banners.append(msg)

    for password in ("guess", "open sesame"):
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                table.port,
                username="eve",
                password=password,
                known_hosts=None,
                client_keys=None,
                agent_path=None,
                client_factory=Client,
            )
    assert any("Too many tries from your address" in banner for banner in banners)


OPENSSH = shutil.which("ssh")


@pytest.mark.skipif(OPENSSH is None, reason="the OpenSSH client (ssh) is not installed")
async def test_the_openssh_client_reaches_the_game_screen(tmp_path: Path) -> None:
    """/usr/bin/ssh in a pty the test drives, with a key from an authorized_keys file and the
    door's host key as the only known host: it checks the key, and the game is drawn."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "id").write_bytes(key.export_private_key())
    (tmp_path / "id").chmod(0o600)
    (tmp_path / "authorized_keys").write_bytes(key.export_public_key())
    door = await open_door(tmp_path / "authorized_keys")
    known = f"[127.0.0.1]:{door.port} " + door.door.host_key.export_public_key().decode()
    (tmp_path / "known_hosts").write_text(known)
    drawn = bytearray()
    ended = asyncio.Event()
    command = [
        *(OPENSSH or "ssh", "-F", "/dev/null", "-p", str(door.port), "-i", str(tmp_path / "id")),
        *("-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes"),
        *("-o", f"UserKnownHostsFile={tmp_path / 'known_hosts'}"),
        *("-o", "GlobalKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=yes"),
        "play@127.0.0.1",
    ]
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": str(tmp_path)}
    ssh = await PtyProcess.spawn(
        command, env=env, size=(100, 32), output=drawn.extend, ended=lambda _: ended.set()
    )

    def shown() -> str:
        return ESCAPES.sub(b"", bytes(drawn)).decode(errors="replace")

    try:
        await wait_for(lambda: JOIN_SCREEN in shown() or ended.is_set(), 15)
        assert JOIN_SCREEN in shown(), shown()[-400:]
        ssh.write(b"Ann")  # the offered name ("play") is selected: typing replaces it
        await wait_for(lambda: "Ann" in shown(), 15)
        ssh.write(b"\r")
        await wait_for(lambda: door.seat_of("Ann") == 0, 15)
        door.host.set_bot(1, "easy")
        door.host.set_bot(2, "easy")
        door.host.start()
        await wait_for(lambda: GAME_SCREEN in shown(), 15)
    finally:
        await ssh.hang_up()
        await door.door.close()
        await door.host.close()


async def test_two_friends_through_one_club_door_are_two_members_at_their_own_seats() -> None:
    """Issue 26: a club is reached by the SSH door like a table. Two friends type their names
    at one door, both land in the club, and the round seats each of them at a seat of their
    own (the club's door program follows club_seat to the table)."""
    from net.club.club import Club
    from net.club.member_bot import MemberBot
    from net.club.plan import ClubPlan

    club = Club(ClubPlan(("nothanks",), table_size=4), name=None, bind="127.0.0.1", joins=None)
    await club.serve()
    door = await open_ssh_door(SshPlan(0), club, ["127.0.0.1"])  # type: ignore[arg-type]
    assert door.port is not None and club.port is not None
    bots = [MemberBot("127.0.0.1", club.port, f"Bot{i}") for i in range(2)]
    terminals: list[Terminal] = []
    try:
        for name in ("Oli", "Ivy"):
            friend = await Terminal.open(door.port, "play")
            await friend.expect("Welcome to Gamenight's club")
            friend.press(name + "\r")
            await wait_for(lambda n=name: n in club.players(), 15)
            await friend.expect("Standings")  # the club screen, by itself
            terminals.append(friend)
        for bot in bots:
            await bot.open()
        await wait_for(lambda: len(club.players()) == 4, 15)
        await club.start_round()
        for friend in terminals:
            await friend.expect(GAME_SCREEN)
        (table,) = club.tables
        seats = {table.seat_of("Oli"), table.seat_of("Ivy")}
        assert None not in seats and len(seats) == 2
        await wait_for(lambda: all(table.host.connected(s) for s in seats if s is not None), 15)
    finally:
        await asyncio.gather(*(t.close() for t in terminals))
        for bot in bots:
            await bot.close()
        await door.close()
        await club.close()


def test_handles_stay_valid_when_the_host_starts_again() -> None:
    """Issue 34 item 1: a handle is signed with the host key's own bytes, which read the
    same each time (its OpenSSH export does not: random check bytes), so a door opened again
    on the same key takes the handles the last one gave."""
    first = SshDoor(lambda visitor, fd: [])
    handle = first.handles.new()
    again = SshDoor(lambda visitor, fd: [])  # the key read again from the data folder
    assert again.host_key.export_private_key() != first.host_key.export_private_key()
    assert again.handles.valid(handle)
    assert not again.handles.valid(handle[:-1] + ("0" if handle[-1] != "0" else "1"))


@pytest.mark.parametrize(
    ("user", "offered"),
    [
        ("zoe", "zoe"),
        ("play", ""),
        ("p-a107f3c2d9e0b1a2c3d4e5f6", ""),  # a handle with a slip: never a name
        ("P-A107F3", ""),
        ("a107f3c2d9e0b1", ""),  # its digits without the p-
        ("key-0123456789", ""),
        ("web-0123456789ab", ""),
        ("Zsófia", "Zsófia"),
    ],
)
def test_a_user_name_shaped_like_a_handle_is_never_offered_or_logged(
    user: str, offered: str
) -> None:
    from net.ssh_door import logged_user, offered_name

    assert offered_name(user) == offered
    if not offered and user != "play":
        assert user[2:] not in logged_user(user)


def test_the_modes_a_program_left_on_are_switched_off_and_only_those() -> None:
    """Issue 34 item 4: what a hung-up program left on (alternate screen, mouse, hidden
    cursor) is undone; a program that restored the terminal itself gets nothing more."""
    modes = TerminalModes()
    drawn = b"\x1b[?1049h\x1b[?1000;1006h\x1b[?25lhello\x1b[?2004h"
    for split in range(len(drawn)):  # however the reads cut the sequences
        modes = TerminalModes()
        modes.feed(drawn[:split])
        modes.feed(drawn[split:])
        assert modes.on == {1049, 1000, 1006, 2004} and modes.cursor_hidden
    restore = modes.restore()
    assert restore.index(b"\x1b[?1000l") < restore.index(b"\x1b[?1049l")
    assert b"\x1b[?2004l" in restore and restore.index(b"\x1b[?1049l") < restore.index(b"\x1b[?25h")
    modes.feed(b"\x1b[?1000l\x1b[?1006l\x1b[?2004l\x1b[?1049l\x1b[?25h")
    assert modes.restore() == b""
