"""A real browser on the browser door, for its tests, benchmark and screenshot: Debian's
Chromium driven by Playwright (never a downloaded browser), and what its terminal shows.

The page draws on a canvas, so the words are read from what the page received: an init script
taps the page's websocket (text in, keys out), and `screen` replays that stream of text and
cursor moves onto a grid of characters, which is what the terminal shows.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from net.host import Host
from net.host_cli import _start_when_ready

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1000, "height": 640}

TAP = r"""
(() => {
  const Native = window.WebSocket;
  const tap = { text: "", sent: [], url: null, size: null, watchers: [] };
  // watch(marker): resolves with the time (ms since the epoch) the first frame arriving from now
  // on that holds `marker` came in (the benchmark's action-to-screen latency).
  tap.watch = (marker) => new Promise((resolve) => tap.watchers.push({ marker, resolve }));
  const decoder = new TextDecoder();
  window.__door = tap;
  window.WebSocket = function (url, protocols) {
    const socket = new Native(url, protocols);
    tap.url = url;
    const found = /width=(\d+)&height=(\d+)/.exec(url);
    if (found) tap.size = [Number(found[1]), Number(found[2])];
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      const message = JSON.parse(data);
      if (message[0] === "resize") tap.size = [message[1].width, message[1].height];
      tap.sent.push(data);
      return send(data);
    };
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const chunk = decoder.decode(new Uint8Array(event.data), { stream: true });
      tap.text += chunk;
      const now = performance.timeOrigin + performance.now();
      const seen = tap.watchers.filter((w) => chunk.includes(w.marker));
      seen.forEach((w) => w.resolve(now));
      tap.watchers = tap.watchers.filter((w) => !seen.includes(w));
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
})();
"""

CSI = re.compile(r"\x1b\[([0-?]*)([ -/]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def browser_missing() -> str | None:
    """Why no browser test can run here, or None."""
    if shutil.which(CHROMIUM) is None:
        return f"no browser: {CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "no browser driver: the playwright package is missing"
    return None


def screen(text: str, columns: int, rows: int) -> list[str]:
    """The character grid after drawing `text` (text and cursor moves; styles ignored)."""
    grid = [[" "] * columns for _ in range(rows)]
    row = column = 0
    position = 0
    for match in CSI.finditer(text):
        row, column = _put(grid, text[position : match.start()], row, column)
        position = match.end()
        if match.group(3) in ("H", "f") and not match.group(2):
            numbers = [int(n) if n.isdigit() else 1 for n in (match.group(1) or "").split(";")]
            row, column = numbers[0] - 1, (numbers[1] if len(numbers) > 1 else 1) - 1
        elif match.group(3) == "J" and match.group(1) == "2":
            grid = [[" "] * columns for _ in range(rows)]
    _put(grid, text[position:], row, column)
    return ["".join(line) for line in grid]


def _put(grid: list[list[str]], chunk: str, row: int, column: int) -> tuple[int, int]:
    for char in chunk:
        if char == "\n":
            row, column = row + 1, 0
        elif char == "\r":
            column = 0
        elif 0 <= row < len(grid) and 0 <= column < len(grid[0]) and char >= " ":
            grid[row][column] = char
            column += 1
    return row, column


class DoorPage:
    """One browser tab on the door."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.size = (80, 24)  # the terminal's columns and rows, as the page last told them

    async def open(self, url: str) -> None:
        await self.page.goto(url)
        await self.page.wait_for_function("() => window.__door && window.__door.size")

    async def text(self) -> str:
        """Everything the page's terminal was sent (text and escapes)."""
        text, size = await self.page.evaluate("() => [window.__door.text, window.__door.size]")
        self.size = (size[0], size[1])
        return text

    async def lines(self) -> list[str]:
        text = await self.text()
        return screen(text, *self.size)

    async def wait_for(self, *words: str, timeout: float = 20.0) -> list[str]:
        """The screen once it shows every one of `words`; TimeoutError with the screen if not."""
        deadline = time.monotonic() + timeout
        while True:
            lines = await self.lines()
            shown = "\n".join(lines)
            if all(word in shown for word in words):
                return lines
            if time.monotonic() > deadline:
                raise TimeoutError(f"{words} not shown; the screen:\n{shown}")
            await asyncio.sleep(0.05)

    async def click_text(self, word: str) -> None:
        """Click the middle of the first place `word` is shown."""
        lines = await self.lines()
        for row, line in enumerate(lines):  # noqa: B007 (row is used after the loop)
            column = line.find(word)
            if column >= 0:
                break
        else:
            raise LookupError(f"{word!r} is not on the screen")
        box = await self.page.locator(".xterm-screen").bounding_box()
        width, height = box["width"] / self.size[0], box["height"] / self.size[1]
        x = box["x"] + (column + len(word) / 2) * width
        await self.page.mouse.click(x, box["y"] + (row + 0.5) * height)

    async def press(self, key: str) -> None:
        """A key, typed into the terminal (focused first, as a person's click would)."""
        await self.page.focus(".xterm-helper-textarea")
        await self.page.keyboard.press(key)


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium that reaches nothing but what it is sent to; Playwright gives it a
    fresh, temporary profile (user-data-dir) of its own."""
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


async def new_page(browser: Any, locale: str | None = None) -> DoorPage:
    """A tab in a context of its own (its own cookies: another person), with the tap; `locale`
    ("hu-HU") is the browser's language (its Accept-Language)."""
    options = {"locale": locale} if locale else {}
    context = await browser.new_context(viewport=VIEWPORT, **options)
    page = await context.new_page()
    await page.add_init_script(TAP)
    return DoorPage(page)


async def nothanks_table(players: int = 3, bots: int = 2, seed: int | None = 5) -> Host:
    """A No Thanks! table served on 127.0.0.1 whose seat 0 acts first (the `first` option),
    its last `bots` seats easy bots; it starts as soon as every seat is taken."""
    options = {"first": 0}
    host = Host(
        "nothanks", name=None, table_name="Web test", players=players, options=options, seed=seed
    )
    for seat in range(players - bots, players):
        host.set_bot(seat, "easy")
    host.listeners.append(lambda: _start_when_ready(host))
    await host.serve("127.0.0.1", 0)
    return host
