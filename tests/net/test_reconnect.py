"""Dropped players keep their seats; tokens bring them back, even to a resumed host."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from core import replay
from net import journal
from net.client import ClientSession, connect, load_token
from net.host import Host
from net.lobby import Settings
from tests.net.conftest import BotDriver, Game, Raw, join, start_game

ROOT = Path(__file__).resolve().parents[2]


async def wait_for(predicate, timeout: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.005)


def drop(session: ClientSession) -> None:
    """Cut a client's connection without a goodbye, as a crash or a lost network would."""
    assert session._link is not None
    session._link.abort("test cut the cable")


async def test_drop_shows_away_and_the_token_gives_the_seat_back(game: Game) -> None:
    table = game.host.table
    assert table is not None
    session = game.sessions[1]
    assert isinstance(session, ClientSession)
    token = session.token
    assert token and load_token("127.0.0.1", game.host.port or 0, "Player 1") == token
    drop(session)
    await wait_for(lambda: game.drivers[0].last_state["seats"][1]["away"])
    await wait_for(lambda: session.closed_reason is not None)
    await session.reconnect()
    assert session.seat == 1 and session.token == token
    await wait_for(lambda: not game.drivers[0].last_state["seats"][1]["away"])
    await game.finish()


async def test_a_bot_stands_in_for_an_away_player_and_gives_the_seat_back() -> None:
    game = await start_game(
        players=3, remote=2, delay=0.002, settings=Settings(away_bot_seconds=0.02)
    )
    table = game.host.table
    session = game.sessions[2]
    assert table is not None and isinstance(session, ClientSession)
    try:
        drop(session)
        await wait_for(lambda: table.seats[2].kind == "bot")
        assert table.seats[2].away
        version = table.version
        await wait_for(lambda: table.version > version + 3 or table.finished.is_set())
        await session.reconnect()
        if not table.finished.is_set():
            await wait_for(lambda: table.seats[2].kind == "human")
            assert not table.seats[2].away
        await game.finish()
    finally:
        await game.sessions[1].close()  # type: ignore[attr-defined]
        await session.close()
        await game.host.close()


async def test_a_stranger_joining_mid_game_only_watches(game: Game) -> None:
    raw = await Raw.open(game.host.port or 0)
    welcome = await raw.hello(name="Late", token="not-a-real-token")
    assert welcome["seat"] is None and welcome["token"] is None
    state = await raw.until("state")
    assert state["seat"] is None and state["view"]["tokens"][1] is None
    raw.close()
    await game.finish()


async def test_kick_in_the_lobby_opens_the_seat_and_voids_the_token() -> None:
    host = Host("nothanks", name="H")
    port = await host.serve("127.0.0.1", 0)
    guest = await connect("127.0.0.1", port, "Guest")
    try:
        assert guest.seat == 1
        host.kick(1)
        await wait_for(lambda: guest.closed_reason is not None)
        assert guest.closed_reason == "the host removed you from the table"
        assert host.lobby.seats[1].kind == "open"
        again = await connect("127.0.0.1", port, "Guest")  # the stale token no longer works
        assert again.seat == 1 and again.token != guest.token
        await again.close()
    finally:
        await guest.close()
        await host.close()


async def test_lobby_rejects_bad_changes_and_full_tables_seat_spectators() -> None:
    host = Host("nothanks", name="H", players=3)
    port = await host.serve("127.0.0.1", 0)
    try:
        for change in (
            lambda: host.set_players(8),
            lambda: host.set_bot(1, "genius"),
            lambda: host.set_options({"colour": "red"}),
            lambda: host.start(),
            lambda: host.kick(0),
        ):
            try:
                change()
            except ValueError:
                continue
            raise AssertionError("a bad lobby change was accepted")
        host.set_bot(1, "easy")
        host.set_bot(2, "normal")
        late = await connect("127.0.0.1", port, "Late")
        assert late.seat is None
        await late.close()
        assert host.lobby.not_ready() is None
    finally:
        await host.close()


def start_host_process(*args: str) -> tuple[subprocess.Popen[str], dict[str, object]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "net.host_cli", "--bind", "127.0.0.1", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    assert process.stdout is not None
    return process, json.loads(process.stdout.readline())


async def test_resume_after_the_host_process_is_killed() -> None:
    process, started = start_host_process("--players", "3", "--bots", "easy", "--autostart")
    port = int(started["port"])  # type: ignore[call-overload]
    drivers = [BotDriver(seed=1, delay=0.003), BotDriver(seed=2, delay=0.003)]
    sessions = [await join(port, f"P{i}", driver) for i, driver in enumerate(drivers)]
    resumed = None
    try:
        await wait_for(
            lambda: (
                drivers[0].frames[-1]["type"] == "state" and drivers[0].last_state["version"] >= 12
            )
        )
        process.send_signal(signal.SIGKILL)
        process.wait()
        await wait_for(lambda: all(s.closed_reason for s in sessions))
        seen = max(d.last_state["version"] for d in drivers)
        _header, record = journal.load(Path(str(started["journal"])))
        assert len(record["actions"]) >= seen  # every action anyone saw was journaled
        resumed, _ = start_host_process("--resume", str(started["journal"]), "--port", str(port))
        for session in sessions:
            await session.reconnect()
        assert [s.seat for s in sessions] == [0, 1]
        await wait_for(lambda: all(d.last_state["view"]["over"] for d in drivers), 20)
        _header, record = journal.load(Path(str(started["journal"])))
        final = replay(record)
        from core import get_game

        game = get_game("nothanks")
        for driver, session in zip(drivers, sessions, strict=True):
            assert driver.last_state["view"] == game.view(final, session.seat)
            assert driver.last_state["version"] == len(record["actions"])
    finally:
        for session in sessions:
            await session.close()
        for proc in (process, resumed):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait()


async def test_resume_in_process_gives_the_host_person_their_seat_back() -> None:
    game = await start_game(players=3, remote=1, delay=0.002)
    table = game.host.table
    guest = game.sessions[1]
    assert table is not None and game.host.journal is not None and isinstance(guest, ClientSession)
    path, port = game.host.journal.path, game.host.port or 0
    await wait_for(lambda: table.version >= 8)
    await game.host.close()
    driver = BotDriver(seed=5, delay=0.002)
    host = Host.resume(path, on_message=driver)
    driver.session = host.local
    try:
        assert host.local is not None and host.local.seat == 0
        await host.serve("127.0.0.1", port)
        await guest.reconnect()
        assert guest.seat == 1
        resumed = host.table
        assert resumed is not None and resumed.version >= 8
        await asyncio.wait_for(resumed.finished.wait(), 10)
        await asyncio.sleep(0.05)
        assert driver.last_state["view"] == resumed.view(0)
        assert game.drivers[1].last_state["view"] == resumed.view(1)
        _header, record = journal.load(path)
        assert len(record["actions"]) == resumed.version
    finally:
        await guest.close()
        await host.close()
