"""TUI-host churn benchmark: what spectators joining and leaving cost the host's lobby *screen*.

`gamenight host` shows its lobby in Textual; issue 8 found that screen growing by ~120 KB per
join (1,500 joins: 45 → 225 MiB). Here the real app hosts a loopback table headless (Textual's
test driver) and a client in the same process runs CYCLES times: connect, `hello` as a
spectator, wait for `welcome`, close. RSS and process CPU time are read before, halfway and
after (the client's own share of the CPU is included). Target: RSS after within 8 MiB of
before, and a key press still answered at once.

    .venv/bin/python bench/bench_tui_churn.py [--cycles 3000] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("GAMENIGHT_DATA_DIR", tempfile.mkdtemp(prefix="gamenight-bench-"))
os.environ.setdefault("GAMENIGHT_CONFIG_DIR", tempfile.mkdtemp(prefix="gamenight-bench-"))

from net.protocol import PROTOCOL_VERSION, encode, read_frame  # noqa: E402
from tui.app import GamenightApp  # noqa: E402
from tui.screens.host_lobby import HostLobbyScreen  # noqa: E402
from tui.table.plans import HostPlan  # noqa: E402


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def one_cycle(port: int, index: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "name": f"C{index}", "spectate": True}
    writer.write(encode(hello))
    await writer.drain()
    assert (await asyncio.wait_for(read_frame(reader), 5))["type"] == "welcome"
    writer.close()


async def measure(cycles: int) -> dict[str, Any]:
    plan = HostPlan(player="Zoe", port=0, bind="127.0.0.1", discovery=False)
    app = GamenightApp(bot_delay=0.0, host=plan)
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, HostLobbyScreen):
            await pilot.pause(0.05)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        host.admission.joins = None
        port = host.port or 0
        samples = [(0, rss_mib(), time.process_time())]
        for index in range(cycles):
            await one_cycle(port, index)
            if index + 1 in (cycles // 2, cycles):
                await pilot.pause(0.5)
                samples.append((index + 1, rss_mib(), time.process_time()))
        began = time.perf_counter()
        await pilot.press("down", "b")
        await pilot.pause()
        key_ms = (time.perf_counter() - began) * 1000
    return {
        "cycles": cycles,
        "rss_mib": [round(rss, 1) for _, rss, _ in samples],
        "cpu_s": round(samples[-1][2] - samples[0][2], 2),
        "key_ms": round(key_ms, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=3000)
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    result = asyncio.run(measure(args.cycles))
    before, half, after = result["rss_mib"]
    print(f"{'TUI host lobby':<28}{'figure':>32}")
    print(f"{'RSS before / half / after':<28}{f'{before} / {half} / {after} MiB':>32}")
    print(f"{'CPU for the cycles':<28}{result['cpu_s']:>30} s")
    print(f"{'a key press after churn':<28}{result['key_ms']:>29} ms")
    ok = after - before <= 8
    print(f"target: RSS within 8 MiB of before — {'met' if ok else 'MISSED'}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
