"""Bad input (issue point 8): each gets a readable error or is dropped, and the game goes on.

Every test attacks the `game` fixture's running table, then `game.finish()` checks the honest
players still finished with the host's view of their seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

import pytest

import net.admission
import net.client
from core import IllegalMove
from net.client import ClientSession, HandshakeError, connect
from net.host import Host
from net.protocol import MAX_FRAME, encode
from tests.net.conftest import Game, Raw, packed, raw_frame, wait_for


async def expect_fatal(raw: Raw, code: str) -> str:
    """The next error frame has `code`, is fatal, and the host then closes the connection."""
    error = await raw.until("error")
    assert error["code"] == code, error
    assert error["fatal"]
    assert await raw.closed()
    return error["message"]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (raw_frame(b"\xc1\x00"), "bad_frame"),  # 0xc1 is never valid msgpack
        (raw_frame(b"\x81\xa4type"), "bad_frame"),  # truncated map
        (packed([1, 2, 3]), "bad_frame"),  # not a map
        (packed({"kind": "hello"}), "bad_frame"),  # no type
        (packed({1: "x", "type": "hello"}), "bad_frame"),  # integer key
        (raw_frame(b"\x91" * 5000 + b"\xc0"), "bad_frame"),  # nested too deep
        (raw_frame(b"\xc7\x01\x05x"), "bad_frame"),  # extension type
        (raw_frame(b"\xdd\xff\xff\xff\xff"), "bad_frame"),  # array claiming 4G items
        ((MAX_FRAME + 1).to_bytes(4, "big"), "too_large"),
        (bytes(4), "too_large"),  # an empty frame
        (packed({"type": "act"}), "bad_message"),  # not a hello first
    ],
)
async def test_bad_frames_before_handshake(game: Game, data: bytes, code: str) -> None:
    raw = await Raw.open(game.host.port or 0)
    await raw.send(data)
    await expect_fatal(raw, code)
    await game.finish()


async def test_bad_frame_after_handshake_closes_only_that_connection(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    assert (await raw.hello(spectate=True))["type"] == "welcome"
    await raw.send(raw_frame(b"\xc1"))
    await expect_fatal(raw, "bad_frame")
    await game.finish()


async def test_wrong_version_is_explained_on_both_sides(
    game: Game, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(net.client, "PROTOCOL_VERSION", 99)
    with pytest.raises(HandshakeError) as refused:
        await connect("127.0.0.1", game.host.port or 0, "Future")
    assert refused.value.code == "version"
    assert "protocol 1" in str(refused.value) and "99" in str(refused.value)
    assert "refused" in caplog.text and "protocol 99, not 1" in caplog.text
    await game.finish()


async def test_unknown_type_gets_an_error_and_the_connection_stays(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    await raw.hello(spectate=True)
    await raw.send(encode({"type": "teleport"}))
    error = await raw.until("error")
    assert error["code"] == "unknown_type" and not error["fatal"]
    await raw.send(encode({"type": "chat", "text": "still here"}))
    chat = await raw.until("chat")
    assert chat["text"] == "still here" and chat["seat"] is None
    raw.close()
    await game.finish()


async def test_spectator_cannot_act(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    await raw.hello(spectate=True)
    await raw.send(encode({"type": "act", "action": {"kind": "take"}, "version": 0}))
    assert (await raw.until("error"))["code"] == "spectator"
    raw.close()
    await game.finish()


async def test_acting_for_another_seat_out_of_turn_stale_and_timeout_are_refused(
    game: Game,
) -> None:
    session = game.sessions[1]
    driver = game.drivers[1]
    referee = game.host.referee
    assert referee is not None and session.seat == 1
    session.send({"type": "act", "seat": 2, "action": {"kind": "take"}, "version": 0})
    session.send({"type": "act", "action": {"kind": "timeout"}, "version": referee.version})
    session.send({"type": "act", "action": {"kind": "take"}, "version": -5})  # never was
    session.send({"type": "act", "action": {"kind": "take"}})  # no version
    session.send({"type": "act", "action": "take", "version": referee.version})
    while 1 in referee.game.to_act(referee.state):
        await asyncio.sleep(0.001)
    session.send({"type": "act", "action": {"kind": "take"}, "version": referee.version})
    await wait_for(lambda: len(driver.errors()) >= 6)
    codes = [(e["code"], e["message"]) for e in driver.errors()]
    assert codes[0] == ("wrong_seat", "you sit in seat 1; you cannot act for another seat")
    assert codes[1] == ("illegal", "only the host's clock can time a turn out")
    assert codes[2] == ("illegal", "this table has no state -5; look again")
    assert codes[3][0] == "bad_message" and "version" in codes[3][1]
    assert codes[4][0] == "bad_message"
    assert codes[5][0] == "illegal"
    assert codes[5][1] == "that action was decided on a state where it was not your move"
    await game.finish()


async def test_repeated_actions_are_refused_as_stale() -> None:
    from tests.net.conftest import start_game

    game = await start_game(players=3, remote=1)
    game.drivers[1].repeat = True
    try:
        await game.finish()
        errors = game.drivers[1].errors()
        assert errors and {e["code"] for e in errors} == {"illegal"}
    finally:
        await game.sessions[1].close()  # type: ignore[attr-defined]
        await game.host.close()


async def test_chat_is_limited_and_plain(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    await raw.hello(spectate=True)
    for text in ["x" * 201, "bell\x07", "\x1b[31mred", "rtl\u202etext", "", 42]:
        await raw.send(encode({"type": "chat", "text": text}))
        error = await raw.until("error")
        assert error["code"] == "bad_message" and not error["fatal"]
    game.sessions[1].chat("  good game  ")
    chat = await raw.until("chat")
    assert chat == {"type": "chat", "seat": 1, "name": "Player 1", "text": "good game", "n": 1}
    for _ in range(10):  # the 9th line within 10 s is refused
        await raw.send(encode({"type": "chat", "text": "spam"}))
    error = await raw.until("error")
    assert error["code"] == "slow_down" and not error["fatal"]
    raw.close()
    await game.finish()


async def test_spectators_past_the_limit_are_refused_but_a_seat_token_gets_in(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(net.admission, "MAX_SPECTATORS", 1)
    watcher = await Raw.open(game.host.port or 0)
    assert (await watcher.hello(spectate=True))["type"] == "welcome"
    crowd = await Raw.open(game.host.port or 0)
    await crowd.send(encode({"type": "hello", "protocol": 1, "name": "More", "spectate": True}))
    await expect_fatal(crowd, "full")
    session = game.sessions[1]
    assert isinstance(session, ClientSession)
    await session.reconnect()  # a seated player coming back is never turned away
    assert session.seat == 1
    watcher.close()
    await game.finish()


async def test_a_flood_of_silent_connections_cannot_keep_a_player_out(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(net.admission, "MAX_HANDSHAKES", 2)
    game.host.handshake_timeout = 5.0
    silent = [await Raw.open(game.host.port or 0) for _ in range(3)]
    await expect_fatal(silent[0], "full")  # the oldest made room for the newest
    session = game.sessions[1]
    assert isinstance(session, ClientSession)
    await session.reconnect()
    assert session.seat == 1
    for raw in silent:
        raw.close()
    await game.finish()


async def test_pings_do_not_extend_the_handshake(game: Game) -> None:
    game.host.handshake_timeout = 0.3
    raw = await Raw.open(game.host.port or 0)

    async def keep_pinging() -> None:
        while True:
            await raw.send(encode({"type": "ping"}))
            await asyncio.sleep(0.1)

    pinger = asyncio.get_running_loop().create_task(keep_pinging())
    try:
        async with asyncio.timeout(1.0):  # pongs arrive all along: one deadline for the lot
            error = await raw.until("error")
    finally:
        pinger.cancel()
    assert error["code"] == "bad_message" and error["fatal"]
    await game.finish()


async def test_echoed_values_are_cut_short(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    await raw.hello(spectate=True)
    await raw.send(encode({"type": "x" * 200_000}))
    error = await raw.until("error")
    assert error["code"] == "unknown_type" and len(error["message"]) < 100
    raw.close()
    future = await Raw.open(game.host.port or 0)
    await future.send(encode({"type": "hello", "protocol": "9" * 200_000, "name": "F"}))
    error = await future.until("error")
    assert error["code"] == "bad_message" and len(error["message"]) < 200  # not an integer
    await game.finish()


async def test_a_frame_that_cannot_be_encoded_closes_the_link_with_a_reason(
    game: Game, caplog: pytest.LogCaptureFixture
) -> None:
    raw = await Raw.open(game.host.port or 0)
    await raw.hello(name="Big", spectate=True)
    big = next(m for m in game.host.members if m.name == "Big")
    big.endpoint.push({"type": "notice", "text": "z" * MAX_FRAME})
    message = await expect_fatal(raw, "unsendable")
    assert "'notice' message could not be sent" in message
    assert "cannot send" in caplog.text and "Traceback" not in caplog.text
    await game.finish()


async def test_a_move_that_cannot_be_journaled_is_refused_and_changes_nothing(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee, session = game.host.referee, game.sessions[1]
    assert referee is not None and game.host.journal is not None
    while 1 not in referee.game.to_act(referee.state):
        await asyncio.sleep(0.001)
    version = referee.version

    def disk_full(seat: int, action: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(game.host.journal, "append", disk_full)
    with pytest.raises(IllegalMove, match="could not save"):
        await session.act({"kind": "take"}, version)
    assert referee.version == version and 1 in referee.game.to_act(referee.state)
    monkeypatch.undo()
    with contextlib.suppress(IllegalMove):  # unless seat 1's own driver has moved meanwhile
        await session.act({"kind": "take"}, version)
    await game.finish()


async def test_byte_by_byte_sender_is_served(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    hello = encode({"type": "hello", "protocol": 1, "name": "Slow", "spectate": True})
    for byte in hello:
        await raw.send(bytes([byte]))
    assert (await raw.frame())["type"] == "welcome"
    raw.close()
    await game.finish()


async def test_slowloris_handshake_times_out(game: Game) -> None:
    game.host.handshake_timeout = 0.3
    raw = await Raw.open(game.host.port or 0)
    await raw.send(b"\x00\x00")
    message = await expect_fatal(raw, "timeout")
    assert "0.3" in message
    await game.finish()


async def test_silent_connection_is_dropped(game: Game) -> None:
    """A client that answers no pings is dropped after three heartbeats."""
    game.host.heartbeat = 0.05
    raw = await Raw.open(game.host.port or 0)
    await raw.hello(spectate=True)
    watched = len(game.host.members)
    # It never reads or answers: the host gives up on it after three heartbeats.
    await wait_for(lambda: len(game.host.members) == watched - 1)
    await game.finish()


async def test_client_that_stops_reading_is_dropped(
    game: Game, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "net.link")
    game.host.write_limit = 32 * 1024
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", game.host.port or 0))
    sock.sendall(encode({"type": "hello", "protocol": 1, "name": "Sink", "spectate": True}))
    while not any(m.name == "Sink" for m in game.host.members):
        await asyncio.sleep(0.001)
    sink = next(m for m in game.host.members if m.name == "Sink")
    for _ in range(2000):  # up to 2 MB for a peer that reads nothing
        sink.endpoint.push({"type": "notice", "text": "z" * 1000})
        await asyncio.sleep(0)
        if sink not in game.host.members:
            break
    assert not any(m.name == "Sink" for m in game.host.members)
    assert "the connection stopped reading" in caplog.text
    sock.close()
    await game.finish()
    assert not any(d.errors() for d in game.drivers)


async def test_act_waits_for_the_verdict_and_raises_the_reason(game: Game) -> None:
    referee = game.host.referee
    session = game.sessions[1]
    assert referee is not None
    with pytest.raises(IllegalMove, match="no state -1"):
        await session.act({"kind": "take"}, -1)
    while 1 in referee.game.to_act(referee.state):
        await asyncio.sleep(0.001)
    with pytest.raises(IllegalMove):
        await session.act({"kind": "take"}, referee.version)
    assert not game.drivers[1].errors()  # verdicts go to the caller, not the message stream
    await game.finish()


async def test_act_before_start_is_refused() -> None:
    host = Host("nothanks", name="H")
    assert host.local is not None
    with pytest.raises(IllegalMove, match="not started"):
        await host.local.act({"kind": "take"}, 0)
    await host.close()
