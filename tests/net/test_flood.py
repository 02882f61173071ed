"""Issue 8, point 3: a crowd cannot flood the players. Spectators share one chat budget per
table on top of each member's own, and arrivals and departures fold into one notice line."""

from __future__ import annotations

import asyncio

from net.client import ClientSession
from net.host import Host
from net.notices import NOTICE_WINDOW
from net.protocol import encode
from net.roster import CHAT_WINDOW, SPECTATOR_CHAT_BURST
from net.session import Message
from tests.net.conftest import Raw, wait_for

CROWD = 64
LINES = 20  # each spectator's chat lines, sent as fast as the socket takes them


async def flood(raw: Raw, name: str) -> None:
    """Send LINES chat lines at once, then read until each has its answer: the line itself
    coming back, or a `slow_down` refusal."""
    await raw.send(b"".join(encode({"type": "chat", "text": f"spam {i}"}) for i in range(LINES)))
    answered = 0
    while answered < LINES:
        frame = await raw.frame()
        if frame["type"] == "error":
            assert frame["code"] == "slow_down", frame
            answered += 1
        elif frame["type"] == "chat" and frame["name"] == name:
            answered += 1


async def test_64_spectators_chatting_at_full_speed_reach_a_player_within_the_table_limit(
    lobby: Host, audience: tuple[ClientSession, list[Message]]
) -> None:
    host, port, (player, seen) = lobby, lobby.port or 0, audience
    loop = asyncio.get_running_loop()
    began = loop.time()
    crowd = []
    for i in range(CROWD):  # one at a time: at most 16 may wait to say hello at once
        crowd.append(await Raw.open(port))
        assert (await crowd[-1].hello(f"Fan {i}", spectate=True))["type"] == "welcome"
    await asyncio.gather(*(flood(raw, f"Fan {i}") for i, raw in enumerate(crowd)))
    assert host.local is not None
    host.local.chat("the end")  # after every spectator line, on the same ordered stream
    await wait_for(lambda: any(m.get("text") == "the end" for m in seen))
    elapsed = loop.time() - began
    from_crowd = [m for m in seen if m["type"] == "chat" and m["seat"] is None]
    windows = 1 + int(elapsed // CHAT_WINDOW)
    assert 0 < len(from_crowd) <= SPECTATOR_CHAT_BURST * windows
    player.chat("players still talk")  # a seated player's budget is their own
    await wait_for(lambda: any(m.get("text") == "players still talk" for m in seen))
    for raw in crowd:
        raw.close()
    await wait_for(lambda: any("spectators left" in m.get("text", "") for m in seen))
    notices = [m["text"] for m in seen if m["type"] == "notice"]
    assert len(notices) <= 2 + (loop.time() - began) / NOTICE_WINDOW + 1, notices
    assert any(
        f"{CROWD - 1} spectators joined" in n or f"{CROWD} spectators joined" in n for n in notices
    ), notices
    assert not any("Fan 5" in n for n in notices)  # a crowd's names reach no one
