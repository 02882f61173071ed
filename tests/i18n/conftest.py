"""Fixtures of the language tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tui.base import i18n


@pytest.fixture
def persian() -> Iterator[None]:
    """Texts read in Persian for the test, then in English again."""
    i18n.use("fa")
    try:
        yield
    finally:
        i18n.use("en")
