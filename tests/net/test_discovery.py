"""Discovery between two network namespaces joined by a veth pair; nothing touches a real
interface. The host advertises in one namespace, a browser in the other lists it (only after a
probe answers), sees the seat count change, and drops it when the host dies without a goodbye.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from zeroconf import InterfaceChoice

from net.discovery import _txt, mdns_interfaces, probe
from net.protocol import encode, read_frame

ROOT = Path(__file__).resolve().parents[2]


def test_interfaces_come_from_the_flag_then_the_env(monkeypatch: pytest.MonkeyPatch) -> None:
    assert mdns_interfaces() == ["127.0.0.1"]  # the autouse fixture's loopback pin
    assert mdns_interfaces("10.0.0.1, 10.0.0.2") == ["10.0.0.1", "10.0.0.2"]
    monkeypatch.delenv("GAMENIGHT_MDNS_INTERFACES")
    assert mdns_interfaces() is InterfaceChoice.All


def test_txt_entries_fit_in_255_bytes() -> None:
    info = {
        "protocol": 1,
        "game": "nothanks",
        "table": "ü" * 300,
        "taken": 2,
        "seats": 7,
        "phase": "lobby",
        "table_id": "abc",
    }
    txt = _txt(info)
    assert all(len(f"{k}={v}".encode()) <= 255 for k, v in txt.items())
    assert txt["taken"] == "2" and txt["seats"] == "7" and txt["v"] == "1"


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture
def namespaces() -> Iterator[tuple[str, str, str]]:
    """Two fresh namespaces, host side 10.231.n.1 and browser side 10.231.n.2; always removed."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("needs root and iproute2 to make network namespaces")
    tag = secrets.token_hex(3)
    subnet = f"10.231.{secrets.randbelow(250) + 1}"
    a, b = f"gnt{tag}a", f"gnt{tag}b"
    made: list[str] = []
    try:
        for ns in (a, b):
            ip("netns", "add", ns)
            made.append(ns)
        ip("-n", a, "link", "add", "va", "type", "veth", "peer", "name", "vb", "netns", b)
        for ns, end, address in ((a, "va", f"{subnet}.1"), (b, "vb", f"{subnet}.2")):
            ip("-n", ns, "addr", "add", f"{address}/24", "dev", end)
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "link", "set", end, "up")
            ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", end)
        yield a, b, subnet
    finally:
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


def in_namespace(ns: str, interface: str, *command: str) -> subprocess.Popen[str]:
    env = os.environ | {"GAMENIGHT_MDNS_INTERFACES": interface}
    return subprocess.Popen(
        ["ip", "netns", "exec", ns, sys.executable, *command],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )


def read_event(process: subprocess.Popen[str], kind: str) -> dict[str, object]:
    assert process.stdout is not None
    for line in process.stdout:
        event = json.loads(line)
        if event["event"] == kind:
            return event
    raise AssertionError(f"the browser ended without a {kind!r} event")


def advertise_and_browse(
    namespaces: tuple[str, str, str], *browse_args: str
) -> tuple[subprocess.Popen[str], subprocess.Popen[str], int]:
    a, b, subnet = namespaces
    host = in_namespace(
        a,
        f"{subnet}.1",
        "-m",
        "net.host_cli",
        "--bind",
        f"{subnet}.1",
        "--players",
        "3",
        "--table",
        "Test table",
        "--advertise",
    )
    browser = in_namespace(
        b, f"{subnet}.2", "-m", "tests.net.browse_script", "--seconds", "25", *browse_args
    )
    assert host.stdout is not None
    return host, browser, json.loads(host.stdout.readline())["port"]


def test_browse_join_and_drop_a_dead_host(namespaces: tuple[str, str, str]) -> None:
    host, browser, port = advertise_and_browse(namespaces, "--join", "Bob")
    try:
        added = read_event(browser, "add")
        assert added["address"] == f"{namespaces[2]}.1" and added["port"] == port
        info = added["info"]
        assert isinstance(info, dict)
        assert (info["table"], info["game"], info["taken"], info["seats"], info["phase"]) == (
            "Test table",
            "nothanks",
            0,
            3,
            "lobby",
        )
        updated = read_event(browser, "update")
        assert updated["info"]["taken"] == 1  # type: ignore[index]
        host.send_signal(signal.SIGKILL)  # no goodbye: the probe must notice
        removed = read_event(browser, "remove")
        assert removed["port"] == port
    finally:
        for process in (host, browser):
            if process.poll() is None:
                process.kill()
            process.wait()


def test_a_host_that_exits_says_goodbye(namespaces: tuple[str, str, str]) -> None:
    """With re-probing off, only the host's unregistration can remove the table."""
    host, browser, port = advertise_and_browse(namespaces, "--recheck", "600")
    try:
        assert read_event(browser, "add")["port"] == port
        host.terminate()
        assert host.wait() == 0
        assert read_event(browser, "remove")["port"] == port
    finally:
        for process in (host, browser):
            if process.poll() is None:
                process.kill()
            process.wait()


GOOD_INFO = {
    "type": "info",
    "protocol": 1,
    "table_id": "abc",
    "table": "Friday",
    "game": "nothanks",
    "taken": 2,
    "seats": 4,
    "phase": "lobby",
}


@pytest.mark.parametrize(
    "answer",
    [
        GOOD_INFO,
        {"type": "info"},
        {**GOOD_INFO, "taken": "2"},
        {**GOOD_INFO, "seats": True},
        {**GOOD_INFO, "protocol": None},
        {**GOOD_INFO, "game": ["nothanks"]},
        {**GOOD_INFO, "table": 7},
        {**GOOD_INFO, "phase": "dancing"},
    ],
)
async def test_probe_lists_only_a_well_formed_info(answer: dict[str, object]) -> None:
    async def fake_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await read_frame(reader)
        writer.write(encode(answer))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(fake_host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        found = await probe("127.0.0.1", port)
    finally:
        server.close()
        await server.wait_closed()
    assert found == (answer if answer is GOOD_INFO else None)


def test_a_club_is_found_as_a_club_and_joined(namespaces: tuple[str, str, str]) -> None:
    """Issue 26: a club night is advertised like a table, told apart by `kind`, and a browser
    that joins it becomes a member (the club counts its members in `taken`)."""
    a, b, subnet = namespaces
    club = in_namespace(
        a,
        f"{subnet}.1",
        "-m",
        "net.club.cli",
        "--bind",
        f"{subnet}.1",
        "--club",
        "Test club",
        "--advertise",
    )
    browser = in_namespace(
        b, f"{subnet}.2", "-m", "tests.net.browse_script", "--seconds", "25", "--join", "Bob"
    )
    try:
        assert club.stdout is not None
        port = json.loads(club.stdout.readline())["port"]
        added = read_event(browser, "add")
        info = added["info"]
        assert isinstance(info, dict) and added["port"] == port
        assert (info["kind"], info["table"], info["taken"], info["phase"]) == (
            "club",
            "Test club",
            0,
            "lobby",
        )
        updated = read_event(browser, "update")
        assert updated["info"]["taken"] == 1  # type: ignore[index]
    finally:
        for process in (club, browser):
            if process.poll() is None:
                process.kill()
            process.wait()
