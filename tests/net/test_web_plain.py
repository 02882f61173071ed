"""The browser door's plain page (issue 37): a browser that asks for it (`/?plain=1`, its link, or
F2 at the door's welcome) gets the door client in the plain line mode and an xterm in
screen-reader mode, its choice kept for that browser only. The browser is Debian's Chromium
driven by Playwright (tests/net/web_browser.py); everything binds to 127.0.0.1."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st
from yarl import URL

from net import door_access
from net.door_access import Visitor
from net.host import Host
from net.web_door import COOKIE, PLAIN_COOKIE, PLAIN_SCRIPT, STATIC
from net.web_plain import MAX_LINE, SCROLLBACK, LineEditor, reader_script
from tests.net.conftest import wait_for
from tests.net.test_web_door import IDLE_CHILD, Door
from tests.net.web_browser import DoorPage, browser_missing, chromium, new_page, nothanks_table
from tui.table.door_words import CatalogWording
from tui.table.doors import door_command

NO_BROWSER = browser_missing()
TEXTUAL_JS = STATIC / "js" / "textual.js"
TREE = ".xterm-accessibility-tree"
ENDED = "() => document.body.classList.contains('-closed')"
TURN = re.compile(r"(take or pass|take)\?$", re.MULTILINE)


def test_the_installed_textual_js_gets_a_screen_readers_terminal() -> None:
    """The textual-serve installed here holds the constructor the plain page changes, once."""
    script, reads = reader_script(TEXTUAL_JS)
    assert reads
    text = script.decode("utf-8")
    options = f"scrollback:{SCROLLBACK},screenReaderMode:!0,"
    assert text.count(options) == 1 and "scrollback:0," not in text
    assert len(text) == len(TEXTUAL_JS.read_text(encoding="utf-8")) + len(options) - len(
        "scrollback:0,"
    )


def test_a_textual_js_of_another_form_is_served_as_it_is_and_said(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    other = tmp_path / "textual.js"
    other.write_text("new v.Terminal({fontSize:i,scrollback:0})", encoding="utf-8")
    with caplog.at_level(logging.ERROR, logger="net.web_plain"):
        script, reads = reader_script(other)
    assert not reads and script == other.read_bytes()
    assert "no screen-reader mode" in caplog.text


def test_the_line_editor_echoes_rubs_out_and_sends_lines() -> None:
    editor = LineEditor()
    typed = editor.feed("pas")
    assert (typed.echo, typed.lines) == ("pas", [])
    typed = editor.feed("x\x7fs\x1b[A\x1bOQ\r")  # a slip rubbed out; arrow and F2 dropped
    assert typed.echo == "x\b \bs\r\n" and typed.lines == ["pass"]
    typed = editor.feed("look\r\nhand\n")  # a pasted CR LF is one line end
    assert typed.lines == ["look", "hand"] and not typed.ended
    typed = editor.feed("say hi\x15take\x03\x04")  # Ctrl+U, Ctrl+C, then Ctrl+D: the end
    assert typed.lines == [] and typed.ended and editor.line == []
    assert typed.echo.startswith("say hi" + "\b \b" * 6 + "take^C\r\n")
    wide = LineEditor()
    assert wide.feed("名\x7f").echo == "名\b\b  \b\b"  # a wide character takes two cells
    assert LineEditor().feed("x" * (MAX_LINE + 5) + "\r").lines == ["x" * MAX_LINE]


@given(
    st.lists(st.text(st.characters(categories=("L", "M", "N", "P", "S", "Zs", "Cf")), max_size=40))
)
def test_what_is_typed_and_entered_is_the_line_sent(texts: list[str]) -> None:
    editor = LineEditor()
    typed = editor.feed("".join(text + "\r" for text in texts))
    assert typed.lines == texts
    assert typed.echo == "".join(text + "\r\n" for text in texts)


async def test_the_plain_choice_is_this_browsers_own_and_kept() -> None:
    """`?plain=1` marks the page's own browser (its cookie), kept by a cookie for its next
    visits until `?plain=0`; another browser is not touched, and the plain page loads the
    screen reader's textual.js."""
    async with Door(lambda v, fd: IDLE_CHILD) as door:
        jar = aiohttp.CookieJar
        async with (
            aiohttp.ClientSession(cookie_jar=jar(unsafe=True)) as ana,
            aiohttp.ClientSession(cookie_jar=jar(unsafe=True)) as bo,
        ):
            async with bo.get(door.url + "/") as response:
                assert "/static/js/textual.js" in await response.text()
            bos = bo.cookie_jar.filter_cookies(URL(door.url))[COOKIE].value
            async with ana.get(door.url + f"/?plain=1&who={bos}") as response:
                page = await response.text()
                assert PLAIN_SCRIPT in page and "Play on the full screen" in page
            anas = ana.cookie_jar.filter_cookies(URL(door.url))[COOKIE].value
            assert door.door.plain == {anas} and door.door.reads  # the reader's script made
            assert ana.cookie_jar.filter_cookies(URL(door.url))[PLAIN_COOKIE].value == "1"
            async with ana.get(door.url + "/") as response:  # later: still the plain page
                assert PLAIN_SCRIPT in await response.text()
            async with bo.get(door.url + "/") as response:
                page = await response.text()
                assert PLAIN_SCRIPT not in page and "Screen reader? Play in plain lines" in page
            async with ana.get(door.url + PLAIN_SCRIPT) as response:
                assert response.content_type == "text/javascript"
                assert b"screenReaderMode:!0" in await response.read()
            async with ana.get(door.url + "/?plain=0") as response:
                assert PLAIN_SCRIPT not in await response.text()
            assert door.door.plain == set()


def test_a_plain_visitor_is_run_with_the_plain_mode() -> None:
    assert "--plain" in door_command(4000, Visitor("web-x", plain=True), 3)
    assert "--plain" not in door_command(4000, Visitor("web-x"), 3)


async def reader_text(page: DoorPage) -> str:
    """What the screen reader is given: the rows of xterm's accessibility tree."""
    return str(await page.page.inner_text(TREE))


async def wait_read(page: DoorPage, *words: str, timeout: float = 30.0) -> str:
    """The accessibility tree's text once it holds every one of `words`."""
    condition = f"(words) => {{ const t = document.querySelector('{TREE}');"
    condition += " return t !== null && words.every((w) => t.innerText.includes(w)); }"
    try:
        await page.page.wait_for_function(condition, arg=list(words), timeout=timeout * 1000)
    except Exception as err:
        raise AssertionError(f"{words} not read; the tree:\n{await reader_text(page)}") from err
    return await reader_text(page)


@asynccontextmanager
async def door_table() -> AsyncIterator[tuple[Host, Door, Any]]:
    """A No Thanks! table (seat 0 first to act, two easy bots), its web door running the real
    door client, and a browser."""
    host = await nothanks_table()
    port = host.port
    assert port is not None
    try:
        async with Door(lambda v, fd: door_command(port, v, fd)) as door, chromium() as browser:
            yield host, door, browser
    finally:
        await host.close()


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_a_browser_on_the_plain_page_plays_in_lines_a_screen_reader_reads() -> None:
    """The page's xterm has its accessibility tree and live region; what the reader reads is
    the plain mode's welcome and prompt, the typed line echoed, the turn, and the answers;
    `quit` ends the door client, and with it the page's session."""
    async with door_table() as (host, door, browser):
        kim = await new_page(browser)
        await kim.open(door.url + "/?plain=1")
        assert await kim.page.locator(".xterm-accessibility").count() == 1
        assert await kim.page.locator(".live-region[aria-live=assertive]").count() == 1
        read = await wait_read(kim, "Welcome to the Gamenight table", "Your name: Enter takes")
        assert re.search(r"^>\s*$", read, re.MULTILINE)  # the prompt, a line typed after it
        link = kim.page.locator("a#switch")
        assert await link.inner_text() == "Play on the full screen"
        await kim.page.keyboard.type("Kim")  # the terminal has the focus from the start
        await wait_read(kim, "> Kim")  # what is typed is echoed, and read
        await kim.page.keyboard.press("Enter")
        await wait_read(kim, "Kim (you)", "take or pass?")
        assert host.lobby.seats[0].name == "Kim"
        await kim.page.keyboard.type("pass")
        await kim.page.keyboard.press("Enter")
        await wait_read(kim, "> pass", "You passed on 7")  # NT-7: a token on the card
        assert host.referee is not None and host.referee.view(0)["tokens"][0] == 10
        await kim.page.keyboard.type("hand")
        await kim.page.keyboard.press("Enter")
        await wait_read(kim, "> hand", "10 tokens")
        received = await kim.text()
        assert "\x1b" not in received  # lines only: no cursor move, no screen erase
        await kim.page.keyboard.type("quit")  # the door client leaves: the page says so
        await kim.page.keyboard.press("Enter")
        await kim.page.wait_for_function(ENDED, timeout=30_000)
        assert await kim.page.inner_text("#ended-words") == "Session ended."
        await wait_for(lambda: not door.door.sessions, 30)
        assert len(door.ran) == 1 and "--plain" in door.ran[0]


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_f2_at_the_full_screen_welcome_opens_the_plain_page() -> None:
    """The full-screen page has no accessibility tree; F2 at the door's welcome (its footer's
    key) opens the plain page in the same tab, and that one has."""
    async with door_table() as (_, door, browser):
        ivy = await new_page(browser)
        await ivy.open(door.url + "/")
        await ivy.wait_for("Welcome to the Gamenight table", "Take a seat", timeout=30)
        assert await ivy.page.locator(".xterm-accessibility").count() == 0
        switch = ivy.page.locator("a#switch")
        assert await switch.inner_text() == "Screen reader? Play in plain lines"
        await ivy.press("F2")
        await ivy.page.wait_for_url(re.compile(r"plain=1"))
        await wait_read(ivy, "Welcome to the Gamenight table", "Your name: Enter takes")
        assert [("--plain" in argv) for argv in door.ran] == [False, True]


STOLEN = """async () => {
  document.body.classList.add("-redrawn");  // what made the page give the terminal the focus
  window.dispatchEvent(new Event("focus"));
  await new Promise((done) => setTimeout(done, 50));
  return document.activeElement.id;
}"""


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_the_switch_link_is_the_pages_first_tab_stop() -> None:
    """A keyboard coming into the page (Tab from the address bar) reaches the other way to play
    first, the terminal does not take the focus back from it, and Enter follows it."""
    async with Door(lambda v, fd: IDLE_CHILD) as door, chromium() as browser:
        page = await new_page(browser)
        await page.open(door.url + "/")
        first = "() => document.querySelector('a[href], button, input, textarea').id"
        assert await page.page.evaluate(first) == "switch"
        await page.page.focus("a#switch")
        assert await page.page.evaluate(STOLEN) == "switch"
        await page.page.keyboard.press("Enter")
        await page.page.wait_for_url(re.compile(r"plain=1"))
        assert door.door.plain


async def test_the_pages_link_is_in_the_browsers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(door_access, "_wording", CatalogWording())  # as the table's door has it
    async with Door(lambda v, fd: IDLE_CHILD) as door, aiohttp.ClientSession() as session:
        for query, said in (("", "Képernyőolvasó? Játssz"), ("?plain=1", "Játék teljes képernyőn")):
            headers = {"Accept-Language": "hu-HU,hu;q=0.9"}
            async with session.get(door.url + "/" + query, headers=headers) as response:
                assert said in await response.text()
