"""Solo set-up: the game, your name, how many players, and a bot level for each other seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from core import BOT_LEVELS
from tui.games import playable_games
from tui.names import MAX_NAME_LENGTH, bot_names
from tui.solo import SoloSetup
from tui.widgets.cycler import Cycler

if TYPE_CHECKING:
    from tui.app import GamenightApp

DEFAULT_PLAYERS = 4
DEFAULT_LEVEL = "normal"
BOT_PAUSES = ((0.0, "none"), (0.4, "short"), (0.8, "normal"), (1.5, "long"))


def pause_choices(default: float) -> list[tuple[str, float]]:
    """The bot pauses on offer, with the app's default among them even if it is unusual."""
    pauses = dict(BOT_PAUSES)
    pauses.setdefault(default, "custom")
    return [(f"{name} ({delay:g} s)", delay) for delay, name in sorted(pauses.items())]


class SoloSetupScreen(Screen[None]):
    """Tab moves between fields, ←/→ change a choice, Enter starts the game."""

    HELP = (
        "Tab and Shift+Tab move between fields; ←/→ (or a click) change a choice; "
        "Enter starts the game from any field; Escape (or q outside the name) goes back."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start"),
        Binding("escape,q", "app.pop_screen", "Back", key_display="esc"),
    ]

    def compose(self) -> ComposeResult:
        app = cast("GamenightApp", self.app)
        last = app.last_setup
        games = playable_games()
        players = last.players if last else DEFAULT_PLAYERS
        fewest = min(game.min_players for game in games)
        self.max_bots = max(game.max_players for game in games) - 1
        levels = list(last.levels) if last else []
        levels += [DEFAULT_LEVEL] * (self.max_bots - len(levels))
        level_choices = [(level, level) for level in BOT_LEVELS]

        yield Static("Solo game — set up the table", classes="screen-title")
        with Grid(id="setup"):
            yield Label("Your name")
            yield Input(
                last.player if last else "Player",
                max_length=MAX_NAME_LENGTH,
                compact=True,
                id="name",
            )
            yield Label("Game")
            yield Cycler([(g.title, g) for g in games], id="game")
            yield Label("Players")
            yield Cycler(
                [(str(n), n) for n in range(fewest, self.max_bots + 2)], players, id="players"
            )
            yield Label("Bot pause")
            yield Cycler(
                pause_choices(app.bot_delay),
                last.bot_delay if last else app.bot_delay,
                id="pause",
            )
            for seat in range(1, self.max_bots + 1):
                yield Label(id=f"seat-{seat}")
                yield Cycler(level_choices, levels[seat - 1], id=f"level-{seat}")
        with Horizontal(classes="buttons"):
            yield Button("Start \\[enter]", id="start", action="screen.start", variant="primary")
            yield Button("Back \\[esc]", id="back", action="app.pop_screen")
        yield Static(self.HELP, classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_seats()

    @on(Input.Changed, "#name")
    @on(Cycler.Changed, "#players, #game")
    def _refresh_seats(self) -> None:
        """Name the bots after the player's name and show one row per seat in play."""
        players = self._players()
        names = bot_names(self.query_one("#name", Input).value, players - 1)
        for seat in range(1, self.max_bots + 1):
            label = self.query_one(f"#seat-{seat}", Label)
            shown = seat < players
            label.update(f"Seat {seat + 1}: {names[seat - 1]}" if shown else "")
            label.display = shown
            self.query_one(f"#level-{seat}", Cycler).display = shown

    def _players(self) -> int:
        """The chosen number of players, within what the chosen game allows."""
        game = self.query_one("#game", Cycler).value
        chosen: int = self.query_one("#players", Cycler).value
        return min(max(chosen, game.min_players), game.max_players)

    @on(Input.Submitted, "#name")
    def action_start(self) -> None:
        """Seat the player at a new table with the chosen set-up."""
        app = cast("GamenightApp", self.app)
        levels = tuple(
            self.query_one(f"#level-{seat}", Cycler).value for seat in range(1, self._players())
        )
        app.start_solo(
            SoloSetup(
                game_id=self.query_one("#game", Cycler).value.id,
                player=self.query_one("#name", Input).value,
                levels=levels,
                bot_delay=self.query_one("#pause", Cycler).value,
            )
        )
