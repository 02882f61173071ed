"""A name the host makes up for a table or a club, as data: a code and its parameters.

A name the host person typed is shown as typed, to everyone. A name the host makes up ("Zoe's
table" when none was typed, a club's "Zoe's club: round 1, table 2") is words, and players at
one table read different languages: so it travels as `table_words` (`{code, params}`, like a
refusal, core/refusals.py) beside the name's English wording, which an older client, the
zeroconf TXT record and the web door's title show. Each client words the code in its reader's
language (tui/base/table_names.py). A parameter is a plain name, a number, or such a name
itself (the club in a club table's name). A code is never renamed once released.
"""

from __future__ import annotations

import string
from typing import Any

from core.refusals import N_

OWNERS_TABLE = "owners_table"
NAMES: dict[str, str] = {
    OWNERS_TABLE: N_("{owner}'s table"),
    "owners_club": N_("{owner}'s club"),
    "club_table": N_("{club}: round {round}, table {table}"),
}
"""Each code's English template; the clients' catalogs word the same templates."""
NOBODY = "Gamenight"
"""Whose table it is when no person hosts it (a table opened with no host player)."""

Said = dict[str, Any]


def said(code: str, **params: str | int | Said) -> Said:
    """A made-up name as data (`code` a key of NAMES, `params` its fields)."""
    assert code in NAMES, code
    return {"code": code, "params": params}


def english(name: Said) -> str:
    """The English wording of a made-up name: what the wire's own name field says."""
    params = {
        key: english(value) if isinstance(value, dict) else value
        for key, value in name["params"].items()
    }
    return NAMES[name["code"]].format(**params)


def fields(code: str) -> set[str]:
    """The parameters a code's template takes (a client checks a name from afar by them)."""
    return {field for _, field, _, _ in string.Formatter().parse(NAMES[code]) if field}
