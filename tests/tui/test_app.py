"""The app driven by keystrokes through Textual's Pilot, as a person would use it."""

from __future__ import annotations

import subprocess
import sys

from textual.widgets import Button, Input, Static

from tests.tui.lan_pilots import on_screen
from tests.tui.pilots import SEED, SIZE, make_app, my_turn, open_game, play_to_the_end, wait_until
from tui.app import GamenightApp
from tui.games import playable_games
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.menu import MenuScreen
from tui.screens.rules import RulesScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.widgets.cycler import Cycler


def status(screen: NoThanksScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def test_whole_solo_game_by_keys_then_play_again_and_leave() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        screen = await open_game(pilot, more_players=1)
        assert screen.state is not None
        seats = screen.state["seats"]
        assert [s["name"] for s in seats] == ["Zoe", "Ana", "Bruno", "Chloé", "Dario"]
        assert [s["level"] for s in seats[1:]] == ["easy"] * 4

        final = await play_to_the_end(pilot, screen)
        view = final.state["view"]
        assert view["over"] and view["deck_left"] == 0
        assert sum(len(cards) for cards in view["cards"]) == 24
        verdict = str(final.query_one("#verdict", Static).render())
        assert "win" in verdict

        await pilot.press("a")  # play again, same set-up
        await wait_until(pilot, lambda: isinstance(app.screen, NoThanksScreen))
        again = app.screen
        assert isinstance(again, NoThanksScreen) and again is not screen
        await wait_until(pilot, lambda: again.state is not None)
        assert again.state is not None and again.state["seats"] == seats

        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is again
        await pilot.press("escape", "y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert len(app.screen_stack) == 1


async def test_keys_out_of_turn_are_explained_f_skips_the_pause_and_clicks_work() -> None:
    app = make_app(seed=1, bot_delay=60.0)  # seed 1: a bot starts; it would wait a minute
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        await wait_until(pilot, lambda: screen.state is not None)
        assert not my_turn(screen)
        assert screen.query_one("#take", Button).disabled
        await pilot.press("t")
        assert "Wait: it is" in status(screen)
        for _ in range(4):  # skip each bot's minute-long pause until it is our turn
            if my_turn(screen):
                break
            version = screen.state["version"]
            await pilot.press("f")
            await wait_until(pilot, lambda v=version: screen.state["version"] > v)
        assert my_turn(screen)
        assert not screen.query_one("#take", Button).disabled
        assert screen.state is not None
        card = screen.state["view"]["card"]
        await pilot.click("#take")  # the mouse works too
        await wait_until(pilot, lambda: card in screen.state["view"]["cards"][0])


async def test_passing_without_tokens_is_disabled_and_explained() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        while True:
            await wait_until(pilot, lambda: my_turn(screen))
            assert screen.state is not None
            if screen.state["view"]["tokens"][0] == 0:
                break
            await pilot.press("space")  # space passes too
        assert screen.query_one("#pass", Button).disabled
        assert "No tokens left" in status(screen)
        version = screen.state["version"]
        await pilot.press("p")
        assert "no tokens left" in status(screen)
        assert screen.state["version"] == version  # nothing was played


async def test_help_lists_the_keys_of_the_screen_behind() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert ("s", "Solo") in app.screen.rows
        await pilot.press("escape")
        screen = await open_game(pilot)
        await pilot.press("f1")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert ("p, space", "No thanks!") in help_screen.rows
        assert ("f, .", "Skip the bots' pause before a move") in help_screen.rows
        await pilot.press("question_mark")
        assert app.screen is screen


async def test_rules_viewer_shows_playable_games_in_words_for_players() -> None:
    """Issue 7 item 6: the viewer explains how to play, never the engine's specification."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        assert list(app.screen.texts) == [game.id for game in playable_games()]
        text = app.screen.texts["nothanks"][1]
        assert "The lowest score wins" in text
        for spec_word in ("NT-", "engine", "Rule ids", "must simply never"):
            assert spec_word not in text
        await pilot.press("pagedown", "end", "home", "q")
        assert isinstance(app.screen, MenuScreen)
        await open_game(pilot)
        await pilot.press("r")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, NoThanksScreen)


async def test_setup_defaults_name_and_hides_unused_seats() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        screen = app.screen
        assert isinstance(screen, SoloSetupScreen)
        await pilot.press("ctrl+u", "tab", "tab", "right", "right", "right")  # 4 → 5 → 6 → 7
        assert [screen.query_one(f"#level-{n}").display for n in range(1, 8)] == [True] * 6 + [
            False
        ]
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, NoThanksScreen))
        assert app.last_setup is not None
        assert app.last_setup.player == "" and app.last_setup.players == 7
        game = app.screen
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None)
        assert game.state is not None and game.state["seats"][0]["name"] == "Player"


async def test_gamenight_solo_game_opens_the_set_up_with_that_game_chosen() -> None:
    """`gamenight solo rummikub`: the set-up, Rummikub chosen and its options shown; Enter
    starts it."""
    app = GamenightApp(seed=SEED, bot_delay=0.0, solo="rummikub")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SoloSetupScreen))
        assert app.screen.query_one("#game", Cycler).value.id == "rummikub"
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.last_setup is not None)
        assert app.last_setup is not None and app.last_setup.game_id == "rummikub"


async def test_stray_keys_never_crash_any_screen() -> None:
    app = make_app()
    stray = ["x", "z", "1", "ctrl+x", "f5", "f10", "tab", "up", "down", "left", "right"]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*stray)  # menu
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s", *stray, "escape")  # set-up (typing into the name is fine)
        assert isinstance(app.screen, MenuScreen)
        screen = await open_game(pilot)
        await pilot.press(*stray, "enter", "t", "t", "p", "p", "f", ".")  # game
        assert app.screen is screen
        await pilot.press("q", *stray, "n")  # confirm dialog ignores them
        assert app.screen is screen
        await pilot.press("r", *stray, "q", "?", *stray, "escape")  # rules, help
        assert app.screen is screen
        assert app.return_code is None


async def test_input_is_the_only_thing_named_player() -> None:
    """The name field starts with the default, so Enter alone starts a game."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert app.screen.query_one("#name", Input).value == "Player"
        await pilot.press("enter")
        await on_screen(pilot, NoThanksScreen)  # mounted before the test ends


def test_the_menu_loads_no_game_network_or_bot_code() -> None:
    """Start-up stays fast only if the app module imports nothing but the menu (see
    bench/bench_startup.py for the time itself)."""
    probe = "import sys, tui.app; print(sorted(m for m in sys.modules if m.split('.')[0] in "
    probe += "('core', 'net') or m.startswith(('tui.games', 'tui.table.link'))))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"
