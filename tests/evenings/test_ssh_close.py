"""The host closes the table with friends in through the SSH door (issue 34, item 4): each
friend's OpenSSH client (one with the password, one with a key) is told so in words, and its
terminal is switched back (alternate screen off, mouse reporting off, cursor shown) before the
connection ends, never told to come back to a seat at a table that is gone."""

from __future__ import annotations

import pytest

from net.terminal_modes import MOUSE, TerminalModes
from tests.evenings.conftest import WELCOME, Evening, openssh_missing, sit

pytestmark = pytest.mark.skipif(
    openssh_missing(password=True) is not None, reason=openssh_missing(password=True) or ""
)


async def test_friends_are_told_the_host_closed_the_table_on_a_terminal_left_as_found(
    evening: Evening,
) -> None:
    host = await evening.host("--ssh-authorized-keys", str(evening.authorized_keys))
    await host.expect(f"ssh -p {evening.ssh_port} play@127.0.0.1")
    ann = await evening.friend("play", name="ann")  # the password
    await sit(ann, "Ann", host)
    vik = await evening.friend("play", key=True, name="vik")  # the key
    await sit(vik, "Vik", host)
    for friend in (ann, vik):  # the door's program drew full screen, with the mouse on
        modes = TerminalModes()
        modes.feed(bytes(friend.received))
        assert 1049 in modes.on and modes.on & set(MOUSE) and modes.cursor_hidden

    host.press("q")
    await host.expect("Close the table?")
    host.press("y")
    for friend in (ann, vik):
        await friend.wait_ended()
        assert WELCOME in friend.plain()  # they were in (the join screen drew)
        modes = TerminalModes()
        modes.feed(bytes(friend.received))  # every byte their ssh client was sent
        assert not modes.on and not modes.cursor_hidden, (modes.on, modes.cursor_hidden)
        normal = bytes(friend.received).rindex(b"\x1b[?1049l")  # back on the normal screen:
        last = friend.plain(normal)  # what stays on their terminal once the session is over
        assert "The host closed the table." in last
        assert "come back" not in last.casefold()
