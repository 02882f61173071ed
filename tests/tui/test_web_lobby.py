"""The host lobby with a browser door (issue 15): the address to open, the browsers in, who may
come in, and the address as a QR code; `gamenight host --web` builds the door's plan."""

from __future__ import annotations

import aiohttp
import pytest
from textual.widgets import Collapsible, Static

from net.web_door import WebDoor
from tests.tui.lan_pilots import confirm, host_lobby, text_of
from tests.tui.pilots import SIZE
from tui.app import GamenightApp
from tui.cli import build_parser
from tui.lan_setup import HostPlan
from tui.web_setup import WebPlan, web_plan
from tui.widgets.web_door import door_line, qr_text


async def test_the_lobby_shows_the_browser_address_and_its_qr_code_and_closes_the_door() -> None:
    web = WebPlan(port=0, bind="127.0.0.1", max_sessions=4)
    plan = HostPlan(player="Zoe", port=0, bind="127.0.0.1", discovery=False, web=web)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zoe")
    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        assert app.table is not None and app.table.web_door is not None
        url = f"http://127.0.0.1:{app.table.web_door.port}"
        line = text_of(lobby, "#web-line")
        assert line == f"Browsers: open {url} · 0/4 in · no password: open to anyone on the LAN"
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


def test_a_door_on_every_interface_says_so_and_gives_the_lan_address() -> None:
    door = WebDoor(lambda who: [], max_sessions=16)  # never served: only its line is drawn
    door.port, door.everywhere, door.shown = 8080, True, ["127.0.0.1", "192.168.1.20"]
    assert door_line(door) == (
        "Browsers: open http://192.168.1.20:8080 (listening on every interface) · 0/16 in · "
        "no password: open to anyone on the LAN"
    )
