"""Solo set-up: the game, your name, how many players, the game's options, and a bot level for
each other seat — opened as the player left it last time (`tui.base.settings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Grid, Horizontal
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Static

from core import BOT_LEVELS
from tui.base import settings
from tui.base.game_names import game_name
from tui.base.i18n import N_, key_label, t, words
from tui.base.names import MAX_NAME_LENGTH, bot_names
from tui.base.seats import level_name
from tui.table.plans import SoloSetup, StartSolo
from tui.widgets.cycler import Cycler
from tui.widgets.footer import FittingFooter
from tui.widgets.options import chosen_options, option_rows
from tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from core import Game

DEFAULT_PLAYERS = 4
DEFAULT_LEVEL = "normal"
DEFAULT_PAUSE = 0.8
BOT_PAUSES = ((0.0, N_("none")), (0.4, N_("short")), (0.8, N_("normal")), (1.5, N_("long")))


def pause_choices(default: float) -> list[tuple[str, float]]:
    """The bot pauses on offer, with the app's default among them even if it is unusual."""
    pauses = dict(BOT_PAUSES)
    pauses.setdefault(default, N_("custom"))
    return [(pause_label(name, delay), delay) for delay, name in sorted(pauses.items())]


def pause_label(name: str, delay: float) -> str:
    """'short (0.4 s)', in reading order."""
    return t("{pause} ({seconds} s)", pause=words(name), seconds=delay)  # 0,4 s in Czech


class SoloSetupScreen(Screen[None]):
    """Tab moves between fields, ←/→ change a choice, Enter starts the game."""

    HELP = t(
        "Tab and Shift+Tab move between fields; ←/→ (or a click) change a choice; "
        "Enter starts the game from any field; Escape (or q outside the name) goes back. "
        "Your choices are kept for next time, even on Escape (a new name once you play)."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", t("Start"), priority=True, tooltip=t("Start the game")),
        Binding(
            "escape,q",
            "back",
            t("Back"),
            key_display="esc",
            tooltip=t("Back, keeping your choices"),
        ),
    ]

    def __init__(self, games: list[Game], game_id: str | None = None) -> None:
        """`games` may be chosen (the registry's, through the app); `game_id` is chosen at
        first (`gamenight solo GAME`), else the last game played."""
        super().__init__()
        self.games = games
        self.first_game = game_id

    def compose(self) -> ComposeResult:
        last = settings.load().get("solo", {})
        games = self.games
        by_id = {game.id: game for game in games}
        game = by_id.get(self.first_game or last.get("game"), games[0])
        players = last.get("players", DEFAULT_PLAYERS)
        self.max_bots = max(g.max_players for g in games) - 1
        levels = [lv for lv in last.get("levels", []) if lv in BOT_LEVELS]
        levels += [DEFAULT_LEVEL] * (self.max_bots - len(levels))
        pause = last.get("bot_delay", getattr(self.app, "bot_delay", DEFAULT_PAUSE))
        options = last.get("options", {})

        yield Static(t("Solo game — set up the table"), classes="screen-title")
        with Center(), Grid(id="setup"):
            yield Label(t("Your name"))
            yield TextInput(
                settings.player_name(),
                max_length=MAX_NAME_LENGTH,
                compact=True,
                id="name",
            )
            yield Label(t("Game"))
            yield Cycler([(game_name(g), g) for g in games], game, id="game")
            yield Label(t("Players"))
            fewest = min(g.min_players for g in games)
            yield Cycler(
                [(str(n), n) for n in range(fewest, self.max_bots + 2)], players, id="players"
            )
            yield Label(t("Bot pause"))
            yield Cycler(pause_choices(pause), pause, id="pause")
            for g in games:
                for label, cycler in option_rows(g.id, g.option_specs, options.get(g.id, {})):
                    yield label
                    yield cycler
            for seat in range(1, self.max_bots + 1):
                yield Label(id=f"seat-{seat}")
                yield Cycler(
                    [(level_name(level), level) for level in BOT_LEVELS],
                    levels[seat - 1],
                    id=f"level-{seat}",
                )
        with Horizontal(classes="buttons"):
            yield Button(
                key_label(t("Start"), "enter"), id="start", action="screen.start", variant="primary"
            )
            yield Button(key_label(t("Back"), "esc"), id="back", action="screen.back")
        yield Static(self.HELP, classes="hint", id="setup-hint")
        yield FittingFooter()

    def on_mount(self) -> None:
        self._refresh_seats()

    @on(Input.Changed, "#name")
    @on(Cycler.Changed, "#players, #game")
    def _refresh_seats(self) -> None:
        """Name the bots after the player's name, show one row per seat in play and the chosen
        game's options only."""
        game = self._game()
        for widget in self.query(".game-option, .option-label"):
            widget.display = widget.has_class(f"opt-{game.id}")
        players = self._players()
        names = bot_names(self.query_one("#name", Input).value, players - 1)
        for seat in range(1, self.max_bots + 1):
            label = self.query_one(f"#seat-{seat}", Label)
            shown = seat < players
            label.update(
                t("Seat {seat}: {name}", seat=seat + 1, name=names[seat - 1]) if shown else ""
            )
            label.display = shown
            self.query_one(f"#level-{seat}", Cycler).display = shown

    def on_descendant_focus(self, event: Any) -> None:
        """An option's help line shows below the form while its choice has the focus."""
        tip = getattr(event.widget, "tooltip", None)
        option = isinstance(tip, str) and event.widget.has_class("game-option")
        self.query_one("#setup-hint", Static).update(str(tip) if option else self.HELP)

    def _game(self) -> Any:
        return self.query_one("#game", Cycler).value

    def _players(self) -> int:
        """The chosen number of players, within what the chosen game allows."""
        game = self._game()
        chosen: int = self.query_one("#players", Cycler).value
        return min(max(chosen, game.min_players), game.max_players)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter starts from any field (a priority key: the name's field would take it), but
        on a focused Back button it presses Back: Back must not start the game (the Start
        button, clicked or pressed, starts it)."""
        focused = self.focused
        return not (action == "start" and isinstance(focused, Button) and focused.id == "back")

    def action_start(self) -> None:
        """Seat the player at a new table with the chosen set-up, and remember it."""
        setup = self._remember()
        self.post_message(StartSolo(setup))

    def action_back(self) -> None:
        """Back to the menu, the table's choices kept all the same (issue 25: Escape dropped
        them silently): a player who comes back to play expects the table they set. A name is
        the player's own at every table, so it is taken only once they sit down with it."""
        self._remember()
        self.app.pop_screen()

    def _remember(self) -> SoloSetup:
        """The chosen set-up, remembered for the next time this screen opens."""
        game = self._game()
        levels = tuple(
            self.query_one(f"#level-{seat}", Cycler).value for seat in range(1, self._players())
        )
        options = chosen_options(self, game.id, game.option_specs)
        setup = SoloSetup(
            game_id=game.id,
            player=self.query_one("#name", Input).value,
            levels=levels,
            bot_delay=self.query_one("#pause", Cycler).value,
            options=options,
        )
        remember_setup(setup)
        return setup


def remember_setup(setup: SoloSetup) -> None:
    """Keep a solo set-up's choices for the next set-up (this screen's or the plain mode's)."""
    remembered = settings.load().get("solo", {})
    settings.remember(
        solo={
            "game": setup.game_id,
            "players": setup.players,
            "levels": list(setup.levels),
            "bot_delay": setup.bot_delay,
            "options": {**remembered.get("options", {}), setup.game_id: setup.options},
        },
    )
