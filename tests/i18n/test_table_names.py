"""Issue 36 (11): a name the host makes up for its table or its club ("Hosty's table") reads
in each reader's language at one table (a Hungarian host, a Persian guest); a name the host
typed reads as typed for everyone (net/table_names.py, tui/base/table_names.py)."""

from __future__ import annotations

from typing import Any

from net.client import connect
from net.club.club import Club
from net.club.plan import ClubPlan
from net.host import Host
from net.table_names import english, said
from tests.net.conftest import wait_for
from tui.base import i18n
from tui.base.table_names import table_title
from tui.programs.door import door_table_title
from tui.table.doors import door_command
from tui.table.link import TableLink


def read_in(language: str, name: Any, words: Any) -> str:
    try:
        i18n.use(language)
        return table_title(name, words)
    finally:
        i18n.use("en")


async def test_a_hungarian_host_and_a_persian_guest_each_read_the_made_up_name() -> None:
    host = Host("nothanks", name="Hosty", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    guest = await connect("127.0.0.1", port, "Sara")
    try:
        await wait_for(lambda: guest.lobby is not None)
        assert guest.welcome is not None and guest.lobby is not None
        assert guest.welcome["table"] == host.info()["table"] == "Hosty's table"  # old clients
        on_host = TableLink(None, host.local, host=host)  # type: ignore[arg-type]
        at_guest = TableLink(None, guest)  # type: ignore[arg-type]
        try:
            i18n.use("hu")
            hungarian = on_host.table_name
            i18n.use("fa")
            persian = at_guest.table_name
        finally:
            i18n.use("en")
        assert (hungarian, persian) == ("Hosty asztala", "میز Hosty")
        assert read_in("cs", guest.welcome["table"], guest.welcome["table_words"]) == (
            "stůl, který vede Hosty"
        )
        host.rename(player="Anna")  # still named for its host: for the new name
        await wait_for(lambda: guest.lobby is not None and guest.lobby["table"] == "Anna's table")
        assert read_in("ro", guest.lobby["table"], guest.lobby["table_words"]) == "Masa lui Anna"
        host.rename(table_name="Péntek esti parti")
        await wait_for(lambda: guest.lobby is not None and guest.lobby["table_words"] is None)
        for language in ("en", "hu", "fa"):  # typed: as typed, in every language
            assert read_in(language, guest.lobby["table"], None) == "Péntek esti parti"
    finally:
        await guest.close()
        await host.close()


def test_a_club_and_its_tables_are_named_in_the_readers_language() -> None:
    club = Club(ClubPlan(("nothanks",)), name="Hosty", bind="127.0.0.1", joins=None)
    words = club.info()["table_words"]
    assert club.table_name == "Hosty's club" and read_in("hu", club.table_name, words) == (
        "Hosty klubja"
    )
    table = said("club_table", club=words, round=1, table=2)
    assert english(table) == "Hosty's club: round 1, table 2"
    assert read_in("hu", english(table), table) == "Hosty klubja: 1. forduló, 2. asztal"
    assert read_in("fa", english(table), table) == "باشگاه Hosty: دور ۱، میز ۲"
    typed = Club(ClubPlan(("nothanks",)), name="Hosty", club_name="Klub", bind="127.0.0.1")
    assert typed.info()["table_words"] is None


def test_a_door_words_the_made_up_name_for_its_visitor() -> None:
    from net.door_access import Visitor

    host = Host("nothanks", name="Hosty", players=3)
    argv = door_command(
        47474, Visitor("p-1", languages=("hu",)), 3, host.table_name, host.table_words
    )
    given = next(a.split("=", 1)[1] for a in argv if a.startswith("--table-words="))
    try:
        i18n.use("hu")
        assert door_table_title(host.table_name, given) == "Hosty asztala"
        assert door_table_title("Zoe's table", "") == "Zoe's table"  # typed: as typed
    finally:
        i18n.use("en")


def test_words_from_afar_that_do_not_fit_a_code_show_the_name_as_sent() -> None:
    for words in (
        {"code": "owners_table", "params": {"owner": "Hosty", "extra": 1}},
        {"code": "nobody_knows", "params": {}},
        {"code": "owners_table", "params": {"owner": ["Hosty"]}},
        {"code": "owners_table", "params": {"owner": True}},
        "owners_table",
    ):
        assert read_in("hu", "Hosty's table\x1b[31m", words) == "Hosty's table[31m"
