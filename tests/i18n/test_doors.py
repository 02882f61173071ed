"""Issue 27: through the doors, each friend reads their own language. An SSH client's locale
(LANG, LC_MESSAGES, LC_ALL) and a browser's language (Accept-Language) choose the language of
the door's own words (its refusals, its page) and of the game program it starts."""

from __future__ import annotations

import asyncssh
import pytest

from net.door_access import Visitor, accept_languages, locale_languages
from net.ssh_door import GAMENIGHT_ONLY
from tests.net.conftest import wait_for
from tests.net.ssh_terminal import Terminal
from tests.net.test_ssh_door import open_door
from tests.net.web_browser import browser_missing, chromium, new_page, nothanks_table
from tui.base import i18n
from tui.base.bidi import visual
from tui.table.doors import door_command, open_web_door
from tui.table.plans import WebPlan

NO_BROWSER = browser_missing()
ASK_NAME = "Your name at the table, then Enter:"  # the door's join screen


def said(language: str, text: str) -> str:
    return i18n.load(language).gettext(text)


def test_a_browser_and_a_locale_say_which_languages() -> None:
    assert accept_languages("hu-HU,hu;q=0.9,en;q=0.8") == ("hu", "en")
    assert accept_languages("en;q=0.2, cs") == ("cs", "en")
    assert accept_languages("fa;q=0, *, x-!!") == ()
    assert locale_languages({"LANG": "ro_RO.UTF-8", "LC_MESSAGES": "cs_CZ.UTF-8"}) == ("cs",)
    assert locale_languages({"LC_ALL": "", "LANG": "fa_IR"}) == ("fa",)
    assert locale_languages({}) == ()


def test_the_door_program_starts_in_the_persons_first_known_language() -> None:
    argv = door_command(47474, Visitor("web-" + "a" * 24, languages=("de", "cs", "hu")), 3)
    assert "--lang=cs" in argv and argv.index("--lang=cs") < argv.index("door")
    assert not [a for a in door_command(47474, Visitor("p-1", languages=("de",)), 3) if "lang" in a]


async def test_two_friends_through_the_ssh_door_each_read_their_own_language() -> None:
    """A Czech and a Hungarian friend at one door: each join screen in its own language, and
    a command refused in the words of the client's locale."""
    table = await open_door()
    try:
        czech = await Terminal.open(table.port, "petr", env={"LANG": "cs_CZ.UTF-8"})
        hungarian = await Terminal.open(table.port, "zoli", env={"LC_ALL": "hu_HU.UTF-8"})
        await czech.expect(said("cs", ASK_NAME), timeout=30)
        await hungarian.expect(said("hu", ASK_NAME), timeout=30)
        assert said("cs", ASK_NAME) != said("hu", ASK_NAME) != ASK_NAME
        conn = await asyncssh.connect(
            "127.0.0.1", table.port, username="eve", known_hosts=None, client_keys=None
        )
        async with conn:
            done = await conn.run("id", env={"LANG": "ro_RO.UTF-8"})
        refused = said("ro", GAMENIGHT_ONLY).format(port=table.port)
        assert refused != GAMENIGHT_ONLY.format(port=table.port)
        assert refused in str(done.stderr)
        await czech.close()
        await hungarian.close()
        await wait_for(lambda: not table.door.sessions, 15)
    finally:
        await table.door.close()
        await table.host.close()


@pytest.mark.skipif(NO_BROWSER is not None, reason=NO_BROWSER or "")
async def test_two_browsers_each_get_the_page_and_the_game_in_their_language() -> None:
    """A Persian and a Romanian browser at one web door: the page is marked right to left
    for the first, and each door program speaks its browser's language."""
    host = await nothanks_table(players=3, bots=1)
    door = await open_web_door(WebPlan(0), host, ["127.0.0.1"])
    try:
        async with chromium() as browser:
            persian = await new_page(browser, locale="fa-IR")
            await persian.open(door.urls[-1] + "/")
            assert await persian.page.evaluate("document.documentElement.dir") == "rtl"
            romanian = await new_page(browser, locale="ro-RO")
            await romanian.open(door.urls[-1] + "/")
            assert await romanian.page.evaluate("document.documentElement.lang") == "ro"
            await romanian.wait_for(said("ro", ASK_NAME), timeout=30)
            asked = visual(said("fa", ASK_NAME), right_to_left=True)  # as the terminal draws it
            await persian.wait_for(asked, timeout=30)
    finally:
        await door.close()
        await host.close()
