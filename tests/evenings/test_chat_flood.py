"""Issue 34 item 6: a chat flood by rejoining. A seated player's chat allowance (CHAT_BURST
lines per CHAT_WINDOW seconds) is the seat's: a program that says 8 lines, rejoins with its
seat's token and says 8 more, in a loop, puts no more than 8 lines per 10 s in front of the
others, the journal stays small, and the table's history is not wiped.

A real host process (`net.host_cli`), real clients over TCP."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from net import journal
from net.client import ClientSession, connect
from net.host import TALK_KEPT, Host
from net.roster import CHAT_BURST, CHAT_WINDOW
from tests.net.conftest import start_process, wait_for

FLOOD_SECONDS = 12.0  # more than one window: the second one's lines must wait for it
SLACK = 0.5  # seconds of delivery jitter between the host's clock and the watcher's


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("GAMENIGHT_MDNS_INTERFACES", "127.0.0.1")


def said(heard: list[tuple[float, dict[str, Any]]], seat: int | None) -> list[float]:
    """When the watcher heard each new chat line of `seat` (not the earlier lines retold)."""
    return [
        at
        for at, m in heard
        if m["type"] == "chat" and m.get("seat") == seat and not m.get("earlier")
    ]


async def flood(session: ClientSession, seconds: float) -> int:
    """CHAT_BURST lines, then a rejoin with the seat's token, again and again; the rejoins."""
    rejoins = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for number in range(CHAT_BURST):
            session.chat(f"flood {rejoins}.{number}")
        await session.reconnect()
        rejoins += 1
    return rejoins


async def test_rejoining_does_not_renew_the_chat_allowance() -> None:
    process, started = start_process(
        "net.host_cli", "--game", "nothanks", "--players", "3", "--bots", "easy", "--autostart"
    )
    heard: list[tuple[float, dict[str, Any]]] = []
    watcher = flooder = late = None
    try:
        port = started["port"]
        watcher = await connect(
            "127.0.0.1", port, "Vera", on_message=lambda m: heard.append((time.monotonic(), m))
        )
        flooder = await connect("127.0.0.1", port, "Flo")
        await wait_for(lambda: watcher.state is not None, timeout=20)  # the game is on
        history = [f"before the flood {number}" for number in range(3)]
        for line in history:
            watcher.chat(line)
        await wait_for(lambda: len(said(heard, watcher.seat)) == len(history), timeout=20)
        size_before = Path(started["journal"]).stat().st_size

        rejoins = await flood(flooder, FLOOD_SECONDS)
        assert flooder.seat is not None and flooder.token is not None
        assert rejoins > 3  # it did rejoin, many times

        # What the others saw: at most CHAT_BURST lines in any CHAT_WINDOW.
        await asyncio.sleep(0.5)  # let the last accepted lines arrive (none may come later)
        times = said(heard, flooder.seat)
        assert 0 < len(times) <= CHAT_BURST * (int(FLOOD_SECONDS // CHAT_WINDOW) + 1)
        for first, ninth in zip(times, times[CHAT_BURST:], strict=False):
            assert ninth - first >= CHAT_WINDOW - SLACK, times

        grown = Path(started["journal"]).stat().st_size - size_before
        assert grown < 16 * 1024, grown  # the lines let through, not thousands

        # Someone coming in now hears the table's talk, the lines before the flood included.
        earlier: list[dict[str, Any]] = []
        late = await connect("127.0.0.1", port, "Lou", spectate=True, on_message=earlier.append)
        await wait_for(lambda: any(m.get("text") == history[-1] for m in earlier), timeout=20)
        assert [m["text"] for m in earlier if m.get("earlier") and m["seat"] == watcher.seat] == (
            history
        )
    finally:
        for session in (late, flooder, watcher):
            if session is not None:
                await session.close()
        with contextlib.suppress(ProcessLookupError):
            os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


async def test_the_journals_talk_stays_bounded_and_a_resume_tells_the_last_lines(
    tmp_path: Path,
) -> None:
    """However long the evening's talk, the journal keeps at most twice TALK_KEPT chat lines
    (and every action); a host resumed from it tells the last TALK_KEPT lines, in order."""
    host = Host("nothanks", name="Ann", players=3, joins=None)
    host.set_bot(1, "easy")
    host.set_bot(2, "easy")
    path = tmp_path / "table.jsonl"
    host._start_game(None, path)  # the table's own journal, in this test's folder
    assert host.journal is not None and host.local is not None and host.local.member is not None
    lines = 10 * TALK_KEPT
    for number in range(lines):
        host._say(host.local.member, f"line {number} " + "é" * 150)  # a long line, escaped
        assert host.journal.chats <= 2 * TALK_KEPT
    size = path.stat().st_size
    assert size < 2 * TALK_KEPT * 1200, size  # not the 3,000 lines' 3 MiB
    header, record = journal.load(path)
    told = [line["text"].split()[1] for line in header["talk"]]
    assert told[-TALK_KEPT:] == [str(n) for n in range(lines - TALK_KEPT, lines)]
    assert record["actions"] == [list(a) for a in host.referee.record["actions"]]  # type: ignore[union-attr]
    await host.close()
    resumed = Host.resume(path)
    try:
        assert [line["text"] for line in resumed.talk] == [line["text"] for line in list(host.talk)]
    finally:
        await resumed.close()
