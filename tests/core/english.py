"""A hint's reason in English, as the tests read it (core/phrases.py: a hint gives a Phrase)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def english(hint: Callable[..., tuple[Any, Any]]) -> Callable[..., tuple[Any, str]]:
    """`hint` with its reason put in English words."""

    def hinted(*args: Any, **kwargs: Any) -> tuple[Any, str]:
        action, reason = hint(*args, **kwargs)
        return action, str(reason)

    return hinted
