"""Issue 35, a club night's faults with real processes: the headless club paces joins from
one address and listens where it is told; `python -m net.club.member_bot` fills a club of 13
from one address, waiting out the pacing, and survives the club host's `kill -9` and resume,
coming back by itself to the same seats on the tables' new ports. And a table's log tells who
joined before their first move."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from net.client import ClientSession
from net.club.club import Club
from net.club.journal import club_journal_path
from net.club.member_bot import MemberBot
from net.club.plan import ClubPlan
from net.club.tables import ClubTable, TableDraw, TableMaker
from net.protocol import encode, read_frame
from net.session import Message
from tests.net.conftest import BotDriver, Raw, start_process, wait_for

ROOT = Path(__file__).resolve().parents[2]
QUICK_PACING = "free=5,most=10,seconds=3,delay=0.05,bar=2"  # a table's, in seconds not minutes


def stop(*processes: subprocess.Popen[str] | None) -> None:
    for process in processes:
        if process is not None and process.poll() is None:
            process.terminate()
            process.wait()


async def answer(raw: Raw) -> Message:
    return await asyncio.wait_for(read_frame(raw.reader), 30)


async def test_the_headless_club_paces_joins_from_one_address() -> None:
    """As a table does (net/limits.py): ten joins from one address answered (the last five
    late), the eleventh refused with how long to wait."""
    process, started = start_process("net.club.cli")
    raws: list[Raw] = []
    try:
        port = int(started["port"])
        raws = [await Raw.open(port) for _ in range(11)]
        for index, raw in enumerate(raws):
            await raw.send(encode({"type": "hello", "protocol": 1, "name": f"P{index}"}))
        answers = await asyncio.gather(*(answer(raw) for raw in raws))
        kinds = sorted(a["type"] if a["type"] != "error" else a["code"] for a in answers)
        assert kinds == ["too_many_joins"] + ["welcome"] * 10
        refused = next(a for a in answers if a["type"] == "error")
        assert refused["params"]["seconds"] == 60
    finally:
        for raw in raws:
            raw.close()
        stop(process)


async def test_the_headless_club_and_its_tables_listen_where_they_are_told() -> None:
    """`--bind 127.0.0.1`: the club and the tables it opens answer there, and not on another
    address of the machine (127.0.0.2, loopback too)."""
    process, started = start_process("net.club.cli", "--start-with", "1", "--away-bot", "600")
    member = ClientSession("127.0.0.1", int(started["port"]), "Ana")
    try:
        assert started["bind"] == "127.0.0.1"
        port = int(started["port"])
        await member.open()
        seat = await until(member, "club_seat")
        for where in (port, int(seat["port"])):
            try:
                await asyncio.open_connection("127.0.0.2", where)
            except OSError:
                pass
            else:
                raise AssertionError(f"port {where} answered on 127.0.0.2")
        table = ClientSession("127.0.0.1", int(seat["port"]), "Ana")
        table.token = seat["token"]
        assert (await table.open())["seat"] == seat["seat"]
        await table.close()
    finally:
        await member.close()
        stop(process)


async def until(session: ClientSession, kind: str) -> Message:
    """The next message of `kind` a session without a callback receives."""
    async with asyncio.timeout(30):
        async for message in session:
            if message["type"] == kind:
                return message
    raise AssertionError(f"no {kind}")


class Watcher:
    """A watcher of the club (no membership): the latest `club` message, and it comes back
    after the club restarts."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.club: Message | None = None
        self.session = ClientSession("127.0.0.1", port, "Eye", spectate=True, on_message=self.hear)

    def hear(self, message: Message) -> None:
        if message["type"] == "club":
            self.club = message

    def connected(self) -> int:
        return 0 if self.club is None else sum(m["connected"] for m in self.club["members"])

    def phase(self) -> Any:
        return None if self.club is None else (self.club["phase"], self.club["round"])


def member_bots(port: int, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "net.club.member_bot", f"127.0.0.1:{port}", "--count", str(count)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )


async def test_member_bots_fill_a_club_of_13_from_one_address_and_survive_a_restart() -> None:
    """13 bot members from 127.0.0.1 at a club that bars the 11th join for a while: all get in.
    The club host is killed (-9) once the first round is drawn and resumed on its port: every
    bot comes back by itself, and the evening is played to its end. No away bot ever stands in
    (`--away-bot 600`), so each table ended because its people came back to it."""
    settings = ["--games", "papayoo,nothanks", "--table-size", "4", "--away-bot", "600"]
    settings += ["--joins", QUICK_PACING, "--start-with", "13"]
    club, started = start_process("net.club.cli", *settings)
    port = int(started["port"])
    bots = member_bots(port, 13)
    watcher = Watcher(port)
    resumed = None
    try:
        await watcher.session.open_paced()
        await wait_for(lambda: watcher.phase() == ("playing", 0), 90)
        assert watcher.connected() == 13
        club.send_signal(signal.SIGKILL)
        club.wait()
        resumed, _ = start_process("net.club.cli", "--resume", started["journal"], "--port",
                                   str(port), *settings)  # fmt: skip
        await wait_for(lambda: watcher.session.closed_reason is not None)
        await watcher.session.open_paced()
        await wait_for(lambda: watcher.phase() == ("over", 1), 120)
        standings = watcher.club["standings"]  # type: ignore[index]
        assert len(standings) == 13 and all(line["games"] == 2 for line in standings)
        assert bots.poll() is None  # still there, after all that
    finally:
        await watcher.session.close()
        stop(resumed, club, bots)
    said = bots.stderr.read() if bots.stderr is not None else ""
    assert "Traceback" not in said
    assert "the club paces joins from this address" in said  # the 11th waited, then joined
    assert "13 bot members at the club" in said


async def crash(club: Club) -> None:
    """End an in-process club as a crash would: its journals stay as last written."""
    if club.journal is not None:
        club.journal.close()
        club.journal = None
    await club.close()


async def seated_bots(club: Club, names: list[str]) -> list[MemberBot]:
    assert club.port is not None
    bots = [MemberBot("127.0.0.1", club.port, name, seed=i) for i, name in enumerate(names)]
    for bot in bots:
        await bot.open()
    await wait_for(lambda: len(club.players()) == len(names))
    return bots


async def test_a_resumed_club_still_lists_the_rounds_finished_tables() -> None:
    """Two tables of four; one has finished when the club crashes, the other is held: the
    resumed club lists both (one finished), not "1 of 1 tables still playing"."""
    club = Club(ClubPlan(("nothanks",), table_size=4, seed=4), name=None, bind="127.0.0.1",
                joins=None)  # fmt: skip
    await club.serve()
    bots = await seated_bots(club, [f"T{i}" for i in range(8)])
    resumed = None
    try:
        for bot in bots:
            bot.hold = True
        tables = await club.start_round()
        ending = set(tables[1].draw.people)
        for bot in bots:
            if bot.name in ending:
                bot.go_on()
        await wait_for(lambda: tables[1].over and len(club.games) == 1, 30)
        await crash(club)
        resumed = Club.resume(club_journal_path(club.table_id), bind="127.0.0.1", joins=None)
        await resumed.serve()
        listed = resumed._club_message()["tables"]
        assert [(t["table"], t["over"]) for t in listed] == [(0, False), (1, True)]
        assert resumed.playing and len(resumed.games) == 1
    finally:
        for bot in bots:
            await bot.close()
        if resumed is not None:
            await resumed.close()


async def test_a_member_who_left_and_came_back_is_sent_to_no_table_that_refuses_them() -> None:
    """The leaver's seat went to a bot for good: back at the club, they are at no table this
    round (no `club_seat`, no table in the members' list, no "removed" from the table), and
    are drawn again from the next round."""
    club = Club(ClubPlan(("nothanks", "nothanks"), table_size=4, seed=1), name=None,
                bind="127.0.0.1", joins=None)  # fmt: skip
    await club.serve()
    bots = await seated_bots(club, ["L0", "L1", "L2", "L3"])
    leaver = bots[0]
    try:
        for bot in bots:
            bot.hold = True
        (table,) = await club.start_round()
        await wait_for(lambda: leaver.table is not None and leaver.table.state is not None)
        seat = leaver.seat
        await leaver.leave()
        await wait_for(lambda: table.host.lobby.seats[table.seat_of("L0") or 0].kind == "bot")
        await wait_for(lambda: any(e.get("code") == "kicked" for e in leaver.errors))  # told
        told = len(leaver.errors)
        # The club's view the leaver holds says so too (the club folds its messages): only
        # then does "not left" below come from its return, not from a view it held before
        # leaving (at table 0, from when the round started).
        await wait_for(lambda: leaver.club is not None and leaver.club["members"][0]["left"])
        await leaver.back()
        await wait_for(lambda: not club.lobby.named("L0").left)  # type: ignore[union-attr]
        await wait_for(lambda: leaver.club is not None and not leaver.club["members"][0]["left"])
        assert leaver.club["members"][0]["table"] is None  # type: ignore[index]
        assert leaver.seat is seat  # no new club_seat was sent
        assert club._seat_message("L0") is None
        for bot in bots:
            bot.go_on()
        await wait_for(lambda: not club.playing, 60)
        assert "L0" in club.players()
        await club.start_round()
        await wait_for(lambda: leaver.seat is not seat and leaver.seat["round"] == 1, 30)
        await wait_for(lambda: leaver.table is not None and leaver.table.state is not None)
        assert not [e for e in leaver.errors[told:] if e.get("code") == "kicked"]
    finally:
        for bot in bots:
            await bot.close()
        await club.close()


async def test_a_club_tables_log_tells_who_joined_before_their_first_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Members sit down at a running club table one after the other and play at once; the
    arrivals after the first are gathered for a while (net/notices.py, made long here), yet
    the line saying each one joined reaches everyone before that one's first move."""
    monkeypatch.setattr("net.notices.NOTICE_WINDOW", 60.0)
    plan = ClubPlan(("nothanks",), table_size=3, bots=False)
    draw = TableDraw.new(0, "nothanks", ("A", "B", "C"), 0)
    table = ClubTable.make(draw, TableMaker(plan, "club", "Club", "127.0.0.1"), 0)
    port = await table.open("127.0.0.1")
    drivers = [BotDriver(seed=i) for i in range(3)]
    sessions = []
    try:
        for seat, name in enumerate(draw.people):
            session = ClientSession("127.0.0.1", port, name, on_message=drivers[seat])
            session.token = draw.tokens[seat]
            drivers[seat].session = session
            await session.open()
            sessions.append(session)
        await wait_for(lambda: table.over, 30)
        frames = drivers[0].frames
        for seat, name in enumerate(draw.people[1:], 1):
            told = next((i for i, f in enumerate(frames) if joined(f, name)), len(frames))
            moved = next(i for i, f in enumerate(frames) if moved_in(f, seat))
            assert told < moved, f"{name}'s first move came before the line saying they joined"
    finally:
        for session in sessions:
            await session.close()
        await table.close()


def joined(frame: Message, name: str) -> bool:
    """Whether this is the notice saying `name` joined (net/PROTOCOL.md, `notice`)."""
    if frame["type"] != "notice" or frame.get("code") != "arrivals":
        return False
    return any(p["event"] == "joined" and name in p["names"] for p in frame["params"]["parts"])


def moved_in(frame: Message, seat: int) -> bool:
    """Whether this state is the first one to show a move of `seat` (No Thanks! logs each)."""
    if frame["type"] != "state":
        return False
    log = frame["view"]["log"]
    return any(e["type"] in ("take", "pass") and e.get("seat") == seat for e in log)


async def test_a_club_killed_while_gathering_comes_back_with_its_members() -> None:
    """kill -9 before any round; `--resume`: the members come back by themselves with their
    tokens, still gathering, and the first round then plays."""
    settings = ["--games", "nothanks", "--table-size", "3", "--away-bot", "600"]
    club, started = start_process("net.club.cli", *settings)
    port = int(started["port"])
    bots = [MemberBot("127.0.0.1", port, f"G{i}", seed=i) for i in range(3)]
    resumed = None
    try:
        for bot in bots:
            await bot.open()
        await wait_for(lambda: all(b.club and len(b.club["members"]) == 3 for b in bots))
        club.send_signal(signal.SIGKILL)
        club.wait()
        resumed, _ = start_process("net.club.cli", "--resume", started["journal"], "--port",
                                   str(port), "--start-with", "3", *settings)  # fmt: skip
        await wait_for(lambda: all(b.comebacks == 1 for b in bots), 30)
        await wait_for(lambda: all(b.club and b.club["phase"] == "over" for b in bots), 60)
        standings = bots[0].club["standings"]  # type: ignore[index]
        assert sorted(line["player"] for line in standings) == ["G0", "G1", "G2"]
        assert all(line["games"] == 1 for line in standings)
    finally:
        for bot in bots:
            await bot.close()
        stop(resumed, club)


async def test_the_last_round_is_never_told_over_while_its_tables_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A `club` message built while the last round's tables open and the round before's close
    (a busy host's fold timer, a member coming back) says the round is being played: a
    member's program that read "over" then would stop coming back to a club still playing."""
    club = Club(ClubPlan(("nothanks", "nothanks"), table_size=3, seed=2), name=None,
                bind="127.0.0.1", joins=None)  # fmt: skip
    await club.serve()
    bots = await seated_bots(club, ["O0", "O1", "O2"])
    seen: list[str] = []
    opening, closing = ClubTable.open, ClubTable.close

    async def open_and_look(table: ClubTable, bind: str) -> int:
        seen.append(club._club_message()["phase"])
        return await opening(table, bind)

    async def close_and_look(table: ClubTable) -> None:
        seen.append(club._club_message()["phase"])
        await closing(table)

    try:
        await club.start_round()
        await wait_for(lambda: not club.playing, 30)
        monkeypatch.setattr(ClubTable, "open", open_and_look)
        monkeypatch.setattr(ClubTable, "close", close_and_look)
        await club.start_round()  # the last: round 1's table closes, round 2's opens
        assert seen == ["playing", "playing"]
    finally:
        for bot in bots:
            await bot.close()
        await club.close()
