"""Finished games kept on the player's machine as match records, the newest few hundred.

Every game that ends on a host here — solo or LAN — is written as its match record (design.md:
`game`, `players`, `seed`, `options`, `actions`) plus who sat where and the result, so it can be
replayed or shared later. A LAN player who does not host never has the seed or others' hands:
their client keeps the views its seat was sent (`SeatViews`) and writes them as a seen record
(core/replay_views.py) instead. The folder is private like the journals (a record holds the
seed), and it is pruned to the newest `KEEP` files so it never grows without bound.
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path
from typing import Any

from core.replay_views import SEEN_FORMAT, seen_record
from net.paths import data_dir, private_dir, private_file

log = logging.getLogger(__name__)

KEEP = 200


def records_dir() -> Path:
    return private_dir(data_dir() / "records")


def keep(
    record: dict[str, Any],
    seats: list[dict[str, Any]],
    table_id: str,
    result: dict[str, list[int]] | None = None,
) -> Path:
    """Write a finished game's record with its seats (names, kinds, levels; never tokens) and
    result (so a list of records need not replay each), then drop the oldest records beyond
    `KEEP`. Returns the file written."""
    return _write({**record, "seats": seats, "result": result}, table_id)


def _write(data: dict[str, Any], table_id: str) -> Path:
    finished = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(finished))
    path = records_dir() / f"{stamp}-{table_id}.json"
    with private_file(path) as file:
        json.dump({**data, "finished": finished}, file)
    prune()
    return path


class SeatViews:
    """What a LAN client keeps of a game: every state message its seat was sent, written as a
    seen record once a view says the game is over. A new game (its versions start again)
    starts a new record; a rejoin's repeated state is kept once (equal views are dropped)."""

    def __init__(self, table_id: object) -> None:
        """`table_id` comes from the host, so it names a file only if it is a plain id."""
        plain = isinstance(table_id, str) and re.fullmatch(r"[0-9a-z]{1,32}", table_id)
        self.table_id = f"{table_id if plain else 'lan'}-seen"
        self.views: list[dict[str, Any]] = []
        self.last_version = -1

    def hear(self, message: dict[str, Any]) -> Path | None:
        """Keep a state message's view; at the game's end write the record (the path, or None
        when not written: not the end, or the disk refused)."""
        if message.get("type") != "state":
            return None
        if message["version"] < self.last_version:
            self.views = []
        self.last_version = message["version"]
        view = message["view"]
        self.views.append(view)
        if not view.get("over"):
            return None
        record = seen_record(str(view["game"]), message["seat"], message["seats"], self.views)
        self.views, self.last_version = [], -1
        try:
            return _write({**record, "result": view.get("result")}, self.table_id)
        except OSError as err:  # the game is over either way; only its keepsake is lost
            log.error("could not keep the views of the finished game: %s", err)
            return None


def prune(keep_newest: int = KEEP) -> None:
    paths = sorted(records_dir().glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name))
    for old in paths[: max(0, len(paths) - keep_newest)]:
        old.unlink(missing_ok=True)


def load(path: Path) -> dict[str, Any]:
    """A kept record; ValueError when the file is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path.name} is not a Gamenight record: {err}") from None
    full = isinstance(data, dict) and {"game", "players", "seed", "actions"} <= set(data)
    if not full and not (isinstance(data, dict) and data.get("format") == SEEN_FORMAT):
        raise ValueError(f"{path.name} is not a Gamenight record")
    return data
