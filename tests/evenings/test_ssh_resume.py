"""An evening through the SSH door with the real OpenSSH client (issue 34, items 1-3 and the
"Done when"): a friend comes in with the password, is shown their handle, the host dies
(`kill -9`) mid-game and comes back (`gamenight host --resume`); the friend types the handle
the door showed them and is back in their seat. Meanwhile `ps` shows no one's secret, and a
mistyped handle is nobody's name.
"""

from __future__ import annotations

import pytest

from tests.evenings.conftest import (
    GAME_SCREEN,
    HANDLE,
    WELCOME,
    Evening,
    door_programs,
    listening,
    openssh_missing,
    sit,
)

pytestmark = pytest.mark.skipif(
    openssh_missing(password=True) is not None, reason=openssh_missing(password=True) or ""
)


async def test_a_password_friend_is_back_in_their_seat_with_their_handle_after_kill_9(
    evening: Evening,
) -> None:
    host = await evening.host()
    await host.expect(f"ssh -p {evening.ssh_port} play@127.0.0.1")
    ann = await evening.friend("play", name="ann")  # the lobby's command, the password typed
    found = await ann.search(HANDLE)
    handle = found[2]
    assert int(found[1]) == evening.ssh_port
    await sit(ann, "Ann", host)

    # Item 3: the door's program for Ann runs with neither her handle nor her identity in the
    # command line every user of the machine can read.
    programs = door_programs(evening.port)
    assert programs, "the door's program for Ann is not running"
    for _pid, command in programs:
        assert handle not in command and "--who" not in command and "--again" not in command

    mark = host.mark()
    await host.type("\x1b[B", "\x1b[B", "b")  # seat 3 (the open one): an easy bot
    await host.expect("easy", since=mark)
    host.press("s")
    await ann.expect(GAME_SCREEN, "Ann (you)")
    await host.expect(GAME_SCREEN)

    host.kill()  # the host's machine hiccups: kill -9, no goodbye
    await host.wait_ended()
    await ann.wait_ended()  # her ssh sees the connection go

    again = await evening.host(resume=True)
    await again.expect(GAME_SCREEN)
    await listening(evening.ssh_port)  # its SSH door open again, on the same port

    # Item 2: a handle with a slip in it is no one's name: not offered, never drawn.
    slip = handle[:-1] + ("0" if handle[-1] != "0" else "1")
    stranger = await evening.friend(slip, name="slip")
    shown = await stranger.expect(WELCOME)
    drawn = shown[shown.index(WELCOME) - 200 :]  # what the door's program drew (not ssh's prompt)
    assert slip[2:14] not in drawn and slip[14:] not in drawn
    await stranger.stop()
    assert slip[2:14] not in again.plain()  # nor in the host's lobby or log line

    back = await evening.friend(handle, name="ann again")  # the command the door showed her
    await back.expect(GAME_SCREEN, "Ann (you)")  # her seat: the saved token, found by handle
