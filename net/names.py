"""Names at one table: printable, unique after folding, and never dressed as the app's labels.

Two names are the same name when they fold to the same key: Unicode compatibility folding
(NFKC: full-width `Ｚｏｅ` is `Zoe`), case folding, and white space runs read as one space. A
clash is refused (`name_taken`) rather than renamed with a suffix: the player chose the name and
sees why it was refused, and the name a client asked for stays the one it was welcomed with.

The screens add labels after names: "(you)", "(away)", "(easy)", "Ana — bot, normal", "host".
A name from the network may not contain brackets or long dashes (after folding, so no look-alike
bracket gets through) nor the word "host", so it can never pose as one of those labels.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from net.protocol import MAX_NAME, ProtocolError, brief, clean_text

_BRACKETS = ("Ps", "Pe")  # every opening and closing bracket, parentheses included
_DASHES = "\u2012\u2013\u2014\u2015"  # figure, en, em dash and bar (the lobby's "Ana — bot")
_LABEL_WORDS = frozenset({"host"})


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case-folded, white space collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_name(value: object, taken: Collection[str], *, labels: bool = True) -> str:
    """A name from the network as it will be shown, or ProtocolError saying why not.

    `taken` holds the keys (`name_key`) of the names already at the table. With `labels`, the
    name may not imitate the app's labels; the host person's own name is exempt (their seat is
    the one the labels are true of)."""
    name = clean_text(value, MAX_NAME, "your name")
    key = name_key(name)
    if labels:
        folded = unicodedata.normalize("NFKC", name)
        if any(unicodedata.category(ch) in _BRACKETS or ch in _DASHES for ch in folded):
            raise ProtocolError(
                "bad_message", "a name may not contain brackets or long dashes (the app's labels)"
            )
        if _LABEL_WORDS & set(re.split(r"\W+", key)):
            raise ProtocolError("bad_message", "a name may not contain the word 'host'")
    if key in taken:
        raise ProtocolError("name_taken", name=brief(name))
    return name
