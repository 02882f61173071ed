"""An evening at the browser door with a real Chromium (issue 34, items 3, 4 and 9): the page says
why its session ended. A second tab of the same browser takes the seat (the first tab is told
so), the host dies (`kill -9`: the page says the host is gone and may come back), comes back
with `--resume` (the page opened again is back in its seat), then closes the table (the page
says so)."""

from __future__ import annotations

from typing import Any

import pytest

from net.web_door import COOKIE
from tests.evenings.conftest import GAME_SCREEN, PASSWORD, Evening, door_programs, listening
from tests.net.web_browser import TAP, DoorPage, browser_missing, chromium, new_page

NO_BROWSER = browser_missing()
pytestmark = pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
ENDED = "() => document.body.classList.contains('-closed')"


async def come_in(page: DoorPage, url: str) -> None:
    """Open the door's page, give the table password, and wait for the terminal."""
    await page.page.goto(url)
    await page.page.fill("input[name=password]", PASSWORD)
    await page.page.click("button")
    await page.page.wait_for_function("() => window.__door && window.__door.size")


async def ended_words(page: DoorPage) -> str:
    """What the page says once its session ended."""
    await page.page.wait_for_function(ENDED, timeout=60_000)
    return str(await page.page.inner_text("#ended-words"))


async def second_tab(page: DoorPage) -> DoorPage:
    """Another tab of the same browser (its cookie: the same person)."""
    context: Any = page.page.context
    tab = await context.new_page()
    await tab.add_init_script(TAP)
    return DoorPage(tab)


async def test_the_page_tells_a_taken_seat_a_vanished_host_and_a_closed_table_apart(
    evening: Evening,
) -> None:
    web = ["--web", str(evening.web_port), "--web-bind", "127.0.0.1"]
    url = f"http://127.0.0.1:{evening.web_port}/"
    host = await evening.host(*web)
    await listening(evening.web_port)
    async with chromium() as browser:
        first = await new_page(browser)
        await come_in(first, url)
        await first.wait_for("Your name at the table", timeout=60)
        await first.press("Enter")  # sits as the "Guest …" name offered
        await host.expect("Guest ")
        cookies = await first.page.context.cookies()
        who = next(cookie["value"] for cookie in cookies if cookie["name"] == COOKIE)
        programs = door_programs(evening.port)  # item 3: the browser's id is in no `ps` line
        assert programs and all(who not in command for _, command in programs)
        await host.type("\x1b[B", "\x1b[B", "b")  # seat 3: an easy bot
        await host.expect("easy")
        host.press("s")
        await first.wait_for(GAME_SCREEN, " (you)", timeout=60)

        tab = await second_tab(first)
        await tab.open(url)  # admitted already: the terminal at once, the seat taken back
        assert "Another tab of this browser took your seat" in await ended_words(first)
        await tab.wait_for(GAME_SCREEN, " (you)", timeout=60)

        host.kill()
        gone = await ended_words(tab)
        assert gone.startswith("The host is gone. It may come back")
        await host.wait_ended()

        again = await evening.host(*web, resume=True)
        await again.expect(GAME_SCREEN)
        await listening(evening.web_port)
        back = await second_tab(first)
        await come_in(back, url)  # a new host: the password again, then the seat
        await back.wait_for(GAME_SCREEN, " (you)", timeout=60)

        again.press("q")
        await again.expect("Close the table?")
        again.press("y")
        assert await ended_words(back) == "The host closed the table."
