"""What the player chose last time — their name (solo, host or join), game, seats, bot
levels, bot pause, each game's options — kept in the user's config folder, so a set-up screen
opens as they left it.

A file that is missing, unreadable or not what we wrote is simply ignored: remembering is a
courtesy, never a reason to fail. GAMENIGHT_CONFIG_DIR moves the folder (the tests use it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from tui.base.i18n import words

FILE = "settings.json"
DEFAULT_BOT_DELAY = 0.8
BOT_DELAY_ENV = "GAMENIGHT_BOT_DELAY"


def default_bot_delay() -> float:
    """Seconds a bot waits before moving: $GAMENIGHT_BOT_DELAY, else 0.8 (the app's and the
    plain mode's default)."""
    try:
        return max(0.0, float(os.environ.get(BOT_DELAY_ENV, DEFAULT_BOT_DELAY)))
    except ValueError:
        return DEFAULT_BOT_DELAY


def config_dir() -> Path:
    override = os.environ.get("GAMENIGHT_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("gamenight"))


def load() -> dict[str, Any]:
    """The remembered settings, {} when there are none."""
    try:
        data = json.loads((config_dir() / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def player_name() -> str:
    """The name the player last used anywhere (solo, hosting or joining), else "Player"."""
    data = load()
    solo = data.get("solo")
    name = data.get("player") or (solo.get("player") if isinstance(solo, dict) else None)
    return name if isinstance(name, str) and name.strip() else words("Player")


def remember(**changes: Any) -> None:
    """Merge `changes` into the remembered settings; a failure to write is ignored."""
    data = {**load(), **changes}
    try:
        folder = config_dir()
        folder.mkdir(parents=True, exist_ok=True)
        (folder / FILE).write_text(json.dumps(data, indent=1), encoding="utf-8")
    except OSError:
        pass
