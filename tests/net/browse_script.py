"""A browser for the namespace test: prints each add/update/remove as a JSON line.

Run inside a test's network namespace: `python -m tests.net.browse_script --join NAME`. With
`--join`, it takes a seat at the first table it finds, so the host's TXT record changes.
"""

from __future__ import annotations

import argparse
import asyncio
import json

from net.client import ClientSession, connect
from net.discovery import Browser, FoundTable


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--join")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--recheck", type=float, default=0.3)
    args = parser.parse_args()
    joined: list[ClientSession] = []

    def on_event(kind: str, table: FoundTable) -> None:
        print(
            json.dumps(
                {"event": kind, "address": table.address, "port": table.port, "info": table.info}
            ),
            flush=True,
        )
        if kind == "add" and args.join and not joined:
            asyncio.get_running_loop().create_task(take_seat(table))

    async def take_seat(table: FoundTable) -> None:
        joined.append(await connect(table.address, table.port, args.join))

    browser = Browser(on_event, recheck=args.recheck)
    await browser.start()
    await asyncio.sleep(args.seconds)
    await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
