"""Write screenshots/browser-nothanks.png: a browser player's No Thanks! screen, taken by
Debian's headless Chromium from the browser door (the same path as tests/net/test_web_door.py).

    .venv/bin/python screenshots/make_browser_screenshot.py

A No Thanks! table is hosted on 127.0.0.1 with a fixed deal and two easy bots; the browser
takes seat 0, passes once and takes a card, then the page is photographed.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["GAMENIGHT_MDNS_INTERFACES"] = "127.0.0.1"
os.environ["GAMENIGHT_DATA_DIR"] = tempfile.mkdtemp(prefix="gamenight-shots-")
sys.path.insert(0, str(ROOT))

from net.web_door import WebDoor  # noqa: E402
from tests.net.web_browser import browser_missing, chromium, new_page, nothanks_table  # noqa: E402
from tui.table.doors import door_command  # noqa: E402

PICTURE = ROOT / "screenshots" / "browser-nothanks.png"


async def main() -> None:
    host = await nothanks_table()
    assert host.port is not None
    table_port = host.port
    door = WebDoor(lambda who, fd: door_command(table_port, who, fd))
    port = await door.serve(["127.0.0.1"], 0)
    try:
        async with chromium() as browser:
            page = await new_page(browser)
            await page.page.set_viewport_size({"width": 1100, "height": 620})
            await page.open(f"http://127.0.0.1:{port}/")
            await page.wait_for("Welcome to the Gamenight table", timeout=30)
            await page.press("Enter")
            await page.wait_for("Your turn: t takes 7", timeout=30)
            await page.press("p")
            await page.wait_for("Your turn: t takes 33", timeout=30)
            await page.press("t")
            await page.wait_for("Your turn: t takes 20", timeout=30)
            await page.page.screenshot(path=str(PICTURE))
    finally:
        await door.close()
        await host.close()
    print(f"wrote {PICTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    missing = browser_missing()
    if missing:
        sys.exit(missing)
    asyncio.run(main())
