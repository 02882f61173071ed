"""The tables on the network, read out as a numbered list: type a number, or an address where
multicast does not reach (the join screen's list, as lines). A table found or gone while the
player reads is said as it happens."""

from __future__ import annotations

import asyncio

from net.discovery import FoundTable
from tui.base.i18n import words
from tui.plain.lines import Lines
from tui.screens.join import table_words
from tui.table.plans import JoinPlan

LOOK_SECONDS = 2.0  # how long the first look for tables lasts before the list is read


async def found_table(lines: Lines, plan: JoinPlan) -> str | None:
    """The address ("host:port") of the table the player chose; None if they left."""
    from net.discovery import Browser

    tables: dict[str, FoundTable] = {}

    def heard(kind: str, table: FoundTable) -> None:
        if kind == "remove":
            tables.pop(table.service, None)
        else:
            new = table.service not in tables
            tables[table.service] = table
            if new and listed:
                lines.say(words("Found: {table}", table=table_words(table)))
                lines.prompt()

    listed = False
    browser = Browser(heard, plan.interfaces) if plan.discovery else None
    try:
        if browser is not None:
            try:
                await browser.start()
                lines.say(words("Looking for tables…"))
                await asyncio.sleep(LOOK_SECONDS)
            except Exception as err:  # no multicast here: the address still works
                lines.say(
                    words(
                        "Cannot look for tables ({err}); type the host's address instead.", err=err
                    )
                )
                browser = None
        listed = True
        return await choose(lines, tables)
    finally:
        if browser is not None:
            await browser.close()


async def choose(lines: Lines, tables: dict[str, FoundTable]) -> str | None:
    while True:
        shown = sorted(tables.values(), key=lambda t: (table_words(t), t.service))
        if shown:
            lines.say(words("Tables on the network:"))
            lines.say(*(f"{i}. {table_words(t)}" for i, t in enumerate(shown, start=1)))
        else:
            lines.say(words("No table found yet."))
        lines.say(
            words(
                "Type a table's number or its address (host:port); Enter reads the "
                "list again; quit leaves."
            )
        )
        lines.prompt()
        typed = await lines.read()
        if typed is None or typed.strip().casefold() in ("q", "quit"):
            return None
        typed = typed.strip()
        if typed.isdigit() and 1 <= int(typed) <= len(shown):
            table = shown[int(typed) - 1]
            return f"{table.address}:{table.port}"
        if typed and not typed.isdigit():
            return typed
