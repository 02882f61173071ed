"""A base for game states kept as small immutable values with `__slots__`.

States built field by field (for speed, see core/nothanks/rules.py) still need value equality
and hashing for replays and tests; this gives both from the subclass's `__slots__`, once.
"""

from __future__ import annotations


class SlotValue:
    """Equality and hash over every field named in the subclass's `__slots__`."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self.__slots__))
