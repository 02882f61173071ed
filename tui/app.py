"""The Gamenight Textual app: the screens' navigation and the solo games it starts.

Only the menu is imported with the app; every other screen, `core`, `net` and the bots are
imported when first needed, so `gamenight` shows its menu fast (bench/bench_startup.py).

Navigation keeps the screen stack shallow: the menu is the base screen; set-up, game and final
table replace one another above it, so "back to the menu" is always one pop away and a game's
table is closed as soon as its screen goes. A LAN table is the exception that proves the rule:
its connection (`self.lan`, tui/lan.py) outlives its screens — lobby, game, final table, the
next lobby — and is closed only by going back to the menu or quitting.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding

from tui.lan_setup import HostPlan, JoinPlan
from tui.screens.menu import MenuScreen

if TYPE_CHECKING:
    from tui.lan import LanTable
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
    """Main menu, solo set-up, LAN lobbies, game screens, final tables, rules and help."""

    CSS_PATH = "gamenight.tcss"
    TITLE = "Gamenight"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("question_mark,f1", "help", "Help", key_display="?")]  # noqa: RUF012

    def __init__(
        self,
        *,
        bot_delay: float | None = None,
        seed: int | None = None,
        host: HostPlan | None = None,
        join: JoinPlan | None = None,
        player: str = "Player",
    ) -> None:
        """`bot_delay` is the default pause before bot moves; `seed` fixes every deal (tests).
        `host` or `join` open the app at a LAN table's lobby or the join screen (the CLI)."""
        super().__init__()
        self.bot_delay = default_bot_delay() if bot_delay is None else bot_delay
        self.seed = seed
        self.last_setup: SoloSetup | None = None
        self.games_started = 0
        self.start_plan = host or join
        self.player_name = player
        self.lan: LanTable | None = None

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        if isinstance(self.start_plan, HostPlan):
            self.host_table(self.start_plan)
        elif isinstance(self.start_plan, JoinPlan):
            self.join_table(self.start_plan)

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
        self.player_name = setup.player or self.player_name
        session = LocalSession(setup, seed=seed)
        self.switch_screen(game_screen(setup.game_id, session))

    def action_play_again(self) -> None:
        """A new game with the last set-up (the final table's "play again"); at a LAN table,
        the host person's lobby reopens with everyone still seated."""
        if self.lan is not None:
            refused = self.lan.play_again()
            if refused:
                self.notify(refused, markup=False)
        elif self.last_setup is not None:
            self.start_solo(self.last_setup)

    def action_menu(self) -> None:
        """Back to the main menu, closing whatever was above it (and leaving a LAN table)."""
        if self.lan is not None:
            lan, self.lan = self.lan, None
            lan.left = True  # at once: no message may bring a LAN screen back over the menu
            self.run_worker(self._leave(lan), group="leave")
        while len(self.screen_stack) > 1:
            self.pop_screen()

    async def _leave(self, lan: LanTable) -> None:
        """Leave a LAN table; a failure to say goodbye is said, never a crash."""
        try:
            await lan.leave()
        except Exception as err:  # the table is gone either way: just say what went wrong
            self.notify(f"Leaving the table: {err}", severity="warning", markup=False)

    async def on_unmount(self) -> None:
        """Quitting leaves a LAN table too: a host says goodbye to players and to discovery."""
        if self.lan is not None:
            lan, self.lan = self.lan, None
            await self._leave(lan)

    # ---- LAN tables ---------------------------------------------------------------------------
    def action_host(self) -> None:
        self.host_table(HostPlan(player=self.player_name))

    def action_join(self) -> None:
        self.join_table(JoinPlan(player=self.player_name))

    def host_table(self, plan: HostPlan) -> None:
        """Open a table and show its lobby; an error (port taken...) is said, not raised."""
        self.run_worker(self._host(plan), exclusive=True, group="host")

    async def _host(self, plan: HostPlan) -> None:
        from tui.lan import open_host
        from tui.names import plain

        try:
            lan = await open_host(self, plan)
        except Exception as err:  # a refused name, a port taken, a bad journal: said, not raised
            self.notify(f"Cannot host: {plain(err)}", severity="error", markup=False, timeout=10)
            return
        self.sit(lan)

    def join_table(self, plan: JoinPlan) -> None:
        from tui.screens.join import JoinScreen

        self.push_screen(JoinScreen(plan))

    def sit(self, lan: LanTable) -> None:
        """Take a seat at a LAN table; its messages bring up its lobby or game screen."""
        self.lan = lan
        lan.start()


def run_app(
    host: HostPlan | None = None, join: JoinPlan | None = None, player: str = "Player"
) -> int:
    """Run the app in the terminal; the exit status for `gamenight`."""
    GamenightApp(host=host, join=join, player=player).run()
    return 0
