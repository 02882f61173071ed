"""Issue 36, item 8: the help (`?`) over the main menu lists Textual's own keys (the list's
arrows and Enter, Tab, Ctrl+C, Ctrl+Q) in the reader's language, and leaves out those that do
nothing there (a menu never scrolls sideways); every key it lists says what it does."""

from __future__ import annotations

from tests.tui.pilots import SIZE, make_app, wait_until
from tui.base import i18n
from tui.base.textual_words import TEXTUAL_WORDS
from tui.screens.help import HelpScreen
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen


async def help_over_the_menu(language: str, *keys: str) -> list[tuple[str, str]]:
    """The help's rows over the main menu (or the screen `keys` open from it), Textual's
    descriptions worded in `language` (our own keys were worded when the screens were
    imported, in English here)."""
    app = make_app()
    try:
        i18n.use(language)
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
            if keys:
                await pilot.press(*keys)
                await wait_until(pilot, lambda: not isinstance(app.screen, MenuScreen))
                await wait_until(pilot, lambda: app.screen.is_mounted)
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


async def test_the_rules_viewers_help_says_where_each_arrow_goes() -> None:
    """The footer's one "←/→ Game" is two rows in the help: ← said "Game" alone."""
    rows = dict(await help_over_the_menu("en", "r"))
    assert rows["←"] == "Previous game" and rows["→"] == "Next game"
    assert RulesScreen.BINDINGS[0].key_display == "←/→"  # type: ignore[union-attr]
