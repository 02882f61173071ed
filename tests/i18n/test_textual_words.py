"""Issue 36, item 8: the help (`?`) over the main menu lists Textual's own keys (the list's
arrows and Enter, Tab, Ctrl+C, Ctrl+Q) in the reader's language, and leaves out those that do
nothing there (a menu never scrolls sideways)."""

from __future__ import annotations

from tests.tui.pilots import SIZE, make_app, wait_until
from tui.base import i18n
from tui.base.textual_words import TEXTUAL_WORDS
from tui.screens.help import HelpScreen
from tui.screens.menu import MenuScreen


async def help_over_the_menu(language: str) -> list[tuple[str, str]]:
    """The help's rows over the main menu, Textual's descriptions worded in `language` (the
    menu's own keys were worded when the screens were imported, in English here)."""
    app = make_app()
    try:
        i18n.use(language)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
            return list(app.screen.rows)  # type: ignore[attr-defined]
    finally:
        i18n.use("en")


async def test_the_menus_help_lists_textuals_keys_in_hungarian() -> None:
    rows = dict(await help_over_the_menu("hu"))
    english = set(TEXTUAL_WORDS)
    assert [said for said in rows.values() if said in english] == []
    assert rows["⏎"] == "Kiválasztás" and rows["↑"] == "Fel"
    assert rows["^q"] == "Kilépés a programból, vissza a parancssorba."


async def test_a_key_that_does_nothing_here_is_not_listed() -> None:
    rows = await help_over_the_menu("en")
    said = [description for _, description in rows]
    assert "Scroll Left" not in said and "Page Left" not in said
    assert ("⏎", "Select") in rows  # English stays Textual's own words
