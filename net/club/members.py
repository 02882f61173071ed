"""Who belongs to the club: a name, the token that lets them back in, and whether they left.

The club's door is a table's door (net/admission.py): a `hello` with a member's token takes
that member back, any other `hello` becomes a new member under a free name, or a watcher with
`spectate`. So this class answers what a table's lobby answers there (`net.admission.Places`);
members are numbered in the order they came, and that number is their `seat` in the club's
`welcome`. A member who left keeps their number and their place in the standings, and is drawn
no more.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from net.lobby import same_token
from net.names import name_key


@dataclass
class ClubMember:
    name: str
    token: str
    left: bool = False

    def saved(self) -> dict[str, Any]:
        return {"name": self.name, "token": self.token, "left": self.left}


class ClubMembers:
    """The members, in the order they came (the index is the member's number)."""

    def __init__(self) -> None:
        self.seats: list[ClubMember] = []
        self.added: list[ClubMember] = []  # claimed since the club last journaled them

    def claim(self, name: str) -> int:
        """A new member; their token is theirs alone (never sent to anyone else)."""
        member = ClubMember(name, secrets.token_urlsafe(18))
        self.seats.append(member)
        self.added.append(member)
        return len(self.seats) - 1

    def restore(self, saved: dict[str, Any]) -> None:
        self.seats.append(ClubMember(saved["name"], saved["token"], saved.get("left", False)))

    def find(self, token: object) -> int | None:
        for index, member in enumerate(self.seats):
            if same_token(member.token, token):
                return index
        return None

    def was_kicked(self, token: object) -> bool:
        """No one is removed from a club: a member who left may come back to watch."""
        return False

    def names(self, but: int | None = None) -> set[str]:
        return {name_key(m.name) for i, m in enumerate(self.seats) if i != but}

    def named(self, name: str) -> ClubMember | None:
        return next((m for m in self.seats if m.name == name), None)
