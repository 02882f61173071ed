"""The Gamenight Textual app: the screens' navigation and the solo games it starts.

Only the menu is imported with the app; every other screen, `core`, `net` and the bots are
imported when first needed, so `gamenight` shows its menu fast (bench/bench_startup.py).

Navigation keeps the screen stack shallow: the menu is the base screen; set-up, game and final
table replace one another above it, so "back to the menu" is always one pop away and a game's
table is closed as soon as its screen goes.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding

from tui.screens.menu import MenuScreen

if TYPE_CHECKING:
    from tui.solo import SoloSetup

DEFAULT_BOT_DELAY = 0.8
BOT_DELAY_ENV = "GAMENIGHT_BOT_DELAY"


def default_bot_delay() -> float:
    """Seconds a bot waits before moving: $GAMENIGHT_BOT_DELAY, else 0.8."""
    try:
        return max(0.0, float(os.environ.get(BOT_DELAY_ENV, DEFAULT_BOT_DELAY)))
    except ValueError:
        return DEFAULT_BOT_DELAY


class GamenightApp(App[None]):
    """Main menu, solo set-up, game screens, final tables, rules and help."""

    CSS_PATH = "gamenight.tcss"
    TITLE = "Gamenight"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("question_mark,f1", "help", "Help", key_display="?")]  # noqa: RUF012

    def __init__(self, *, bot_delay: float | None = None, seed: int | None = None) -> None:
        """`bot_delay` is the default pause before bot moves; `seed` fixes every deal (tests)."""
        super().__init__()
        self.bot_delay = default_bot_delay() if bot_delay is None else bot_delay
        self.seed = seed
        self.last_setup: SoloSetup | None = None
        self.games_started = 0

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def action_help(self) -> None:
        """Show the keys of the screen in front (not over another help overlay)."""
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_rules(self, game_id: str = "") -> None:
        from tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(game_id or None))

    def action_solo(self) -> None:
        from tui.screens.solo_setup import SoloSetupScreen

        self.push_screen(SoloSetupScreen())

    def start_solo(self, setup: SoloSetup) -> None:
        """Seat the player at a new solo table, in place of the set-up or final screen."""
        from tui.games import game_screen
        from tui.solo import LocalSession

        seed = None if self.seed is None else self.seed + self.games_started
        self.games_started += 1
        self.last_setup = setup
        session = LocalSession(setup, seed=seed)
        self.switch_screen(game_screen(setup.game_id, session))

    def action_play_again(self) -> None:
        """A new game with the last set-up (the final table's "play again")."""
        if self.last_setup is not None:
            self.start_solo(self.last_setup)

    def action_menu(self) -> None:
        """Back to the main menu, closing whatever was above it."""
        while len(self.screen_stack) > 1:
            self.pop_screen()


def run_app() -> int:
    """Run the app in the terminal; the exit status for `gamenight`."""
    GamenightApp().run()
    return 0
