"""Club night set-up: the host's name, the club's, and the evening — which games, in which
order, how many rounds, the table size, how seats are drawn, bots for empty seats, the turn
clock.

The games are taken in one line (tui/widgets/game_picker.py), any of them in any order as
the command line can; the number of rounds is its own choice, the games played in turn for
as many rounds, and the line under the form spells the rounds out (and which games are left
out when the rounds are fewer). The table sizes offered are those every game played allows
(issue 35: Papayoo was offered tables of 2, its least is 3).
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
from tui.base.i18n import N_, key_label, listing, t, words, words_n
from tui.base.names import MAX_NAME_LENGTH
from tui.base.seats import level_name, name_list
from tui.table.plans import ClubHostPlan, StartClub
from tui.widgets.cycler import Cycler
from tui.widgets.footer import FittingFooter
from tui.widgets.game_picker import GamePicker
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


def round_games(choice: tuple[str, ...], rounds: int) -> tuple[str, ...]:
    """The game of each round: the chosen games taken in turn for as many rounds."""
    return tuple(islice(cycle(choice), rounds))


def table_sizes(games: list[Game]) -> range:
    """The table sizes every one of `games` allows (empty when they share none)."""
    low = max(game.min_players for game in games)
    high = min(game.max_players for game in games)
    return range(low, high + 1)


def rounds_line(games: list[Game], chosen: tuple[str, ...], rounds: int) -> str:
    """'Rounds: 1. No Thanks!, 2. Papayoo; left out: Rummikub', in reading order."""
    titles = {game.id: game_name(game) for game in games}
    played = round_games(chosen, rounds)
    spelled = listing(words("{number}. {game}", number=n, game=titles[g]) for n, g in
                      enumerate(played, 1))  # fmt: skip
    line = words("Rounds: {spelled}", spelled=spelled)
    out = [titles[g] for g in chosen if g not in played]
    if not out:
        return line
    left = words_n("{games} is left out: more games than rounds",
                   "{games} are left out: more games than rounds", len(out),
                   games=name_list(out))  # fmt: skip
    return words("{line}; {left}", line=line, left=left)


class ClubSetupScreen(Screen[None]):
    """Tab moves between fields, ←/→ change a choice, Enter opens the club."""

    HELP = t(
        "Tab moves between fields; ←/→ change a choice. On the games, ←/→ pick one and Space "
        "takes it in or leaves it out: they are played in the order taken, in turn for as "
        "many rounds as chosen. Enter opens the club, where friends join from their join "
        "list (or the address shown) and you start each round with s. Escape goes back."
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
        self._asked_size = last.get("table_size")
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
            offered = [(game_name(game), game.id) for game in self.games]
            yield GamePicker(offered, last.get("games", ()), id="games")
            yield Label(t("Rounds"))
            yield Cycler([(str(n), n) for n in ROUNDS], last.get("rounds", 3), id="rounds")
            yield Label(t("Table size"))
            yield Cycler([(t("largest each game allows"), None)], id="size")
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

    @on(GamePicker.Changed)
    @on(Cycler.Changed, "#rounds")
    def _spell_out(self) -> None:
        """The rounds spelled out, and the table sizes the games played allow."""
        chosen = tuple(self.query_one("#games", GamePicker).chosen)
        rounds = self._value("rounds")
        line = rounds_line(self.games, chosen, rounds)
        self.query_one("#club-rounds", Static).update(line)
        played = set(round_games(chosen, rounds))
        sizes = table_sizes([game for game in self.games if game.id in played])
        choices = [(t("largest each game allows"), None), *((str(n), n) for n in sizes)]
        wanted = self._asked_size
        if wanted is not None and sizes:
            wanted = min(max(wanted, sizes.start), sizes.stop - 1)
        self.query_one("#size", Cycler).set_choices(choices, wanted)

    @on(Cycler.Changed, "#size")
    def _sized(self, event: Cycler.Changed) -> None:
        """The size the host chose is kept when the games change, where they allow it."""
        if event.cycler.has_focus:
            self._asked_size = event.cycler.value

    def _games(self) -> tuple[str, ...]:
        chosen = tuple(self.query_one("#games", GamePicker).chosen)
        return round_games(chosen, self._value("rounds"))

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
                "games": list(self.query_one("#games", GamePicker).chosen),
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
