"""A base for game states kept as small immutable values with `__slots__`, and the linked
logs such states keep.

States built field by field (for speed, see core/nothanks/rules.py) still need value equality
and hashing for replays and tests; this gives both from the subclass's `__slots__`, once.
A log kept as a linked list of `(entry, previous)` pairs costs the same to extend on the last
move as on the first (a tuple would be copied whole on every move); such fields are named in
`_linked` and compared by their entries, not as pairs nested hundreds deep.
"""

from __future__ import annotations

from typing import Any

Chain = tuple[Any, Any] | None
"""A linked log: None when empty, else (newest entry, the chain before it)."""


def chain_entries(node: Chain) -> list[Any]:
    """The entries of a linked log, oldest first."""
    out = []
    while node is not None:
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


class SlotValue:
    """Equality and hash over every field named in the subclass's `__slots__`; the fields
    named in `_linked` hold a `Chain` and count by their entries."""

    __slots__ = ()
    _linked: tuple[str, ...] = ()

    def _key(self) -> tuple[Any, ...]:
        return tuple(
            tuple(chain_entries(getattr(self, name)))
            if name in self._linked
            else getattr(self, name)
            for name in self.__slots__
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())
