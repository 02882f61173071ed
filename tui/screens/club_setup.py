"""Club night set-up: the host's name, the club's, and the evening — which game each round,
how many rounds, the table size, how seats are drawn, bots for empty seats, the turn clock.

The evening is chosen with a few one-line choices rather than a form per round: one game for
every round, or the games taken in turn (the line under the form spells the rounds out).
"""

from __future__ import annotations

from itertools import cycle, islice
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
from tui.base.i18n import N_, key_label, listing, t, words_n
from tui.base.names import MAX_NAME_LENGTH
from tui.base.seats import level_name
from tui.table.plans import ClubHostPlan, StartClub
from tui.widgets.cycler import Cycler
from tui.widgets.footer import FittingFooter
from tui.widgets.options import seconds_text
from tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from core import Game

ROUNDS = range(1, 9)
DRAWS = (
    (N_("mixed: meet new people"), "mix"),
    (N_("Swiss: leaders meet"), "swiss"),
    (N_("fixed tables"), "fixed"),
)
CLOCKS = (None, 30, 60, 90, 120)  # seconds per turn; None: each game's own


def clock_label(seconds: int | None) -> str:
    """A turn clock's choice, in reading order."""
    return t("each game's own") if seconds is None else seconds_text(seconds)


def evenings(games: list[Game]) -> list[tuple[str, tuple[str, ...]]]:
    """The evenings on offer: each game every round, then all the games in turn."""
    offered = [(t("{game} every round", game=game_name(game)), (game.id,)) for game in games]
    count = len(games)
    every = words_n("all {count} games in turn", "all {count} games in turn", count)
    offered.append((every, tuple(g.id for g in games)))
    return offered


def round_games(choice: tuple[str, ...], rounds: int) -> tuple[str, ...]:
    """The game of each round: the chosen games taken in turn for as many rounds."""
    return tuple(islice(cycle(choice), rounds))


class ClubSetupScreen(Screen[None]):
    """Tab moves between fields, ←/→ change a choice, Enter opens the club."""

    HELP = t(
        "Tab moves between fields; ←/→ change a choice; Enter opens the club, where friends "
        "join from their join list (or the address shown) and you start each round with s. "
        "Escape goes back."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", t("Open club"), priority=True),
        Binding("escape", "back", t("Back"), key_display="esc"),
    ]

    def __init__(self, games: list[Game], player: str) -> None:
        super().__init__()
        self.games = games
        self.player = player

    def compose(self) -> ComposeResult:
        last: dict[str, Any] = settings.load().get("club", {})
        sizes = [(t("largest each game allows"), None), *((str(n), n) for n in range(2, 9))]
        bots = [
            (t("fill empty seats ({level})", level=level_name(level)), level)
            for level in BOT_LEVELS
        ]
        yield Static(t("Club night — set up the evening"), classes="screen-title")
        with Center(), Grid(id="setup"):
            yield Label(t("Your name"))
            yield TextInput(self.player, max_length=MAX_NAME_LENGTH, compact=True, id="name")
            yield Label(t("Club name"))
            yield TextInput(last.get("name", ""), max_length=60, compact=True, id="club-name")
            yield Label(t("Games"))
            offered = evenings(self.games)
            chosen = tuple(last.get("games", offered[-1][1]))
            yield Cycler(offered, chosen if chosen in dict(offered).values() else None, id="games")
            yield Label(t("Rounds"))
            yield Cycler([(str(n), n) for n in ROUNDS], last.get("rounds", 3), id="rounds")
            yield Label(t("Table size"))
            yield Cycler(sizes, last.get("table_size"), id="size")
            yield Label(t("Seats"))
            draws = [(t(label), draw) for label, draw in DRAWS]
            yield Cycler(draws, last.get("draw", "mix"), id="draw")
            yield Label(t("Bots"))
            yield Cycler([*bots, (t("no bots"), None)], last.get("bots", "normal"), id="bots")
            yield Label(t("Turn clock"))
            clocks = [(clock_label(seconds), seconds) for seconds in CLOCKS]
            yield Cycler(clocks, last.get("clock"), id="clock")
        yield Static(id="club-rounds", classes="hint", markup=False)
        with Horizontal(classes="buttons"):
            yield Button(
                key_label(t("Open club"), "enter"),
                id="start",
                action="screen.start",
                variant="primary",
            )
            yield Button(key_label(t("Back"), "esc"), id="back", action="screen.back")
        yield FittingFooter()

    def on_mount(self) -> None:
        self._spell_out()

    @on(Cycler.Changed, "#games, #rounds")
    def _spell_out(self) -> None:
        titles = {game.id: game_name(game) for game in self.games}
        games = self._games()
        spelled = listing(f"{n}. {titles[g]}" for n, g in enumerate(games, 1))
        self.query_one("#club-rounds", Static).update(t("Rounds: {spelled}", spelled=spelled))

    def _games(self) -> tuple[str, ...]:
        return round_games(self.query_one("#games", Cycler).value, self._value("rounds"))

    def _value(self, field: str) -> Any:
        return self.query_one(f"#{field}", Cycler).value

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        focused = self.focused
        return not (action == "start" and isinstance(focused, Button) and focused.id == "back")

    def action_start(self) -> None:
        level = self._value("bots")
        plan = ClubHostPlan(
            games=self._games(),
            player=self.query_one("#name", Input).value,
            club_name=self.query_one("#club-name", Input).value.strip() or None,
            table_size=self._value("size"),
            draw=self._value("draw"),
            bots=level is not None,
            bot_level=level or "normal",
            turn_seconds=self._value("clock"),
        )
        settings.remember(
            club={
                "name": plan.club_name or "",
                "games": list(self.query_one("#games", Cycler).value),
                "rounds": self._value("rounds"),
                "table_size": plan.table_size,
                "draw": plan.draw,
                "bots": level,
                "clock": plan.turn_seconds,
            }
        )
        self.post_message(StartClub(plan))

    def action_back(self) -> None:
        self.app.pop_screen()
