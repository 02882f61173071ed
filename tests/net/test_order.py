"""Issue 8, point 5: the order of messages is the one net/PROTOCOL.md states. After `welcome`
comes `lobby` or `state`, before anything else; a kicked player is told `kicked` and hung up
before anyone is shown their seat opened or handed to a bot, and is never shown that."""

from __future__ import annotations

from net.host import Host
from net.session import Message
from tests.net.conftest import Raw, wait_for


async def frames_until_closed(raw: Raw) -> list[Message]:
    frames = []
    while True:
        try:
            frames.append(await raw.frame())
        except Exception:  # EOF: the host hung up
            return frames


async def test_after_welcome_comes_the_lobby_then_the_notices(lobby: Host) -> None:
    host, port = lobby, lobby.port or 0
    tokens = []
    for name, spectate in (("Ann", False), ("Bea", True)):
        raw = await Raw.open(port)
        welcome = await raw.hello(name, spectate=spectate)
        assert welcome["type"] == "welcome"
        assert (await raw.frame())["type"] == "lobby"
        tokens.append(welcome["token"])
        raw.close()
    host.set_bot(2, "easy")
    await wait_for(lambda: not host.connected(1))
    ann = await Raw.open(port)
    assert (await ann.hello("Ann", token=tokens[0]))["type"] == "welcome"
    assert (await ann.frame())["type"] == "lobby"
    host.start()
    assert (await ann.frame())["type"] == "state"
    ann.close()
    await wait_for(lambda: not host.connected(1))
    back = await Raw.open(port)
    assert (await back.hello("Ann", token=tokens[0]))["type"] == "welcome"
    assert (await back.frame())["type"] == "state"
    watcher = await Raw.open(port)
    assert (await watcher.hello("Cy", spectate=True))["type"] == "welcome"
    assert (await watcher.frame())["type"] == "state"
    back.close()
    watcher.close()


async def test_a_player_kicked_in_the_lobby_never_sees_their_seat_open(lobby: Host) -> None:
    host, port = lobby, lobby.port or 0
    ann = await Raw.open(port)
    assert (await ann.hello("Ann"))["seat"] == 1
    other = await Raw.open(port)
    assert (await other.hello("Bea"))["seat"] == 2
    host.kick(1)
    frames = await frames_until_closed(ann)
    assert frames[-1]["type"] == "error" and frames[-1]["code"] == "kicked"
    assert not any(f["type"] == "lobby" and f["seats"][1]["kind"] == "open" for f in frames)
    lobby = await other.until("lobby")
    while lobby["seats"][1]["kind"] != "open":  # Bea's own arrival came first
        lobby = await other.until("lobby")
    other.close()


async def test_a_player_kicked_mid_game_never_sees_the_bot_in_their_seat(lobby: Host) -> None:
    host, port = lobby, lobby.port or 0
    ann = await Raw.open(port)
    assert (await ann.hello("Ann"))["seat"] == 1
    host.set_bot(2, "easy")
    host.start()
    await ann.until("state")
    host.kick(1)
    frames = await frames_until_closed(ann)
    assert frames[-1]["type"] == "error" and frames[-1]["code"] == "kicked"
    assert all(f["seats"][1]["kind"] == "human" for f in frames if f["type"] == "state")
    assert host.referee is not None and host.referee.seats[1].kind == "bot"
