"""The plain line mode through the SSH door (issue 37): `ssh -p PORT plain@host` runs the door's
program in plain lines — the welcome, the name asked, the lobby, a whole No Thanks! game by
typed `take`/`pass` — with no cursor-moving or screen-erasing escape on the wire, and its end
said in lines that begin "Game over". The client is a real SSH client with a pty (asyncssh)."""

from __future__ import annotations

import asyncio
import re

from tests.net.conftest import wait_for
from tests.net.ssh_terminal import Terminal
from tests.net.test_ssh_door import open_door
from tests.tui.plain_pty import SCREEN_ESCAPES

TURN = re.compile(r"(take or pass|take)\?\r?$", re.MULTILINE)


async def test_the_ssh_user_plain_plays_a_whole_game_in_lines() -> None:
    table = await open_door()
    try:
        kim = await Terminal.open(table.port, "plain")
        await kim.expect("Welcome to Gamenight's table")
        await kim.expect("Your name: Enter takes")
        kim.press("Kim\r")
        await wait_for(lambda: table.seat_of("Kim") is not None, 30)
        await kim.expect("Kim (you)")
        table.host.set_bot(1, "easy")
        table.host.set_bot(2, "easy")
        table.host.start()
        seen = 0
        moves = 0
        async with asyncio.timeout(180):
            while "Game over — " not in kim.plain():
                text = kim.plain()
                turn = TURN.search(text, seen)
                if turn is not None:
                    seen = turn.end()
                    kim.press("take\r" if turn[1] == "take" or moves % 2 else "pass\r")
                    moves += 1
                await asyncio.sleep(0.02)
        await kim.expect("Game over: again plays another game, quit leaves.")
        assert moves >= 5
        received = bytes(kim.screen.received).decode(errors="replace")
        assert not SCREEN_ESCAPES.search(received), SCREEN_ESCAPES.search(received)
        assert "\x1b" not in received
        kim.press("quit\r")
        await asyncio.wait_for(kim.screen.closed.wait(), 30)
    finally:
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
