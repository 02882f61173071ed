"""Words as data: what `core` says to a player (a hint's reason) in no language yet.

A hint is reasoned in `core`, which is pure and knows no language; the screen words it in its
player's. So a reason is a `Phrase`: an English template, marked for the catalogs (Babel
extracts `phrase` and `counted` calls in core/*/hints.py, tui/locale), and its parameters, which
are plain values or phrases in turn. The English template doubles as the message id: a hint
never crosses the wire (the client runs it on the view it holds), so, unlike refusals
(core/refusals.py), it needs no code that must stay stable between versions. `str()` gives
the English, for the arena and the tests; tui/base/i18n.py's `worded` gives any language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Phrase:
    """A template and its parameters; `many` is the plural template, chosen by `count`."""

    text: str
    params: dict[str, object] = field(default_factory=dict)
    many: str | None = None

    def __str__(self) -> str:
        template = self.text if self.many is None or self.params.get("count") == 1 else self.many
        return template.format(**{key: _english(v) for key, v in self.params.items()})


def _english(value: object) -> object:
    return str(value) if isinstance(value, Phrase) else value


def phrase(text: str, /, **params: object) -> Phrase:
    """Words of a template and its parameters (`text` is extracted for the catalogs)."""
    return Phrase(text, params)


def counted(one: str, many: str, count: int, /, **params: object) -> Phrase:
    """A counted phrase, '{count} token' or '{count} tokens' (each language its own forms)."""
    return Phrase(one, {"count": count, **params}, many)


def listed(items: Sequence[Phrase | str | int]) -> Phrase | str | int:
    """'A', 'A and B', 'A, B and C', as the languages list (the catalogs' "{names} and {last}")."""
    if len(items) == 1:
        return items[0]
    return phrase("{names} and {last}", names=with_commas(items[:-1]), last=items[-1])


def with_commas(items: Sequence[Phrase | str | int]) -> Phrase | str | int:
    """'A, B, C' (each language its own comma)."""
    out = items[0]
    for item in items[1:]:
        out = phrase("{first}, {then}", first=out, then=item)
    return out


def with_semicolons(items: Sequence[Phrase | str]) -> Phrase | str:
    """'A; B; C' (each language its own semicolon)."""
    out = items[0]
    for item in items[1:]:
        out = phrase("{first}; {then}", first=out, then=item)
    return out
