"""Every TUI test starts with nothing remembered: a set-up screen opens with its defaults."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def fresh_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMENIGHT_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def fresh_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No journal, record or token of another test: the menu offers no resume it left."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
