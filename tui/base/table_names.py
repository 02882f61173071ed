"""A table's or a club's name in the reader's language: as typed, or, when the host made it up
("Zoe's table"), worded here from its code (net/table_names.py), so a Hungarian reads "Zoe
asztala" at the table a Persian reads as "میز Zoe".

The words came from the network: anything but a known code with exactly its fields, each a
name, a whole number or such words again, is not worded, and the name as sent is shown."""

from __future__ import annotations

from net.table_names import NAMES, fields
from tui.base.i18n import words
from tui.base.names import plain

DEPTH = 3
"""How deep made-up names may nest (a club's table names its club): deeper is not worded."""


def table_title(name: object, said: object) -> str:
    """The name to show for `name` (the wire's own field) told as `said` (its `_words`
    field, None for a name typed by the host), in reading order."""
    worded = _worded(said, DEPTH)
    return worded if worded is not None else plain(name or "")


def _worded(said: object, depth: int) -> str | None:
    if depth == 0 or not isinstance(said, dict):
        return None
    code, params = said.get("code"), said.get("params")
    if not isinstance(code, str) or code not in NAMES or not isinstance(params, dict):
        return None
    if set(params) != fields(code):
        return None
    put: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, dict):
            inner = _worded(value, depth - 1)
            if inner is None:
                return None
            put[key] = inner
        elif isinstance(value, str):
            put[key] = plain(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            put[key] = value
        else:
            return None
    return words(NAMES[code], **put)
