"""Door memory benchmark (issue 34 item 12): what each friend at a door costs the host's
machine, the resident memory (RSS) of the program the door runs for them, and its proportional
share (PSS: the shared libraries split between the door programs). Everything on loopback, in
a temporary data dir.

One Papayoo table of 4 seats, nobody hosting in person: 2 friends through the SSH door (an SSH
client with a terminal) and 2 through the browser door (a websocket speaking the page's
protocol, as the page does: no browser needed). Measured twice per door program: on the door's
join screen, and at the table, after the start and some moves (the game's screen, its widgets
and the game's code loaded).

    .venv/bin/python bench/bench_door_memory.py [--moves 12] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["GAMENIGHT_DATA_DIR"] = tempfile.mkdtemp(prefix="gamenight-bench-door-memory-")
os.environ["GAMENIGHT_MDNS_INTERFACES"] = "127.0.0.1"

import aiohttp  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from bench.bench_web import memory_kib  # noqa: E402
from core import get_game  # noqa: E402
from net.host import Host  # noqa: E402
from net.ssh_door import SshDoor  # noqa: E402
from net.web_door import COOKIE, WebDoor  # noqa: E402
from tests.net.ssh_terminal import Terminal  # noqa: E402
from tui.table.doors import open_ssh_door, open_web_door  # noqa: E402
from tui.table.plans import SshPlan, WebPlan  # noqa: E402

SSH_FRIENDS, WEB_FRIENDS = 2, 2
SAMPLE = 1.0  # seconds between two looks at the door programs' memory
STEADY = 256  # KiB: a program whose RSS moved less than this in SAMPLE seconds is at rest
JOIN_FOOTER = "Leave"  # the door's join screen, drawn to its footer
MIB = 1024


class Browser:
    """One browser at the door: its websocket, and how much its door program drew."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.drawn = 0  # bytes received
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, port: int) -> Browser:
        base = f"http://127.0.0.1:{port}"
        async with session.get(base + "/") as page:
            who = page.cookies[COOKIE].value
        return cls(await session.ws_connect(f"{base}/ws/{who}?width=100&height=32"))

    async def _read(self) -> None:
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.drawn += len(message.data)

    async def press(self, keys: str) -> None:
        await self.websocket.send_str(json.dumps(["stdin", keys]))


async def settled(pids: list[int], timeout: float = 60.0) -> None:
    """Until no door program's RSS moves by more than STEADY KiB over SAMPLE seconds (a
    blinking cursor keeps a screen drawing: its memory, not its output, says it is done)."""
    before = [memory_kib(pid)[0] for pid in pids]
    async with asyncio.timeout(timeout):
        while True:
            await asyncio.sleep(SAMPLE)
            now = [memory_kib(pid)[0] for pid in pids]
            if all(abs(a - b) <= STEADY for a, b in zip(before, now, strict=True)):
                return
            before = now


def programs(ssh: SshDoor, web: WebDoor) -> dict[str, list[int]]:
    return {
        "ssh": [s.process.process.pid for s in ssh.sessions if s.process is not None],
        "web": [pid for s in web.sessions.values() if (pid := s.service.pid) is not None],
    }


def all_pids(ssh: SshDoor, web: WebDoor) -> list[int]:
    return [pid for group in programs(ssh, web).values() for pid in group]


def measure(pids: dict[str, list[int]]) -> dict[str, dict[str, float]]:
    figures = {}
    for kind, group in pids.items():
        sizes = [memory_kib(pid) for pid in group]
        figures[kind] = {
            "programs": len(group),
            "rss_mib": statistics.mean(rss for rss, _ in sizes) / MIB,
            "rss_mib_max": max(rss for rss, _ in sizes) / MIB,
            "pss_mib": statistics.mean(pss for _, pss in sizes) / MIB,
        }
    return figures


async def run(moves: int) -> dict[str, Any]:
    players = SSH_FRIENDS + WEB_FRIENDS
    host = Host("papayoo", name=None, players=players, joins=None)
    await host.serve("127.0.0.1", 0)
    host.admission.unlimited.add("127.0.0.1")
    ssh = await open_ssh_door(SshPlan(0), host, ["127.0.0.1"])
    web = await open_web_door(WebPlan(0, "127.0.0.1"), host, ["127.0.0.1"])
    ssh.joins, web.joins = None, None  # every friend here comes from one address
    terminals: list[Terminal] = []
    browsers: list[Browser] = []
    try:
        assert ssh.port is not None
        for index in range(SSH_FRIENDS):
            terminals.append(await Terminal.open(ssh.port, f"ssh{index + 1}"))
        async with aiohttp.ClientSession() as session:
            for _ in range(WEB_FRIENDS):
                browsers.append(await Browser.open(session, web.port))
            for terminal in terminals:
                await terminal.expect(JOIN_FOOTER, timeout=60)
            async with asyncio.timeout(60):
                while not all(browser.drawn for browser in browsers):
                    await asyncio.sleep(0.05)
            await settled(all_pids(ssh, web))
            joining = measure(programs(ssh, web))

            for terminal in terminals:
                terminal.press("\r")  # the offered name: take a seat
            for browser in browsers:
                await browser.press("\r")
            async with asyncio.timeout(60):
                while not all(host.connected(seat) for seat in range(players)):
                    await asyncio.sleep(0.05)
            host.start()
            referee = host.referee
            assert referee is not None
            game = get_game("papayoo")
            await settled(all_pids(ssh, web))
            for _ in range(moves):  # the pass, then tricks: the table's screens at work
                if game.is_over(referee.state):
                    break
                seat = game.to_act(referee.state)[0]
                referee.act(seat, game.default_action(referee.state, seat))
                await asyncio.sleep(0.1)
            await settled(all_pids(ssh, web))
            playing = measure(programs(ssh, web))
            for browser in browsers:
                await browser.websocket.close()
    finally:
        for terminal in terminals:
            await terminal.close()
        await web.close()
        await ssh.close()
        await host.close()
    return {"join screen": joining, "at the table": playing, "moves": moves}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=12, help="moves made at the table (12)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON to FILE")
    args = parser.parse_args()
    figures = asyncio.run(run(args.moves))
    table = Table(title="Memory of each door friend's program (MiB)")
    for column in ("door", "stage", "programs", "RSS mean", "RSS max", "PSS mean"):
        table.add_column(column, justify="left" if column in ("door", "stage") else "right")
    for stage in ("join screen", "at the table"):
        for kind, row in figures[stage].items():
            table.add_row(
                kind,
                stage,
                str(row["programs"]),
                f"{row['rss_mib']:.1f}",
                f"{row['rss_mib_max']:.1f}",
                f"{row['pss_mib']:.1f}",
            )
    Console().print(table)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
