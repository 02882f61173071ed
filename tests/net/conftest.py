"""Shared pieces of the net tests; zeroconf kept on loopback, files in a temporary data dir.

Multicast must never leave on a real interface of the machines this runs on (design.md,
Discovery): the autouse fixture pins GAMENIGHT_MDNS_INTERFACES to loopback for every test;
only the namespace tests widen it, inside namespaces they create themselves.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import struct
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from core import get_bot
from net.client import ClientSession, connect
from net.host import Host
from net.protocol import PROTOCOL_VERSION, encode, read_frame
from net.session import Message, Session


@pytest.fixture(autouse=True)
def _contained(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    monkeypatch.setenv("GAMENIGHT_MDNS_INTERFACES", "127.0.0.1")
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    yield


class BotDriver:
    """Plays a session's seat with a core bot, answering each state where the seat must act.

    It reads a round's summary at once (`ready`) and records every frame the session receives,
    for the leak checks. `delay` spaces its moves
    out so an attack in a test lands while the game is still running; `repeat` sends every
    intent twice (the second must be refused as stale).
    """

    def __init__(
        self, game_id: str = "nothanks", seed: int = 0, delay: float = 0.0, repeat: bool = False
    ) -> None:
        self.bot = get_bot(game_id, "easy")
        self.rng = random.Random(seed)
        self.delay = delay
        self.repeat = repeat
        self.frames: list[Message] = []
        self.session: Session | None = None

    def __call__(self, message: Message) -> None:
        self.frames.append(message)
        if message["type"] != "state" or self.session is None:
            return
        view, pause = message["view"], message.get("pause")
        if pause is not None and message["seat"] in pause["waiting"]:
            self.session.ready()  # a round's summary read at once (net/pause.py)
        if message["seat"] is not None and message["seat"] in view["to_act"]:
            action = self.bot.act(view, self.rng)
            if self.delay:
                asyncio.get_running_loop().call_later(self.delay, self._act, action, message)
            else:
                self._act(action, message)

    def _act(self, action: dict[str, Any], message: Message) -> None:
        assert self.session is not None
        for _ in range(2 if self.repeat else 1):
            self.session.send({"type": "act", "action": action, "version": message["version"]})

    @property
    def last_state(self) -> Message:
        return [f for f in self.frames if f["type"] == "state"][-1]

    def errors(self) -> list[Message]:
        return [f for f in self.frames if f["type"] == "error"]


async def join(port: int, name: str, driver: BotDriver, **kwargs: Any) -> ClientSession:
    """A remote player at 127.0.0.1:port whose seat `driver` plays."""
    session = await connect("127.0.0.1", port, name, on_message=driver, **kwargs)
    driver.session = session
    return session


class Raw:
    """A hand-driven TCP peer, for sending what a proper client never would."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, port: int) -> Raw:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def frame(self, timeout: float = 5.0) -> Message:
        return await asyncio.wait_for(read_frame(self.reader), timeout)

    async def hello(self, name: str = "Raw", **extra: Any) -> Message:
        await self.send(
            encode({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, **extra})
        )
        return await self.frame()

    async def until(self, kind: str, timeout: float = 5.0) -> Message:
        """Skip frames until one of `kind` arrives."""
        while True:
            message = await self.frame(timeout)
            if message["type"] == kind:
                return message

    async def closed(self, timeout: float = 5.0) -> bool:
        """Whether the host closes the connection (reading what is left until EOF)."""
        try:
            while await asyncio.wait_for(self.reader.read(65536), timeout):
                pass
        except (ConnectionError, TimeoutError):
            return False
        return True

    def close(self) -> None:
        self.writer.close()


def raw_frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def packed(obj: object) -> bytes:
    return raw_frame(msgpack.packb(obj))


class Game:
    """A running table (No Thanks! unless told): the host person and remote players, all
    played by bots."""

    def __init__(self, host: Host, drivers: list[BotDriver], sessions: list[Session]) -> None:
        self.host = host
        self.drivers = drivers
        self.sessions = sessions

    async def finish(self, timeout: float = 20.0) -> None:
        """Wait for the end, then check every seat's last view is the host's view of it."""
        assert self.host.referee is not None
        await asyncio.wait_for(self.host.referee.finished.wait(), timeout)
        referee = self.host.referee
        pairs = list(zip(self.drivers, self.sessions, strict=True))
        await wait_for(lambda: all(sees(d, referee.view(s.seat)) for d, s in pairs))
        for driver, session in zip(self.drivers, self.sessions, strict=True):
            last = driver.last_state
            assert last["view"]["over"]
            assert last["view"] == self.host.referee.view(session.seat)


def sees(driver: BotDriver, view: dict[str, Any]) -> bool:
    """Whether the last state the driver was sent holds `view` (frames cross a socket)."""
    states = [f for f in driver.frames if f["type"] == "state"]
    return bool(states) and states[-1]["view"] == view


async def start_game(
    players: int = 4,
    remote: int = 2,
    delay: float = 0.0,
    game_id: str = "nothanks",
    **host_kwargs: Any,
) -> Game:
    """Host person in seat 0, `remote` players over TCP, bots in the remaining seats."""
    local = BotDriver(game_id, seed=100, delay=delay)
    host_kwargs.setdefault("joins", None)  # every test player joins from 127.0.0.1
    host = Host(game_id, name="Hostess", players=players, on_message=local, **host_kwargs)
    local.session = host.local
    port = await host.serve("127.0.0.1", 0)
    drivers, sessions = [local], [host.local]
    for index in range(remote):
        driver = BotDriver(game_id, seed=index, delay=delay)
        sessions.append(await join(port, f"Player {index + 1}", driver))
        drivers.append(driver)
    for seat in range(1 + remote, players):
        host.set_bot(seat, "easy")
    host.start()
    return Game(host, drivers, sessions)


@pytest.fixture
async def game() -> AsyncIterator[Game]:
    """A 4-seat game under way: the host person, two remote players and a bot, moves 5 ms apart.

    Heartbeats and the handshake keep their real lengths: a short one dropped an honest player
    whenever a busy machine stalled the loop for a second, and the game then waited for them.
    A test about those deadlines shortens them itself, for the connections it opens."""
    running = await start_game(delay=0.005)
    yield running
    for session in running.sessions:
        if isinstance(session, ClientSession):
            await session.close()
    await running.host.close()


@pytest.fixture
async def lobby() -> AsyncIterator[Host]:
    """A 3-seat No Thanks! lobby on loopback, the host person (Hostess) in seat 0. Joins are not
    limited: every test peer comes from 127.0.0.1."""
    host = Host("nothanks", name="Hostess", players=3, joins=None)
    await host.serve("127.0.0.1", 0)
    yield host
    await host.close()


@pytest.fixture
async def audience(lobby: Host) -> AsyncIterator[tuple[ClientSession, list[Message]]]:
    """A remote player (Pat, seat 1) at the `lobby`, and every message they were sent."""
    seen: list[Message] = []
    player = await connect("127.0.0.1", lobby.port or 0, "Pat", on_message=seen.append)
    yield player, seen
    await player.close()


class FlakyJournal:
    """A write-ahead hook whose first `failures` writes fail as a full disk would."""

    def __init__(self, failures: int) -> None:
        self.failures = failures

    def __call__(self, seat: int, action: object) -> None:
        if self.failures:
            self.failures -= 1
            raise OSError(28, "No space left on device")


async def wait_for(predicate: Callable[[], object], timeout: float = 20.0) -> None:
    """Poll until `predicate()` holds; TimeoutError after `timeout` seconds (a bound for a
    failure, generous: the suite runs four workers on two cores)."""
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.005)


def start_process(module: str, *args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """A headless host (`net.host_cli`) or club (`net.club.cli`) in its own process on
    loopback, and the JSON line it prints once listening."""
    process = subprocess.Popen(
        [sys.executable, "-m", module, "--bind", "127.0.0.1", *args],
        cwd=Path(__file__).resolve().parents[2],
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    assert process.stdout is not None
    return process, json.loads(process.stdout.readline())
