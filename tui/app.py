"""The Gamenight Textual app: the one navigator between screens.

Only the menu is imported with the app; every other screen, `core`, `net` and the bots are
imported when first needed, so `gamenight` shows its menu fast (bench/bench_startup.py).
Screens never import the app: they post `tui.base.messages` (go to the menu, play again, the
rules, a replay) and `tui.table.plans.StartSolo`, and the table link asks for its lobby or game
screen the same way (`tui.table.link.ShowTable`, handled by name — `on_show_table` — so the app
need not import the link, and `net` with it, before a table exists); the app builds the screen
and puts it in place. The app is the one importer of the game registry (`tui.games`): the shared
screens get the games, their rules and their screens from it as arguments.

Navigation keeps the screen stack shallow: the menu is the base screen; set-up, lobby, game and
final table replace one another above it, so "back to the menu" is always one pop away. The
table link (`self.table`, tui/table/link.py) outlives its screens — lobby, game, final table, the
next game — and is closed only by going back to the menu or quitting.

At a club night the club screen (tui/screens/club.py) sits above the menu for the evening and
the tables of its rounds replace one another above it: leaving a club table goes back to the
club, leaving the club back to the menu. The club link (`self.club`) sits the person at their
table when the club draws them (`SitAtClubTable`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from tui.base import layout, settings
from tui.base.i18n import t
from tui.base.messages import GoToMenu, OpenReplay, PlayAgain, ShowRules
from tui.screens.menu import MenuScreen
from tui.table.plans import ClubHostPlan, HostPlan, JoinPlan, SoloSetup, StartClub, StartSolo

if TYPE_CHECKING:
    from tui.screens.club_records import OpenClubGame
    from tui.table.club_link import ClubLink, ShowClub, SitAtClubTable
    from tui.table.link import ShowTable, TableLink, TakeSeat
    from tui.table.replays import Replay


def last_game() -> str | None:
    """The game played last, solo or at a LAN table (else the last solo set-up's), or None."""
    data = settings.load()
    solo = data.get("solo")
    game = data.get("last_game") or (solo.get("game") if isinstance(solo, dict) else None)
    return game if isinstance(game, str) else None


class GamenightApp(App[None]):
    """Main menu, solo set-up, lobbies, game screens, final tables, rules and help."""

    CSS_PATH = Path(__file__).with_name("gamenight.tcss")  # also for a subclass elsewhere
    HAS_MENU = True  # a door's app has none: leaving the table ends it (tui/programs/door.py)
    TITLE = "Gamenight"  # not words
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("question_mark,f1", "help", t("Help"), key_display="?")]  # noqa: RUF012

    def __init__(
        self,
        *,
        bot_delay: float | None = None,
        seed: int | None = None,
        host: HostPlan | ClubHostPlan | None = None,
        join: JoinPlan | None = None,
        resume_solo: bool = False,
        solo: str | None = None,
        player: str | None = None,
        replays: bool = False,
        replay: Path | None = None,
    ) -> None:
        """`bot_delay` is the default pause before bot moves; `seed` fixes every deal (tests).
        `host` or `join` open the app at a LAN table's lobby or the join screen, `resume_solo`
        at the solo game a crash cut off, `solo` at the solo set-up (a game id chosen there, or
        "" for the last choices), `replays` at the list of finished games, `replay` at the
        replay of a record file (the CLI). `player` is the name to offer; by default the one
        used last time."""
        layout.install()  # every line drawn is laid out there, once (Persian)
        super().__init__()
        self.bot_delay = settings.default_bot_delay() if bot_delay is None else bot_delay
        self.seed = seed
        self.last_setup: SoloSetup | None = None
        self.games_started = 0
        self.start_plan = host or join
        self.start_resume = resume_solo
        self.start_solo_setup = solo
        self.start_replays = replays
        self.start_replay = replay
        self.player_name = player or settings.player_name()
        self.table: TableLink | None = None
        self.club: ClubLink | None = None
        self.restart = False  # the language changed: run again in it (tui/programs/cli.py)

    def get_default_screen(self) -> MenuScreen:
        return MenuScreen()

    def on_mount(self) -> None:
        if isinstance(self.start_plan, HostPlan):
            self.host_table(self.start_plan)
        elif isinstance(self.start_plan, ClubHostPlan):
            self.host_club(self.start_plan)
        elif isinstance(self.start_plan, JoinPlan):
            self.join_table(self.start_plan)
        elif self.start_resume:
            self.action_resume_solo()
        elif self.start_solo_setup is not None:
            self.action_solo(self.start_solo_setup)
        elif self.start_replays:
            self.action_replays()
        elif self.start_replay is not None:
            self.open_replay(self.start_replay)

    def action_help(self) -> None:
        """Show the keys of the screen in front (not over another help overlay)."""
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_language(self) -> None:
        """Choose the language; a new one is remembered and the program starts again in it."""
        from tui.screens.language import LanguageScreen

        def chosen(language: str | None) -> None:
            from tui.base.i18n import current

            if language is not None and language != current():
                settings.remember(language=language)
                self.restart = True
                self.exit()

        self.push_screen(LanguageScreen(), chosen)

    def action_rules(self, game_id: str = "") -> None:
        from tui.base.game_names import game_name
        from tui.games import playable_games, rules_text
        from tui.screens.rules import RulesScreen

        texts = {g.id: (game_name(g), text) for g in playable_games() if (text := rules_text(g.id))}
        self.push_screen(RulesScreen(texts, game_id or last_game()))

    @on(ShowRules)
    def _show_rules(self, message: ShowRules) -> None:
        self.action_rules(message.game_id)

    # ---- solo tables --------------------------------------------------------------------------
    def action_solo(self, game_id: str = "") -> None:
        from tui.games import playable_games
        from tui.screens.solo_setup import SoloSetupScreen

        self.push_screen(SoloSetupScreen(playable_games(), game_id or None))

    @on(StartSolo)
    def _start_solo(self, message: StartSolo) -> None:
        self.start_solo(message.setup)

    def start_solo(self, setup: SoloSetup) -> None:
        """Seat the player at a new solo table; its game screen replaces the set-up."""
        from tui.base.names import plain
        from tui.table.solo import open_solo

        seed = None if self.seed is None else self.seed + self.games_started
        self.games_started += 1
        self.last_setup = setup
        self.remember_name(setup.player)
        try:
            table = open_solo(self, setup, seed)
        except (ValueError, OSError) as err:  # an option refused, no room for the journal
            self.notify(t("Cannot start: {err}", err=plain(err)), severity="error", markup=False)
            return
        self.sit(table)

    def action_resume_solo(self) -> None:
        """Continue the newest solo game a crash (or leaving it) cut off."""
        from tui.base.names import plain
        from tui.table.solo import resume_solo

        try:
            table = resume_solo(self, self.bot_delay)
        except (ValueError, OSError) as err:
            self.notify(t("Cannot resume: {err}", err=plain(err)), severity="error", markup=False)
            return
        self.sit(table)

    @on(PlayAgain)
    def action_play_again(self) -> None:
        """Another game at the same table (the final table's "play again"): solo deals again,
        a host's lobby reopens with everyone still seated."""
        if self.table is not None:
            refused = self.table.play_again()
            if refused:
                self.notify(refused, markup=False)

    # ---- replays ------------------------------------------------------------------------------
    def action_replays(self) -> None:
        from tui.screens.replays import ReplaysScreen

        self.push_screen(ReplaysScreen())

    @on(OpenReplay)
    def _open_replay(self, message: OpenReplay) -> None:
        self.open_replay(message.path, message.own)

    def open_replay(self, path: Path, own: int | None = None) -> None:
        """Watch a record file (on seat `own`'s eyes, when given); one that is not a record
        is said, and nothing else changes."""
        from tui.base.names import plain
        from tui.table.replays import read_replay

        try:
            replay = read_replay(path, own)
        except ValueError as err:
            self.notify(plain(err), severity="error", markup=False, timeout=10)
            return
        self._watch_replay(replay)

    def _watch_replay(self, replay: Replay) -> None:
        from tui.games import screen_class
        from tui.screens.replay import replay_screen

        self.push_screen(replay_screen(replay, screen_class(replay.game_id)))

    def on_open_club_game(self, message: OpenClubGame) -> None:
        """Watch one game of a kept club night (tui/screens/club_records.py)."""
        self._watch_replay(message.replay)

    # ---- going back ---------------------------------------------------------------------------
    @on(GoToMenu)
    def action_menu(self) -> None:
        """Back to the main menu, closing whatever was above it (and leaving a table); from a
        club's table, back to the club screen instead."""
        if self.table is not None:
            table, self.table = self.table, None
            table.left = True  # at once: no message may bring a table's screen back over the menu
            self.run_worker(partial(self._leave, table.leave), group="leave")
            if self.club is not None:
                self._pop_to(self._base_depth())
                return
        elif self.club is not None:
            club, self.club = self.club, None
            club.left = True
            self.run_worker(partial(self._leave, club.leave), group="leave")
        self._pop_to(1)

    def _pop_to(self, depth: int) -> None:
        while len(self.screen_stack) > depth:
            self.pop_screen()

    async def _leave(self, leave: Callable[[], Awaitable[None]]) -> None:
        """Leave a table or a club (`leave`: its `leave`, called once the worker runs, so an
        app closing first leaves no coroutine unawaited); a failure to say goodbye is said,
        never a crash."""
        try:
            await leave()
        except Exception as err:  # the table is gone either way: just say what went wrong
            self.notify(t("Leaving the table: {err}", err=err), severity="warning", markup=False)

    async def on_unmount(self) -> None:
        """Quitting leaves a table (and a club) too: a host says goodbye to players and to
        discovery; a member's club keeps their place (they may come back)."""
        if self.table is not None:
            table, self.table = self.table, None
            await self._leave(table.leave)
        if self.club is not None:
            club, self.club = self.club, None
            await self._leave(partial(club.leave, for_good=False))

    # ---- LAN tables ---------------------------------------------------------------------------
    def action_host(self) -> None:
        self.host_table(HostPlan(player=self.player_name))

    def action_join(self) -> None:
        self.join_table(JoinPlan(player=self.player_name))

    def host_table(self, plan: HostPlan) -> None:
        """Open a table and show its lobby; an error (port taken...) is said, not raised."""
        self.run_worker(partial(self._host, plan), exclusive=True, group="host")

    async def _host(self, plan: HostPlan) -> None:
        from tui.base.names import plain
        from tui.table.hosting import open_host

        try:
            table = await open_host(self, plan)
        except Exception as err:  # a refused name, a port taken, a bad journal: said, not raised
            self.notify(
                t("Cannot host: {err}", err=plain(err)), severity="error", markup=False, timeout=10
            )
            return
        self.remember_name(plan.player)
        self.sit(table)

    def remember_name(self, name: str) -> None:
        """The name a player sat down with is offered next time, here and at the next launch."""
        if name.strip():
            self.player_name = name
            settings.remember(player=name)

    def join_table(self, plan: JoinPlan) -> None:
        from tui.screens.join import JoinScreen

        self.push_screen(JoinScreen(plan))

    def on_take_seat(self, message: TakeSeat) -> None:
        """A join screen connected to a table (or a club): sit there (enter it)."""
        from tui.table.club_link import ClubLink

        self.remember_name(message.player)
        if isinstance(message.table, ClubLink):
            self.enter_club(message.table)
        else:
            self.sit(message.table)

    def sit(self, table: TableLink) -> None:
        """Take a seat at a table (leaving the one before, at a club); its messages bring up
        its lobby or game screen."""
        if self.table is not None and self.table is not table:
            old, self.table = self.table, None
            old.left = True
            self.run_worker(partial(self._leave, old.leave), group="leave")
        self.table = table
        table.start()

    def on_show_table(self, message: ShowTable) -> None:
        """Put the screen the table calls for just above the menu, closing whatever table
        screen (and overlay) was there: the stack stays menu + one screen."""
        table = message.table
        if table is not self.table or table.left:
            return
        self._replace_above_menu(self._table_screen(table, message))

    def _table_screen(self, table: TableLink, message: ShowTable) -> Screen[None]:
        from tui.games import playable_games, screen_class

        if message.screen == "lobby":
            if table.host is not None:
                from tui.screens.host_lobby import HostLobbyScreen

                return HostLobbyScreen(table, playable_games())
            from tui.screens.lobby import ClientLobbyScreen

            return ClientLobbyScreen(table)
        game = screen_class(table.game_id)
        if message.screen == "game":
            settings.remember(last_game=table.game_id)  # the rules open on it from the menu
        if message.screen == "final":
            from tui.screens.final import ClubFinalScreen, FinalScreen

            assert message.state is not None
            final = ClubFinalScreen if table.club_table else FinalScreen
            return final(message.state, table, game)
        return game(table)

    def _base_depth(self) -> int:
        """The screens a table's screen goes above: the menu, and a club's screen at a club."""
        if self.club is None:
            return 1  # without importing the club's screen (a door's program never shows it)
        from tui.screens.club import ClubScreen

        return 2 if any(isinstance(s, ClubScreen) for s in self.screen_stack) else 1

    def _replace_above_menu(self, screen: Screen[None]) -> None:
        base = self._base_depth()
        while len(self.screen_stack) > base + 1:
            self.pop_screen()
        if len(self.screen_stack) > base:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # ---- club nights --------------------------------------------------------------------------
    def action_club(self) -> None:
        from tui.games import playable_games
        from tui.screens.club_setup import ClubSetupScreen

        self.push_screen(ClubSetupScreen(playable_games(), self.player_name))

    @on(StartClub)
    def _start_club(self, message: StartClub) -> None:
        self.host_club(message.plan)

    def host_club(self, plan: ClubHostPlan) -> None:
        """Open a club night (or resume one) and show its screen; errors are said."""
        self.run_worker(partial(self._host_club, plan), exclusive=True, group="host")

    async def _host_club(self, plan: ClubHostPlan) -> None:
        from tui.base.names import plain
        from tui.table.club_hosting import open_club

        try:
            club = await open_club(self, plan, self.bot_delay)
        except Exception as err:  # a port taken, a bad journal, no network: said, not raised
            self.notify(
                t("Cannot host: {err}", err=plain(err)), severity="error", markup=False, timeout=10
            )
            return
        self.remember_name(plan.player)
        self.enter_club(club)

    def enter_club(self, club: ClubLink) -> None:
        """Become a member (or the host) of a club; its first message brings its screen."""
        self.club = club
        club.start()

    def on_show_club(self, message: ShowClub) -> None:
        from tui.screens.club import ClubScreen

        if message.club is self.club and not message.club.left:
            self._pop_to(1)
            self.push_screen(ClubScreen(message.club))

    def on_sit_at_club_table(self, message: SitAtClubTable) -> None:
        """The club drew this person to a table, or they asked to go back to it."""
        if message.club is self.club:
            self.run_worker(
                partial(self._sit_at_club_table, message), exclusive=True, group="club-seat"
            )

    async def _sit_at_club_table(self, message: SitAtClubTable) -> None:
        from tui.base.names import plain

        club = message.club
        try:
            table = await club.table_link(message.seat)
        except Exception as err:  # gone, refused, unreachable: said; Enter tries again
            self.notify(
                t("Cannot reach your table: {err}", err=plain(err)), severity="error", markup=False
            )
            return
        if club is not self.club or club.left:
            await table.leave()
            return
        table.club_table = True
        self.sit(table)


def run_app(
    host: HostPlan | ClubHostPlan | None = None,
    join: JoinPlan | None = None,
    player: str | None = None,
    resume_solo: bool = False,
    solo: str | None = None,
    replays: bool = False,
    replay: Path | None = None,
) -> int:
    """Run the app in the terminal; the exit status for `gamenight`."""
    app = GamenightApp(
        host=host,
        join=join,
        player=player,
        resume_solo=resume_solo,
        solo=solo,
        replays=replays,
        replay=replay,
    )
    app.run()
    if app.restart:  # in the language just chosen (remembered): the menu again, in it
        os.execv(sys.executable, [sys.executable, "-m", "tui.programs.cli"])
    return 0
