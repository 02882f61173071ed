"""The host lobby with a browser door (issue 15): the address to open, the browsers in, who may
come in, and the address as a QR code; `gamenight host --web` builds the door's plan."""

from __future__ import annotations

import aiohttp
import pytest
from textual.screen import Screen
from textual.widgets import Collapsible, Static

from net.web_door import WebDoor
from tests.tui.lan_pilots import confirm, host_app, host_lobby
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.programs.cli import build_parser
from tui.programs.door_flags import web_plan
from tui.table import doors
from tui.table.plans import HostPlan, WebPlan
from tui.widgets.web_door import WebDoorPanel, WebDoorSwitch, door_line, qr_text


async def test_the_lobby_shows_the_browser_address_and_its_qr_code_and_closes_the_door() -> None:
    web = WebPlan(port=0, bind="127.0.0.1", max_sessions=4)
    plan = HostPlan(player="Zoe", port=0, bind="127.0.0.1", discovery=False, web=web)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zoe")
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.web_door is not None
        url = f"http://127.0.0.1:{app.table.web_door.port}"
        assert web_line(lobby) == f"Browsers: {url} · 0/4 in · open to anyone on the LAN"
        async with aiohttp.ClientSession() as http, http.get(url + "/") as reply:
            assert reply.status == 200
        folded = lobby.query_one(Collapsible)
        assert folded.collapsed
        folded.collapsed = False
        await pilot.pause()
        qr = str(lobby.query_one("#web-qr", Static).render())
        assert qr.splitlines()[0] == "▀" * 29  # the quiet zone: a phone's camera finds the code
        await confirm(pilot)  # closing the table closes its door
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.ClientConnectionError):
                await http.get(url + "/")


def test_a_qr_code_is_dark_on_light_two_modules_a_row() -> None:
    code = qr_text("http://192.168.1.20:8080")
    lines = code.plain.splitlines()
    assert len(lines) == 15 and {len(line) for line in lines} == {29}  # version 2 + border 2


def test_the_command_line_builds_the_door_plan() -> None:
    parser = build_parser()
    args = parser.parse_args(["host", "--web", "8080", "--web-max", "4", "--web-idle", "60"])
    assert web_plan(args) == WebPlan(8080, None, 4, 60.0)
    assert web_plan(parser.parse_args(["host"])) is None
    assert web_plan(parser.parse_args(["host", "--web"])) == WebPlan()  # 8080, else a free one


def test_a_door_on_every_interface_says_so_and_gives_the_lan_address() -> None:
    door = WebDoor(lambda who: [], max_sessions=16)  # never served: only its line is drawn
    door.port, door.everywhere, door.shown = 8080, True, ["127.0.0.1", "192.168.1.20"]
    assert door_line(door) == (
        "Browsers: http://192.168.1.20:8080 (listening on every interface) · 0/16 in · "
        "open to anyone on the LAN"
    )


async def test_the_lobby_switch_opens_the_browser_door_and_closes_it() -> None:
    app = host_app()  # listens on 127.0.0.1 only: so does the door it opens
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        table = app.table
        assert table is not None and table.web_door is None
        panel = lobby.query_one(WebDoorPanel)
        assert not panel.display
        lobby.query_one(WebDoorSwitch).focus()
        await pilot.press("right")
        await wait_until(pilot, lambda: table.web_door is not None and panel.display)
        assert table.web_door is not None and table.web_door.addresses == ["127.0.0.1"]
        assert (
            table.host is not None and "127.0.0.1" in table.host.admission.unlimited
        )  # paced by the door
        url = f"http://127.0.0.1:{table.web_door.port}"  # 8080, or a free port if taken
        assert web_line(lobby).startswith(f"Browsers: {url} · 0/16 in")
        async with aiohttp.ClientSession() as http, http.get(url + "/") as reply:
            assert reply.status == 200 and "Zoe&#x27;s table" in await reply.text()
        await pilot.press("right")
        await wait_until(pilot, lambda: table.web_door is None and not panel.display)
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.ClientConnectionError):
                await http.get(url + "/")


async def test_a_door_the_switch_cannot_open_is_said_and_the_switch_goes_back_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def refused(*_args: object) -> WebDoor:
        raise OSError("address already in use")

    monkeypatch.setattr(doors, "open_web_door", refused)
    app = host_app()
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        switch = lobby.query_one(WebDoorSwitch)
        switch.focus()
        await pilot.press("right")
        await wait_until(pilot, lambda: bool(app._notifications) and not switch.value)
        notice = next(iter(app._notifications)).message
        assert notice == "Cannot open the browser door: address already in use"
        assert app.table is not None and app.table.web_door is None


def web_line(lobby: Screen[None]) -> str:
    """The browser door's line in the lobby (the title the QR code folds out from)."""
    return str(lobby.query_one("#web-line", Collapsible).title)
