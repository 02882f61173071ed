"""The *fixed* draw: the first round's tables, every round.

While the same people play, every round is the first one, seat for seat. When people leave, their
tables go on without them (with bots in their seats if the host allows bots); someone who joins
later takes a seat at the table with the most bot seats, else the one with the fewest people that
still has room. A table that everyone left is gone. A table the game no longer fits (a smaller
game this round, or too few people left without bots) is refused with the reason, so the host can
let bots fill seats or draw the round by mix instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.api import IllegalMove
from core.club.rounds import check_people
from core.club.tables import Round, Table, TableRule


def fixed_round(first: Round, players: Sequence[str], rule: TableRule) -> Round:
    """The first round's tables for the people playing now."""
    present = set(check_people(players))
    tables = [[p for p in table.people if p in present] for table in first]
    seats = [table.seats if rule.bots else len(table.people) for table in first]
    seated = {p for table in first for p in table.people}
    for person in sorted(present - seated):
        seat_newcomer(person, tables, seats, rule)
    drawn = []
    for number, (people, size) in enumerate(zip(tables, seats, strict=True), 1):
        if not people:
            continue
        bots = max(0, size - len(people)) if rule.bots else 0
        check_table(number, len(people) + bots, rule)
        drawn.append(Table(tuple(people), bots))
    return tuple(drawn)


def seat_newcomer(person: str, tables: list[list[str]], seats: list[int], rule: TableRule) -> None:
    """Seat someone who was not in the first round (changing `tables` and `seats`)."""
    room = [t for t, people in enumerate(tables) if people and len(people) < rule.high]
    if not room:
        raise IllegalMove("club_no_fixed_seat", person=person, high=rule.high, title=rule.title)
    t = min(room, key=lambda t: (len(tables[t]) - seats[t], len(tables[t]), t))
    tables[t].append(person)
    seats[t] = max(seats[t], len(tables[t]))


def check_table(number: int, size: int, rule: TableRule) -> None:
    """ValueError when table `number` (from 1) of `size` seats cannot play the game."""
    if size < rule.low:
        raise IllegalMove(
            "club_table_short",
            number=number,
            size=size,
            title=rule.title,
            low=rule.low,
        )
    if size > rule.high:
        raise IllegalMove(
            "club_table_over",
            number=number,
            size=size,
            title=rule.title,
            high=rule.high,
        )
