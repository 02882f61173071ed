"""The plain line mode through the SSH door (issue 37): `ssh -p PORT plain@host` runs the door's
program in plain lines — the welcome, the name asked, the lobby, a whole game of each of the
four games by its typed commands (tests/tui/plain_moves.py) — with no cursor-moving or
screen-erasing escape on the wire, and its end said in lines that begin "Game over". The
clients are real SSH clients with a pty: asyncssh, and the system's OpenSSH (`ssh`) for
Papayoo. Games are kept short by their options (one Papayoo deal, no Rummikub clock)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from tests.net.conftest import wait_for
from tests.net.ssh_terminal import Terminal
from tests.net.test_ssh_door import Door, open_door
from tests.tui.plain_moves import TABLES, WHOLE_GAME, play_game
from tests.tui.plain_pty import SCREEN_ESCAPES, Conversation, PlainProcess

OPENSSH = shutil.which("ssh")


class SshLines(Conversation):
    """An asyncssh session's lines, for a strategy running in a thread: what the door sent,
    and lines typed with Enter (a carriage return, as a terminal sends it)."""

    def __init__(self, terminal: Terminal) -> None:
        super().__init__()
        self.terminal = terminal
        self.loop = asyncio.get_running_loop()
        if terminal.screen.received:  # what came before (b"" would say the session ended)
            self.feed(bytes(terminal.screen.received))
        terminal.screen.heard.append(self.feed)

    def send(self, data: bytes) -> None:
        self.loop.call_soon_threadsafe(self.terminal.press, data.replace(b"\n", b"\r"))


def openssh(door: Door, home: Path) -> PlainProcess:
    """/usr/bin/ssh in a pty as user `plain`: no key, no password (the door asks for neither),
    and the door's host key as the only known host."""
    assert OPENSSH is not None
    known = home / "known_hosts"
    known.write_text(f"[127.0.0.1]:{door.port} " + door.door.host_key.export_public_key().decode())
    options = {
        "UserKnownHostsFile": str(known),
        "GlobalKnownHostsFile": "/dev/null",
        "StrictHostKeyChecking": "yes",
        "IdentityAgent": "none",
        "PubkeyAuthentication": "no",
        "BatchMode": "yes",
    }
    command = [OPENSSH, "-F", "/dev/null", "-tt", "-p", str(door.port)]
    for name, value in options.items():
        command += ["-o", f"{name}={value}"]
    return PlainProcess(["plain@127.0.0.1"], home, {"HOME": str(home)}, command=command)


def sit_and_play(kim: Conversation, game_id: str) -> dict[str, int]:
    """At the door: the welcome, the name typed, the lobby, then the whole game."""
    kim.expect("Welcome to Gamenight's table")
    kim.expect("Your name: Enter takes")
    kim.type("Kim")
    kim.expect(r"Kim \(you\)")
    return dict(play_game(kim, game_id))


@pytest.mark.parametrize(
    ("game_id", "client"),
    [
        ("nothanks", "asyncssh"),
        pytest.param(
            "papayoo",
            "openssh",
            marks=pytest.mark.skipif(OPENSSH is None, reason="no OpenSSH client (ssh) here"),
        ),
        ("pasovec", "asyncssh"),
        ("rummikub", "asyncssh"),
    ],
)
async def test_the_ssh_user_plain_plays_a_whole_game_in_lines(
    tmp_path: Path, game_id: str, client: str
) -> None:
    players, options = TABLES[game_id]
    table = await open_door(game_id=game_id, players=players, options=options)
    terminal: Terminal | None = None
    kim: Conversation
    try:
        if client == "openssh":
            kim = openssh(table, tmp_path)
        else:
            terminal = await Terminal.open(table.port, "plain")
            kim = SshLines(terminal)
        playing = asyncio.ensure_future(asyncio.to_thread(sit_and_play, kim, game_id))
        await wait_for(lambda: table.seat_of("Kim") == 0 or playing.done(), 60)
        if playing.done():
            playing.result()  # what went wrong at the door, said
        for seat in range(1, players):
            table.host.set_bot(seat, "easy")
        table.host.start()
        typed = await asyncio.wait_for(playing, WHOLE_GAME)
        assert sum(typed.values()) >= 5, typed
        block = kim.last_block()
        assert block[0].startswith("Game over — ") and len(block) == players + 2, block
        assert not SCREEN_ESCAPES.search(kim.output), SCREEN_ESCAPES.search(kim.output)
        assert "\x1b" not in kim.output
        kim.type("quit")
        if terminal is not None:
            await asyncio.wait_for(terminal.screen.closed.wait(), 30)
        else:
            assert isinstance(kim, PlainProcess)
            assert await asyncio.to_thread(kim.process.wait, 30) == 0
    finally:
        if isinstance(kim, PlainProcess):
            kim.close()
        await table.door.close()
        await table.host.close()


async def test_f2_at_the_doors_welcome_asks_for_the_plain_mode() -> None:
    """A person who came in by the usual user name can still have lines: F2 at the welcome (even
    from the name's field) ends the full-screen app asking for them (`run_door` goes on in
    the plain mode in the same terminal)."""
    from tests.tui.pilots import SIZE
    from tui.programs.door import DoorApp

    app = DoorApp(47474, "zoe", "Zoe's table")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("K", "i", "f2")
    assert app.return_value == "plain"
