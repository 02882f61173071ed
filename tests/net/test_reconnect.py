"""Dropped players keep their seats; tokens bring them back, even to a resumed host."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path

import pytest

from net import journal
from net.client import ClientSession, HandshakeError, connect, load_token, save_token
from net.host import Host
from net.lobby import Settings
from tests.net.conftest import BotDriver, Game, Raw, join, start_game, start_process, wait_for

ROOT = Path(__file__).resolve().parents[2]


def drop(session: ClientSession) -> None:
    """Cut a client's connection without a goodbye, as a crash or a lost network would."""
    assert session._link is not None
    session._link.abort("test cut the cable")


async def test_drop_shows_away_and_the_token_gives_the_seat_back(game: Game) -> None:
    referee = game.host.referee
    assert referee is not None
    session = game.sessions[1]
    assert isinstance(session, ClientSession)
    token = session.token
    assert token and load_token("127.0.0.1", game.host.port or 0, "Player 1") == token
    drop(session)
    await wait_for(lambda: game.drivers[0].last_state["seats"][1]["away"])
    await wait_for(lambda: session.closed_reason is not None)
    assert game.drivers[1].frames[-1] == {
        "type": "closed",
        "reason": game.drivers[1].frames[-1]["reason"],
        "by_host": False,  # a drop, not the host shutting the table: rejoining can work
    }
    await session.reconnect()
    assert session.seat == 1 and session.token == token
    await wait_for(lambda: not game.drivers[0].last_state["seats"][1]["away"])
    await game.finish()


async def test_a_bot_stands_in_for_an_away_player_and_gives_the_seat_back() -> None:
    game = await start_game(
        players=3, remote=2, delay=0.002, settings=Settings(away_bot_seconds=0.02)
    )
    referee = game.host.referee
    session = game.sessions[2]
    assert referee is not None and isinstance(session, ClientSession)
    try:
        drop(session)
        await wait_for(lambda: referee.seats[2].kind == "bot")
        assert referee.seats[2].away
        version = referee.version
        await wait_for(lambda: referee.version > version + 3 or referee.finished.is_set())
        await session.reconnect()
        if not referee.finished.is_set():
            await wait_for(lambda: referee.seats[2].kind == "human")
            assert not referee.seats[2].away
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


async def test_kick_in_the_lobby_opens_the_seat_and_keeps_the_token_out() -> None:
    host = Host("nothanks", name="H")
    port = await host.serve("127.0.0.1", 0)
    guest = await connect("127.0.0.1", port, "Guest")
    token = guest.token
    try:
        assert guest.seat == 1 and token
        host.kick(1)
        await wait_for(lambda: guest.closed_reason is not None)
        assert guest.closed_reason == "the host removed you from the table"
        assert host.lobby.seats[1].kind == "open"
        assert guest.token is None and load_token("127.0.0.1", port, "Guest") is None
        raw = await Raw.open(port)  # the kicked token is refused, by name
        refusal = await raw.hello(name="Guest", token=token)
        assert refusal["code"] == "kicked" and refusal["fatal"]
        assert refusal["message"] == "the host removed you from this table"
        assert host.lobby.seats[1].kind == "open"
        again = await connect("127.0.0.1", port, "Guest")  # no token: treated like anyone
        assert again.seat == 1 and again.token != token
        await again.close()
    finally:
        await guest.close()
        await host.close()


async def test_a_token_kicked_mid_game_is_refused_and_forgotten(game: Game) -> None:
    session = game.sessions[1]
    assert isinstance(session, ClientSession) and session.token
    port = game.host.port or 0
    game.host.kick(1)
    await wait_for(lambda: session.closed_reason is not None)
    assert load_token("127.0.0.1", port, "Player 1") is None
    save_token("127.0.0.1", port, "Player 1", game.host.lobby.kicked.copy().pop())
    with pytest.raises(HandshakeError) as refused:
        await session.reconnect()
    assert refused.value.code == "kicked"
    assert load_token("127.0.0.1", port, "Player 1") is None
    assert game.host.referee is not None  # a bot plays the seat to the end
    await asyncio.wait_for(game.host.referee.finished.wait(), 20)


async def test_a_replaced_connection_forgets_its_token_but_leaves_the_saved_one(
    game: Game,
) -> None:
    """The replacing program (another terminal of the same player) holds and may have saved
    the very same token, so only the replaced session's memory of it goes."""
    session = game.sessions[1]
    assert isinstance(session, ClientSession) and session.token
    token = session.token
    raw = await Raw.open(game.host.port or 0)
    assert (await raw.hello(name="Other", token=token))["seat"] == 1
    await wait_for(lambda: session.closed_reason is not None)
    assert session.token is None
    assert load_token("127.0.0.1", game.host.port or 0, "Player 1") == token
    raw.close()


async def test_the_host_persons_token_never_joins_from_afar() -> None:
    host = Host("nothanks", name="H", players=3)
    port = await host.serve("127.0.0.1", 0)
    try:
        raw = await Raw.open(port)
        refusal = await raw.hello(name="Thief", token=host.lobby.seats[0].token)
        assert refusal["code"] == "host_seat" and refusal["fatal"]
        assert await raw.closed()
        assert [m.endpoint for m in host.members] == [host.local]
    finally:
        await host.close()


async def test_a_non_ascii_token_is_simply_unknown() -> None:
    host = Host("nothanks", name="H", players=3)
    port = await host.serve("127.0.0.1", 0)
    try:
        raw = await Raw.open(port)
        welcome = await raw.hello(name="Zoë", token="jeton-à-moi")
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        raw.close()
    finally:
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
    return start_process("net.host_cli", *args)


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
        finals = [driver.last_state for driver in drivers]
        assert finals[0]["version"] == finals[1]["version"] > seen
        assert finals[0]["view"]["result"] == finals[1]["view"]["result"]
        assert not Path(str(started["journal"])).exists()  # a finished game leaves no journal
    finally:
        for session in sessions:
            await session.close()
        for proc in (process, resumed):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait()


async def test_resume_in_process_gives_the_host_person_their_seat_back() -> None:
    game = await start_game(players=3, remote=1, delay=0.002, options={"first": 1})
    referee = game.host.referee
    guest = game.sessions[1]
    assert referee is not None and game.host.journal is not None
    assert isinstance(guest, ClientSession)
    path, port = game.host.journal.path, game.host.port or 0
    await wait_for(lambda: referee.version >= 8)
    await game.host.close()
    driver = BotDriver(seed=5, delay=0.002)
    host = Host.resume(path, on_message=driver)
    driver.session = host.local
    try:
        assert host.local is not None and host.local.seat == 0
        await host.serve("127.0.0.1", port)
        await guest.reconnect()
        assert guest.seat == 1
        resumed = host.referee
        assert resumed is not None and resumed.version >= 8
        await asyncio.wait_for(resumed.finished.wait(), 10)
        await wait_for(lambda: driver.last_state["view"]["over"])
        await wait_for(lambda: game.drivers[1].last_state["view"]["over"])
        assert driver.last_state["view"] == resumed.view(0)
        assert game.drivers[1].last_state["view"] == resumed.view(1)
        assert host.journal is None and not path.exists()  # the game is over: nothing to resume
        assert host.lobby.options == {"first": 1}
        host.new_game()
        host.start()  # the next game is journaled too
        assert host.journal is not None and host.journal.path.exists()
        assert journal.load(host.journal.path)[1]["options"] == {"first": 1}
    finally:
        await guest.close()
        await host.close()


async def test_kicked_tokens_stay_kicked_when_the_host_resumes() -> None:
    """A kick in the lobby and one mid-game both outlive a crash: the resumed host refuses
    both tokens, and the seat kicked mid-game stays the bot's."""
    local = BotDriver(seed=3, delay=0.002)
    host = Host("nothanks", name="Hostess", players=3, on_message=local)
    local.session = host.local
    port = await host.serve("127.0.0.1", 0)
    early = await connect("127.0.0.1", port, "Early")
    late = await join(port, "Late", BotDriver(seed=4, delay=0.002))
    resumed = None
    try:
        early_token, late_token = early.token, late.token
        assert early.seat == 1 and late.seat == 2 and early_token and late_token
        host.kick(1)  # in the lobby: the seat opens, and a bot takes it
        host.set_bot(1, "easy")
        referee = host.start()
        await wait_for(lambda: referee.version >= 4)
        host.kick(2)  # mid-game: a bot plays Late's seat from now on
        assert host.journal is not None and not referee.finished.is_set()
        path = host.journal.path
        await host.close()  # the journal stays, as after a crash
        resumed = Host.resume(path)
        port = await resumed.serve("127.0.0.1", 0)
        for token in (early_token, late_token):
            raw = await Raw.open(port)
            refusal = await raw.hello(name="Late", token=token)
            assert refusal["type"] == "error" and refusal["code"] == "kicked"
            raw.close()
        assert resumed.lobby.seats[2].kind == "bot" and resumed.lobby.seats[2].token is None
        assert resumed.referee is not None and resumed.referee.seats[2].kind == "bot"
    finally:
        await early.close()
        await late.close()
        await host.close()
        if resumed is not None:
            await resumed.close()
