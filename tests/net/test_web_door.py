"""The browser door (issue 15): a real browser plays a No Thanks! table hosted here, another
watches it, and nothing a page asks for runs anything but this table's door client.

The browser is Debian's Chromium driven by Playwright (tests/net/web_browser.py); without one,
the browser tests are skipped with the reason. Everything binds and connects to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from net import door_access
from net.door_access import Visitor
from net.host import Host
from net.limits import JoinLimiter, JoinPolicy
from net.web_door import COOKIE, WHO_PREFIX, WebDoor
from tests.net.conftest import wait_for
from tests.net.web_browser import browser_missing, chromium, new_page, nothanks_table
from tui.table.doors import door_command

NO_BROWSER = browser_missing()
IDLE_CHILD = [  # a stand-in door client: says it is a Textual app, ends at its first input
    sys.executable,
    "-c",
    "import sys; print('__GANGLION__', flush=True); sys.stdin.buffer.read(1)",
]


@pytest.fixture
async def table() -> AsyncIterator[tuple[Host, int]]:
    """A No Thanks! table on 127.0.0.1: seat 0 open and first to act (NT-5, the `first`
    option), two easy bots; it starts as soon as someone sits down. (The host and its port.)"""
    host = await nothanks_table()
    assert host.port is not None
    yield host, host.port
    await host.close()


class Door:
    """A web door on 127.0.0.1 that records every command it runs."""

    def __init__(self, command: Any, **options: Any) -> None:
        self.ran: list[list[str]] = []
        self.who: list[str] = []  # whom each ran for (told by pipe, not in argv)

        def run(visitor: Visitor, fd: int) -> list[str]:
            argv = command(visitor, fd)
            self.ran.append(argv)
            self.who.append(visitor.who)
            return argv

        self.door = WebDoor(run, **options)
        self.url = ""

    async def __aenter__(self) -> Door:
        port = await self.door.serve(["127.0.0.1"], 0)
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.door.close()


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_a_browser_plays_by_key_and_click_takes_its_seat_back_and_another_watches(
    table: tuple[Host, int],
) -> None:
    host, port = table
    command = door_command
    async with Door(lambda v, fd: command(port, v, fd)) as door, chromium() as browser:
        player = await new_page(browser)
        await player.open(door.url + "/")
        await player.wait_for("Welcome to the Gamenight table", timeout=30)
        await player.press("Enter")
        await player.wait_for(" (you)", "Your turn: t takes 7", timeout=30)

        await player.press("p")  # NT-7: put a token on the card to pass
        await player.wait_for("You passed on 7")
        assert host.referee is not None and host.referee.view(0)["tokens"][0] == 10

        await player.wait_for("Your turn: t takes 33")  # a bot took 7; 33 came round to us
        await player.click_text("Take [t]")  # NT-6: take the card and every token on it
        await player.wait_for("You took 33")
        assert host.referee.view(0)["cards"][0]

        await player.page.reload()  # the same browser: its door client rejoins the seat
        lines = await player.wait_for(" is back", " (you)", timeout=30)
        name = host.lobby.seats[0].name
        assert name is not None and name.startswith("Guest ") and f"{name} (you)" in "".join(lines)

        spectator = await new_page(browser)  # another person, asking for another command/host
        await spectator.open(door.url + "/?command=/bin/sh&host=10.1.2.3&port=22")
        await spectator.wait_for("Welcome to the Gamenight table", "Guest ", timeout=30)
        await spectator.click_text("Watch")
        await spectator.wait_for("You are watching", "Ana (easy)", timeout=30)
        watchers = [m.name for m in host.members if m.seat is None]
        assert any(name.startswith("Guest ") for name in watchers)

    expected = door_command(port, Visitor("", languages=("en",)), 3)[:-1]  # the browser's en-US
    assert len(door.ran) == 3  # the player, its reload, the spectator: nothing else ran
    assert all(argv[:-1] == expected and argv[-1].startswith("--secrets-fd=") for argv in door.ran)
    assert all(who.startswith(WHO_PREFIX) for who in door.who)
    assert door.who[0] == door.who[1] != door.who[2]


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_two_browsers_are_two_people_and_type_without_a_click_first() -> None:
    """Issue 23 items 1 and 6: two browser contexts on one machine take two seats, and each
    page's keys reach the game from the start (no click, no focusing by the test)."""
    host = await nothanks_table(players=3, bots=1)
    port = host.port
    assert port is not None
    try:
        command = door_command
        async with Door(lambda v, fd: command(port, v, fd)) as door, chromium() as browser:
            for name in ("Oli", "Ivy"):
                page = await new_page(browser)
                await page.open(door.url + "/")
                await page.wait_for("Welcome to the Gamenight table", timeout=30)
                focused = "() => document.activeElement.className"
                await page.page.wait_for_function(f"{focused}.includes('xterm-helper-textarea')")
                await page.page.keyboard.type(name)  # replaces the offered guest name
                await page.page.keyboard.press("Enter")
                await wait_for(lambda n=name: any(s.name == n for s in host.lobby.seats), 30)
            seated = [(s.name, host.connected(i)) for i, s in enumerate(host.lobby.seats)]
            assert seated[:2] == [("Oli", True), ("Ivy", True)]
    finally:
        await host.close()


async def test_a_page_gets_nothing_but_this_table() -> None:
    """No folder listing, no downloads, no other identities than the server's own ids; the
    page's query strings do not reach the command."""
    async with (
        Door(lambda visitor, fd: IDLE_CHILD) as door,
        aiohttp.ClientSession() as http,
    ):
        for path in ("/static/", "/static/js/", "/download/key", "/ws/..%2f", "/ws/ZZZ", "/x"):
            async with http.get(door.url + path) as reply:
                assert reply.status in (403, 404), path
        async with http.get(door.url + "/?command=sh") as reply:
            page = await reply.text()
            who = reply.cookies[COOKIE].value
        assert "fonts.googleapis" not in page and f"/ws/{who}" in page and "sh" not in who
        socket = await http.ws_connect(f"{door.url}/ws/{who}?width=99999&command=sh&host=x")
        await socket.send_json(["command", "/bin/sh"])  # unknown envelopes are ignored
        await socket.send_str("not json")
        await socket.send_json(["ping", "1"])
        assert (await socket.receive_json(timeout=5)) == ["pong", "1"]
        await socket.close()
    assert door.ran == [IDLE_CHILD] and door.who == [WHO_PREFIX + who]


async def test_limits_a_full_door_and_idle_browsers() -> None:
    async with (
        Door(lambda who, fd: IDLE_CHILD, max_sessions=1, idle_seconds=0.3) as door,
        aiohttp.ClientSession() as http,
    ):
        first = await http.ws_connect(f"{door.url}/ws/{'a' * 24}")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{door.url}/ws/{'b' * 24}")
        assert refused.value.status == 503
        async with http.get(door.url + "/") as reply:
            assert reply.status == 503 and "full" in await reply.text()
        closed = await first.receive(timeout=5)  # idle for 0.3 s: the door closes it
        assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await asyncio.wait_for(_until(lambda: not door.door.sessions), 5)
        second = await http.ws_connect(f"{door.url}/ws/{'b' * 24}")  # room again
        await second.close()


async def test_new_browsers_are_paced_per_address_and_a_reload_is_no_new_join() -> None:
    """Every door client joins the host from loopback, so the door counts new browsers per
    address itself: past the policy's most, a new one is refused in words; a browser seen
    before still gets its page and its screen back."""
    async with Door(lambda who, fd: IDLE_CHILD) as door, aiohttp.ClientSession() as http:
        door.door.joins = JoinLimiter(JoinPolicy(free=1, most=1, bar=60.0))
        first = await http.ws_connect(f"{door.url}/ws/{'a' * 24}")
        await first.close()
        again = await http.ws_connect(f"{door.url}/ws/{'a' * 24}")  # a reload: not counted
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{door.url}/ws/{'b' * 24}")
        assert refused.value.status == 429
        async with http.get(door.url + "/") as reply:  # a new browser's page says why
            assert reply.status == 429
            assert "Too many new browsers from your address: wait a minute" in await reply.text()
        http.cookie_jar.update_cookies({COOKIE: "a" * 24})
        async with http.get(door.url + "/") as reply:
            assert reply.status == 200 and f"/ws/{'a' * 24}" in await reply.text()
        await again.close()
    assert len(door.ran) == 2  # the first browser twice; the refused ones ran nothing


async def test_the_table_password_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(door_access, "REFUSAL_DELAY", 0.01)
    door_access.set_password("open sesame")
    try:
        jar = aiohttp.CookieJar(unsafe=True)  # keep the cookie of an IP address (127.0.0.1)
        async with (
            Door(lambda who, fd: IDLE_CHILD) as door,
            aiohttp.ClientSession(cookie_jar=jar) as http,
        ):
            async with http.get(door.url + "/") as reply:
                assert "Table password" in await reply.text()
                who = reply.cookies[COOKIE].value
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(f"{door.url}/ws/{who}")
            assert refused.value.status == 403
            async with http.post(door.url + "/", data={"password": "guess"}) as reply:
                assert "That is not the table" in await reply.text()
            async with http.post(door.url + "/", data={"password": "open sesame"}) as reply:
                assert "textual.js" in await reply.text()  # redirected to the terminal page
            socket = await http.ws_connect(f"{door.url}/ws/{who}")
            await socket.close()
        assert len(door.ran) == 1
    finally:
        door_access.set_password(None)


async def _until(condition: Any) -> None:
    while not condition():
        await asyncio.sleep(0.01)


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_two_browsers_through_the_web_door_are_two_members_of_a_club() -> None:
    """Issue 26: the browser door reaches a club like a table; two browsers are two members,
    each landing on the club screen."""
    from net.club.club import Club
    from net.club.plan import ClubPlan

    club = Club(ClubPlan(("nothanks",)), name=None, bind="127.0.0.1", joins=None)
    port = await club.serve()
    try:
        title = club.table_name
        command = door_command  # the door's program for a person at the club's port
        async with Door(lambda v, fd: command(port, v, fd, title)) as door, chromium() as browser:
            for name in ("Oli", "Ivy"):
                page = await new_page(browser)
                await page.open(door.url + "/")
                await page.wait_for("Welcome to Gamenight's club", timeout=30)
                focused = "() => document.activeElement.className"
                await page.page.wait_for_function(f"{focused}.includes('xterm-helper-textarea')")
                await page.page.keyboard.type(name)
                await page.page.keyboard.press("Enter")
                await page.wait_for("Standings", timeout=30)
            await wait_for(lambda: club.players() == ["Oli", "Ivy"], 30)
    finally:
        await club.close()
