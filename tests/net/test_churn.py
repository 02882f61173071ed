"""Issue 8, point 1 (the net part): joins are limited per peer address, and join/leave churn in
the lobby costs the players nothing that grows: no lobby per spectator, folded notices, and the
host's members back to where they were. Loopback only: 127.0.0.0/8 gives distinct peers."""

from __future__ import annotations

import asyncio

import pytest

from net.client import ClientSession
from net.host import Host
from net.limits import JoinLimiter, JoinPolicy
from net.notices import NOTICE_WINDOW
from net.protocol import ProtocolError
from net.session import Message
from tests.net.conftest import Raw, wait_for


def test_a_peer_joining_too_often_is_slowed_then_refused_for_a_while() -> None:
    limiter = JoinLimiter(JoinPolicy(free=5, most=10, seconds=60, delay=1.0, bar=60))
    delays = [limiter.admit("10.0.0.9", now=float(i)) for i in range(10)]
    assert delays == [0, 0, 0, 0, 0, 1, 2, 3, 4, 5]
    with pytest.raises(ProtocolError) as refused:
        limiter.admit("10.0.0.9", now=10.0)
    assert refused.value.code == "too_many_joins" and "try again in 60 s" in str(refused.value)
    with pytest.raises(ProtocolError, match="try again in 30 s"):
        limiter.admit("10.0.0.9", now=40.0)
    assert limiter.admit("10.0.0.8", now=40.0) == 0  # another address is not concerned
    assert limiter.admit("10.0.0.9", now=70.5) == 0  # the bar is over, the count starts anew


def test_the_limiter_forgets_addresses_that_went_quiet() -> None:
    limiter = JoinLimiter(JoinPolicy(seconds=1, bar=1))
    for i in range(3000):
        limiter.admit(f"10.0.{i // 256}.{i % 256}", now=i / 2)
    assert limiter.tracked() <= 3  # only those of the last second
    limiter.admit("10.9.9.9", now=10_000.0)
    assert limiter.tracked() == 1


def test_the_limiter_stays_bounded_and_keeps_refusing_a_barred_address() -> None:
    """Issue 22: 10,000 addresses within one window keep at most MOST_ADDRESSES of them, and an
    address barred for joining too often stays barred however many others join meanwhile."""
    limiter = JoinLimiter(JoinPolicy(free=1, most=2, seconds=60, bar=60))
    limiter.admit("10.1.1.1", now=0.0)
    limiter.admit("10.1.1.1", now=0.0)
    with pytest.raises(ProtocolError):
        limiter.admit("10.1.1.1", now=0.0)
    for i in range(10_000):
        limiter.admit(f"127.{i // 65536}.{i // 256 % 256}.{i % 256}", now=i / 1000)
    assert limiter.tracked() <= 2 * JoinLimiter.MOST_ADDRESSES
    with pytest.raises(ProtocolError, match="try again in"):
        limiter.admit("10.1.1.1", now=20.0)
    assert limiter.admit("10.1.1.1", now=61.0) == 0


async def raw_from(address: str, port: int) -> Raw:
    return Raw(*await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0)))


async def test_the_host_slows_then_refuses_one_address_and_lets_the_others_in() -> None:
    policy = JoinPolicy(free=2, most=4, delay=0.05, bar=30)
    host = Host("nothanks", name="Hostess", players=3, joins=policy)
    port = await host.serve("127.0.0.1", 0)
    loop = asyncio.get_running_loop()
    try:
        seated = await raw_from("127.0.0.2", port)
        token = (await seated.hello("Sat"))["token"]
        for i in range(3):  # joins 2 to 4: the 3rd and 4th wait 0.05 s and 0.1 s
            raw = await raw_from("127.0.0.2", port)
            began = loop.time()
            assert (await raw.hello(f"Churn {i}", spectate=True))["type"] == "welcome"
            assert loop.time() - began >= max(0, i - 1) * policy.delay
            raw.close()
        refused = await raw_from("127.0.0.2", port)
        error = await refused.hello("Churn 4", spectate=True)
        assert (error["code"], error["fatal"]) == ("too_many_joins", True)
        assert "try again in 30 s" in error["message"]
        assert await refused.closed()
        other = await raw_from("127.0.0.3", port)
        assert (await other.hello("Elsewhere", spectate=True))["type"] == "welcome"
        seated.close()
        await wait_for(lambda: not host.connected(1))
        back = await raw_from("127.0.0.2", port)  # a seat's token is never turned away
        assert (await back.hello("Sat", token=token))["seat"] == 1
        back.close()
        other.close()
    finally:
        await host.close()


async def test_lobby_churn_sends_players_folded_notices_and_no_lobby_per_spectator(
    lobby: Host, audience: tuple[ClientSession, list[Message]]
) -> None:
    host, port, (_player, seen) = lobby, lobby.port or 0, audience
    loop = asyncio.get_running_loop()
    await wait_for(lambda: any(m["type"] == "notice" for m in seen))
    before = len(seen)
    began = loop.time()
    for i in range(300):
        raw = await Raw.open(port)
        assert (await raw.hello(f"Churn {i}", spectate=True))["type"] == "welcome"
        raw.close()
    await wait_for(lambda: len(host.members) == 2 and not host.notices.pending)
    elapsed = loop.time() - began
    assert host.local is not None
    host.local.chat("over")  # behind every notice on the player's ordered stream
    await wait_for(lambda: seen[-1].get("text") == "over")
    during = seen[before:-1]
    assert all(m["type"] == "notice" for m in during)  # no lobby: nothing they see changed
    assert len(during) <= 2 + elapsed / NOTICE_WINDOW
    assert any("spectators left" in m["text"] for m in during)
