"""Wrong passwords at the SSH door, typed into the real OpenSSH client (issue 34, items 8 and
9): every wrong one counts toward the address's shut-out, several in one connection too; a
connection is closed after MAX_WRONG_PASSWORDS of them; the "Too many tries" banner comes once
per connection, and a friend with a key let in afterwards never sees it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from net import door_access
from net.host import Host
from net.limits import JoinLimiter, JoinPolicy
from net.ssh_door import MAX_WRONG_PASSWORDS, SshDoor
from tests.evenings.conftest import PASSWORD, WELCOME, Evening, Program, openssh_missing
from tui.table.doors import open_ssh_door
from tui.table.plans import SshPlan

pytestmark = pytest.mark.skipif(openssh_missing() is not None, reason=openssh_missing() or "")

BARRED = "Too many tries from your address"


@pytest.fixture
async def door(evening: Evening, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[SshDoor]:
    """A table with its SSH door (the password, and the evening's key), as the app opens it,
    in this process so the test can make the shut-out come soon: 4 tries a minute."""
    monkeypatch.setenv(door_access.PASSWORD_ENV, PASSWORD)
    monkeypatch.setattr(door_access, "REFUSAL_DELAY", 0.05)
    host = Host("nothanks", name=None, players=3)
    await host.serve("127.0.0.1", 0)
    door = await open_ssh_door(SshPlan(0, evening.authorized_keys), host, ["127.0.0.1"])
    door.guesses = JoinLimiter(JoinPolicy(free=10, most=4, delay=0.0, bar=60.0))
    assert door.port is not None
    evening.ssh_port = door.port
    yield door
    await door.close()
    await host.close()


async def answer_every_prompt(friend: Program, password: str) -> int:
    """Type `password` at each password prompt until ssh gives up; how many it asked."""
    asked = 0
    while True:
        prompts = friend.plain().count("password:")
        if prompts > asked:
            asked = prompts
            friend.press(password + "\r")
        if friend.ended.is_set():
            return asked
        await asyncio.sleep(0.05)


async def test_wrong_passwords_count_and_close_the_connection_and_the_bar_is_said_once(
    evening: Evening, door: SshDoor
) -> None:
    first = await evening.friend("eve", prompts=6, name="eve 1")  # ssh would ask 6 times
    assert await answer_every_prompt(first, "guess") == MAX_WRONG_PASSWORDS
    assert "Too many wrong passwords" in first.plain()  # the door hung up, and said why
    assert first.status == 255 and BARRED not in first.plain()
    assert door.refused == 3  # each wrong one counted (the address has 4 tries a minute)

    second = await evening.friend("eve", prompts=6, name="eve 2")
    assert await answer_every_prompt(second, "guess") == MAX_WRONG_PASSWORDS
    assert second.plain().count(BARRED) == 1  # the 4th try counted; the 5th is barred: said once

    right = await evening.friend("eve", prompts=6, name="eve 3")  # now even the password fails
    assert await answer_every_prompt(right, PASSWORD) == MAX_WRONG_PASSWORDS
    assert right.plain().count(BARRED) == 1 and WELCOME not in right.plain()

    bo = await evening.friend("bo", key=True)  # a key is no guess: let in, and told nothing
    await bo.expect(WELCOME)
    assert BARRED not in bo.plain()
