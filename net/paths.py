"""Where Gamenight keeps files on the player's machine: reconnect tokens and host journals.

One function, so the client's token store and the host's journals agree on the place and
tests can move both with one environment variable (GAMENIGHT_DATA_DIR).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs


def data_dir() -> Path:
    """The user data directory (created if missing); GAMENIGHT_DATA_DIR overrides it."""
    override = os.environ.get("GAMENIGHT_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir("gamenight"))
    path.mkdir(parents=True, exist_ok=True)
    return path
