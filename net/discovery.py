"""Finding tables on the LAN: zeroconf (mDNS/DNS-SD) service `_gamenight._tcp.local.`.

The host advertises its table with TXT properties (protocol version, game, table name, seats
taken/total, phase) and re-announces them when they change. A browser lists a table only after
connecting to it and getting an `info` answer: a host that died sends no goodbye and its records
linger for up to 75 minutes (anchors.md), so an advertisement alone proves nothing. Listed
tables are re-probed periodically and dropped when they stop answering.

Multicast must never reach an interface it is not meant for: the interfaces come from the
caller (the `--mdns-interface` flag) or GAMENIGHT_MDNS_INTERFACES, comma-separated IPv4
addresses; only when neither is given does zeroconf use every interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from net.host import Host

if TYPE_CHECKING:
    from net.club.club import Club
from net.link import Link, LinkClosed
from net.protocol import PHASES

log = logging.getLogger(__name__)

SERVICE = "_gamenight._tcp.local."
PROBE_TIMEOUT = 1.0
RECHECK = 5.0  # seconds between re-probes of listed tables


def mdns_interfaces(flag: str | None = None) -> list[str] | InterfaceChoice:
    """The interfaces zeroconf may use: the flag, else GAMENIGHT_MDNS_INTERFACES, else all."""
    spec = flag or os.environ.get("GAMENIGHT_MDNS_INTERFACES")
    if not spec:
        return InterfaceChoice.All
    return [part.strip() for part in spec.split(",") if part.strip()]


def advertised_addresses(interfaces: list[str] | InterfaceChoice) -> list[str]:
    """The IPv4 addresses to advertise (and to show for a manual join): the chosen ones, or
    every non-loopback one."""
    if isinstance(interfaces, list):
        return interfaces
    return sorted(
        {
            str(ip.ip)
            for adapter in ifaddr.get_adapters()
            for ip in adapter.ips
            if ip.is_IPv4 and not str(ip.ip).startswith("127.")
        }
    )


def _txt(info: dict[str, Any]) -> dict[str, str]:
    """TXT properties from the host's info; each entry stays far below the 255-byte limit."""
    table = info["table"].encode()[:180].decode(errors="ignore")
    return {
        "v": str(info["protocol"]),
        "game": info["game"],
        "table": table,
        "taken": str(info["taken"]),
        "seats": str(info["seats"]),
        "phase": info["phase"],
        "id": info["table_id"],
        **({"kind": info["kind"]} if "kind" in info else {}),
    }


class Advertiser:
    """Advertises one host while it runs; `close()` says goodbye (unregisters)."""

    def __init__(self, host: Host | Club, interfaces: str | None = None) -> None:
        self.host = host
        self.interfaces = mdns_interfaces(interfaces)
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._update: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Register the service; the host must already be serving (its port is advertised)."""
        self._zc = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self._info = self._service_info(f"{self.host.table_id}.{SERVICE}")
        await (await self._zc.async_register_service(self._info, allow_name_change=True))
        self.host.listeners.append(self._changed)

    def _service_info(self, name: str) -> AsyncServiceInfo:
        assert self.host.port is not None
        return AsyncServiceInfo(
            SERVICE,
            name,
            port=self.host.port,
            properties=_txt(self.host.info()),
            server=f"gamenight-{self.host.table_id}.local.",
            parsed_addresses=advertised_addresses(self.interfaces),
        )

    def _changed(self) -> None:
        """Re-announce on the next loop turn; a burst of changes makes one announcement."""
        if self._update is None or self._update.done():
            self._update = asyncio.get_running_loop().create_task(self._announce())

    async def _announce(self) -> None:
        await asyncio.sleep(0)
        if self._zc is None or self._info is None:
            return
        info = self._service_info(self._info.name)
        if info.properties != self._info.properties:  # a spectator joining changes nothing
            self._info = info
            await (await self._zc.async_update_service(info))

    async def close(self) -> None:
        if self._changed in self.host.listeners:
            self.host.listeners.remove(self._changed)
        if self._update is not None:
            self._update.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._update
        if self._zc is not None:
            if self._info is not None:
                await (await self._zc.async_unregister_service(self._info))
            await self._zc.async_close()
            self._zc = None


async def probe(address: str, port: int, timeout: float = PROBE_TIMEOUT) -> dict[str, Any] | None:
    """Ask a host directly for its `info`; None when nothing there answers like a host."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(address, port), timeout)
    except (OSError, TimeoutError):
        return None
    link = Link(reader, writer)
    try:
        link.push({"type": "info"})
        answer = await link.recv(timeout)
    except LinkClosed:
        return None
    finally:
        link.close()
    return answer if _is_info(answer) else None


def _is_info(answer: dict[str, Any]) -> bool:
    """Whether an answer is a well-formed `info`: anything else on that port is not a live
    table, and its fields must not reach the table list (which formats and sorts them)."""
    return (
        answer["type"] == "info"
        and all(isinstance(answer.get(key), str) for key in ("game", "table", "table_id"))
        and all(
            isinstance(answer.get(key), int) and not isinstance(answer.get(key), bool)
            for key in ("protocol", "taken", "seats")
        )
        and answer.get("phase") in PHASES
    )


@dataclass
class FoundTable:
    """A table that answered a probe. `info` is its `info` message (net/PROTOCOL.md)."""

    service: str  # the mDNS service name, stable while the host runs
    address: str
    port: int
    info: dict[str, Any]


class Browser:
    """Lists live tables; `on_event(kind, table)` with kind "add", "update" or "remove"."""

    def __init__(
        self,
        on_event: Callable[[str, FoundTable], None],
        interfaces: str | None = None,
        *,
        probe_timeout: float = PROBE_TIMEOUT,
        recheck: float = RECHECK,
    ) -> None:
        self.on_event = on_event
        self.interfaces = mdns_interfaces(interfaces)
        self.probe_timeout = probe_timeout
        self.recheck = recheck
        self.tables: dict[str, FoundTable] = {}
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._zc = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self._browser = AsyncServiceBrowser(self._zc.zeroconf, SERVICE, handlers=[self._on_change])
        self._spawn(self._recheck_loop())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._browser is not None:
            await self._browser.async_cancel()
        if self._zc is not None:
            await self._zc.async_close()
            self._zc = None

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            self._drop(name)
        else:
            self._spawn(self._resolve(name))

    async def _resolve(self, name: str) -> None:
        """Find the service's address and port, then list it only if a probe answers."""
        assert self._zc is not None
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self._zc.zeroconf, 3000) or info.port is None:
            return
        for address in info.parsed_addresses(IPVersion.V4Only):
            if await self._check(FoundTable(name, address, info.port, {})):
                return
        self._drop(name)

    async def _check(self, table: FoundTable) -> bool:
        answer = await probe(table.address, table.port, self.probe_timeout)
        if answer is None:
            return False
        known = self.tables.get(table.service)
        table.info = answer
        self.tables[table.service] = table
        if known is None:
            self.on_event("add", table)
        elif known.info != answer or known.address != table.address:
            self.on_event("update", table)
        return True

    async def _recheck_loop(self) -> None:
        """Re-probe listed tables: one that stopped answering is no longer joinable."""
        while True:
            await asyncio.sleep(self.recheck)
            for table in list(self.tables.values()):
                if not await self._check(FoundTable(table.service, table.address, table.port, {})):
                    self._drop(table.service)

    def _drop(self, name: str) -> None:
        table = self.tables.pop(name, None)
        if table is not None:
            self.on_event("remove", table)
