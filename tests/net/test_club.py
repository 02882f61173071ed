"""Issue 26: a club night of bot members over the wire, its standings from the match records,
a member dropping and coming back to their table, a member leaving the club."""

from __future__ import annotations

import signal
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from core.club.meetings import repeats
from core.club.standings import finished_game, standings
from net.club.club import Club
from net.club.member_bot import MemberBot
from net.club.plan import ClubPlan
from net.club.record import clubs_dir, load_club
from net.protocol import encode
from tests.net.conftest import Raw, start_process, wait_for

GAMES = ("nothanks", "papayoo", "rummikub")
ROOT = Path(__file__).resolve().parents[2]


async def members(club: Club, count: int) -> list[MemberBot]:
    assert club.port is not None
    bots = [MemberBot("127.0.0.1", club.port, f"M{i:02}", seed=i) for i in range(count)]
    for bot in bots:
        await bot.open()
    await wait_for(lambda: len(club.players()) == count)
    return bots


async def play_round(club: Club, timeout: float = 60.0) -> None:
    await club.start_round()
    await wait_for(lambda: not club.playing, timeout)


@pytest.fixture
async def club_of_12():
    club = Club(ClubPlan(GAMES, table_size=4, seed=5), name=None, bind="127.0.0.1", joins=None)
    await club.serve()
    bots = await members(club, 12)
    yield club, bots
    for bot in bots:
        await bot.close()
    await club.close()


async def test_three_rounds_of_mixed_games_give_the_standings_of_the_records(club_of_12):
    club, bots = club_of_12
    for _ in GAMES:
        await play_round(club)
    assert club.phase == "over"
    record = load_club(clubs_dir() / f"club-{club.table_id}.json")
    assert record["over"] and len(record["games"]) == 9  # 3 rounds of 3 tables of 4
    assert Counter(g["record"]["game"] for g in record["games"]) == Counter(
        {game: 3 for game in GAMES}
    )
    replayed = [finished_game(g["record"], g["seats"]) for g in record["games"]]
    expected = [line.row() for line in standings(replayed, [b.name for b in bots])]
    assert record["standings"] == expected == club.standings()
    assert sum(line["games"] for line in expected) == 36  # every member played every round
    total = sum(line["points"] for line in expected)
    assert total == pytest.approx(9 * 2, abs=1e-3)  # a game of 4 hands out 4/2 places
    await wait_for(lambda: all(b.club is not None and b.club["phase"] == "over" for b in bots))
    assert [e for b in bots for e in b.errors] == []
    # mixed seats: 4 people from 3 earlier tables of 4 must include one pair who met, so
    # the fewest repeats a second round can have is one pair a table, and mix finds it
    assert repeats(club.draws[1], club.draws[:1]) == 3


async def test_a_member_who_drops_comes_back_to_their_table(club_of_12):
    club, bots = club_of_12
    await club.start_round()
    bot = bots[0]
    await wait_for(lambda: bot.table is not None and bot.table.state is not None)
    table = next(t for t in club.tables if bot.name in t.draw.people)
    seat = table.seat_of(bot.name)
    await bot.drop()
    await wait_for(lambda: not table.host.connected(seat))
    await bot.back()
    await wait_for(lambda: table.host.connected(seat) and bot.table.state is not None)
    assert bot.table.seat == seat
    await wait_for(lambda: not club.playing, 60)
    await wait_for(lambda: bot.finished)
    assert bot.finished[-1]["seat"] == seat
    assert not bot.finished[-1]["seats"][seat]["away"]


async def test_a_member_who_leaves_is_replaced_by_a_bot_and_keeps_what_they_earned(club_of_12):
    club, bots = club_of_12
    await play_round(club)
    leaver = bots[3]
    earned = next(line for line in club.standings() if line["player"] == leaver.name)
    await club.start_round()
    await wait_for(lambda: leaver.table is not None and leaver.table.state is not None)
    await leaver.leave()
    await wait_for(lambda: club.lobby.named(leaver.name).left)
    table = next(t for t in club.tables if leaver.name in t.draw.people)
    assert table.host.lobby.seats[table.seat_of(leaver.name)].kind == "bot"
    await wait_for(lambda: not club.playing, 60)
    line = next(line for line in club.standings() if line["player"] == leaver.name)
    kept = ("points", "games", "tie_break")
    assert [line[k] for k in kept] == [earned[k] for k in kept]
    assert leaver.name not in club.players()


def start_club_process(*args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    return start_process("net.club.cli", *args)


def quiet(bots: list[MemberBot]) -> bool:
    """Every held bot idle, and each table's bots holding one version of it."""
    versions: dict[int, set[int]] = {}
    for bot in bots:
        if not bot.idle or bot.table is None or bot.table.state is None or bot.seat is None:
            return False
        versions.setdefault(bot.seat["table"], set()).add(bot.table.state["version"])
    return all(len(held) == 1 for held in versions.values())


async def test_a_killed_club_resumes_with_nothing_lost() -> None:
    """kill -9 mid-round; `--resume`: the members, the finished round's standings and every
    table's game where it stood (the views before and after equal), then the evening ends."""
    games = "nothanks,papayoo"
    process, started = start_club_process(
        "--games", games, "--table-size", "4", "--start-with", "8"
    )
    port = int(started["port"])
    bots = [MemberBot("127.0.0.1", port, f"K{i}", seed=i) for i in range(8)]
    resumed = None
    try:
        for bot in bots:
            await bot.open()
        await wait_for(lambda: all(b.seat and b.seat["round"] == 1 for b in bots), 30)
        kept = clubs_dir() / f"club-{started['club_id']}.json"
        await wait_for(kept.exists)
        standings = load_club(kept)["standings"]  # kept when the first round ended
        await wait_for(
            lambda: all(b.table and b.table.state and b.table.state["version"] >= 6 for b in bots),
            30,
        )
        for bot in bots:
            bot.hold = True
        await wait_for(lambda: quiet(bots))
        before = {bot.name: bot.table.state["view"] for bot in bots}
        old_tables = [bot.table for bot in bots]
        process.send_signal(signal.SIGKILL)
        process.wait()
        resumed, _ = start_club_process("--resume", started["journal"], "--port", str(port))
        for bot, old in zip(bots, old_tables, strict=True):  # back by itself, to its seat
            await wait_for(lambda b=bot, o=old: b.table not in (None, o) and b.table.state, 30)
        assert all(bot.comebacks == 1 for bot in bots)
        after = {bot.name: bot.table.state["view"] for bot in bots}
        assert after == before
        assert all(b.club["standings"] == standings for b in bots)  # told on coming back
        for bot in bots:
            bot.go_on()
        await wait_for(lambda: all(b.club and b.club["phase"] == "over" for b in bots), 30)
        record = load_club(clubs_dir() / f"club-{started['club_id']}.json")
        assert len(record["games"]) == 4 and record["over"]
        assert not Path(started["journal"]).exists()  # a finished evening leaves no journal
    finally:
        for bot in bots:
            await bot.close()
        for proc in (process, resumed):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait()


async def test_the_club_door_speaks_the_club_layer_and_refuses_table_messages() -> None:
    """PROTOCOL.md, Clubs: welcome with club true, then club; table messages get the non-fatal
    `club` error, a bad `leave` the schema's `bad_message`, and `leave` at a table is refused."""
    club = Club(ClubPlan(("nothanks",)), name="Ana", bind="127.0.0.1", joins=None)
    await club.serve()
    assert club.port is not None
    raw = await Raw.open(club.port)
    try:
        welcome = await raw.hello("Bo")
        assert welcome["club"] is True and welcome["seat"] == 1 and welcome["token"]
        first = await raw.frame()
        assert first["type"] == "club" and [m["name"] for m in first["members"]] == ["Ana", "Bo"]
        await raw.send(encode({"type": "chat", "text": "hi"}))
        refused = await raw.until("error")
        assert (refused["code"], refused["fatal"]) == ("club", False)
        await raw.send(encode({"type": "act", "action": "take", "version": 0}))
        refused = await raw.until("error")
        assert refused["code"] == "bad_message" and not refused["fatal"]
        await raw.send(encode({"type": "leave"}))
        await wait_for(lambda: club.lobby.seats[1].left)
        assert club.players() == ["Ana"]
    finally:
        raw.close()
        await club.close()
