"""Finished games kept on the player's machine as match records, the newest few hundred.

Every game that ends on a host here — solo or LAN — is written as its match record (design.md:
`game`, `players`, `seed`, `options`, `actions`) plus who sat where, so it can be replayed or
shared later. The folder is private like the journals (a record holds the seed), and it is
pruned to the newest `KEEP` files so it never grows without bound.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from net.paths import data_dir, private_dir, private_file

KEEP = 200


def records_dir() -> Path:
    return private_dir(data_dir() / "records")


def keep(record: dict[str, Any], seats: list[dict[str, Any]], table_id: str) -> Path:
    """Write a finished game's record with its seats (names, kinds, levels; never tokens),
    then drop the oldest records beyond `KEEP`. Returns the file written."""
    finished = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(finished))
    path = records_dir() / f"{stamp}-{table_id}.json"
    with private_file(path) as file:
        json.dump({**record, "seats": seats, "finished": finished}, file)
    prune()
    return path


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
    if not isinstance(data, dict) or not {"game", "players", "seed", "actions"} <= set(data):
        raise ValueError(f"{path.name} is not a Gamenight record")
    return data
