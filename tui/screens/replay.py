"""A finished game watched again on the game's own screen, read-only, move by move.

The game's screen class draws the replay as it drew the live game: it is fed the state message
the chosen eyes were sent at each position (`tui.table.replays.Replay.message`), through a stand-in
for the table link (`ReplayLink`) that never sends anything. `replay_screen` derives, per game, a
class from the game's screen that replaces every key binding with the replay's own (the play
keys are gone, like a spectator's) and hides the play buttons, so nothing in the frame or the
game's screen had to learn about replays.

Keys: ←/→ one move, PgUp/PgDn the previous/next deal, round or game (where the view's counter
changes, core/replay_views.py), Home/End the start and the final table, Space plays on at the
speed +/- choose, e cycles the eyes (seats and spectator, as the record allows), h asks the hard
bot what it would play for the seat watched when that seat is to move, x exports what the eyes
saw to a file.
"""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from core.replay_views import SeenReplay, neighbour_start
from tui.base.i18n import t, words, words_in
from tui.base.names import plain
from tui.screens.final import verdict
from tui.widgets.following_log import FollowingLog

if TYPE_CHECKING:
    from tui.screens.game import GameScreen
    from tui.table.link import TableLink
    from tui.table.replays import Replay

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1)  # seconds per move of autoplay, slowest first
FIRST_SPEED = 1

REPLAY_BINDINGS: list[BindingType] = [
    Binding("left", "step(-1)", t("Back"), show=False, tooltip=t("One move back")),
    Binding("right", "step(1)", t("Step"), key_display="←/→", tooltip=t("One move on")),
    Binding(
        "pageup", "jump(-1)", t("Jump back"), show=False, tooltip=t("Back a deal, round or game")
    ),
    Binding(
        "pagedown", "jump(1)", t("Jump"), key_display="PgUp/Dn", tooltip=t("On a deal or round")
    ),
    Binding(
        "home",
        "go(0)",
        words_in("a replay's key", "Start"),
        show=False,
        tooltip=t("The start of the game"),
    ),
    Binding("end", "go(-1)", t("End"), show=False, tooltip=t("The end: the final table")),
    Binding(
        "space",
        "autoplay",
        words_in("a replay's key", "Play"),
        tooltip=t("Play on by itself, or stop"),
    ),
    Binding("plus,equals_sign", "speed(1)", t("Faster"), show=False),
    Binding("minus", "speed(-1)", t("Slower"), show=False),
    Binding("e", "eyes", t("Eyes"), tooltip=t("Watch through another seat's eyes")),
    Binding("h", "hint", t("Hint"), tooltip=t("What the hard bot would play for the seat watched")),
    Binding("x", "export", t("Export"), tooltip=t("Export what these eyes saw to a file")),
    Binding("r", "rules", t("Rules"), show=False, tooltip=t("The rules of this game")),
    Binding("up", "log_back(1)", t("Log: a line back"), show=False),
    Binding("down", "log_on(1)", t("Log: a line on"), show=False),
    Binding("q,escape", "leave", t("Back"), key_display="q", tooltip=t("Leave the replay")),
]


class ReplayLink:
    """What a game screen asks of its table, for a replay: the state shown, no talk, no
    connection, no host; hints allowed. Nothing is ever sent."""

    host = None
    solo = True
    lan = False
    hints = True
    may_rejoin = False
    dropped: str | None = None
    gone: str | None = None
    leave_question = ""

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state
        self.talk: list[dict[str, Any]] = []

    def listen(self, push: object) -> None:
        """A replay hears nothing: its screen is fed by the replay's keys."""

    def unlisten(self, push: object) -> None:
        """Nothing to stop hearing."""

    def hurry(self) -> None:
        """No bot waits in a replay."""


class ReplayMixin:
    """The replay's behaviour, put in front of a game's screen by `replay_screen`."""

    HELP = t(
        "A replay: ←/→ step one move, PgUp/PgDn jump a deal, round or game, Home/End go to the "
        "start and the final table, Space plays on (+/- change the speed), e changes whose eyes "
        "you watch with, h says what the hard bot would play for the seat watched when it is "
        "to move, x exports what those eyes saw to a file you can share (a file that is "
        "already one seat's view is shared as it is), q goes back."
    )

    replay: Replay
    position: int
    eyes: int | None
    timer: Timer | None
    speed: int

    def setup_replay(self, replay: Replay) -> None:
        self.replay = replay
        self.position = 0
        self.eyes = replay.first_eyes
        self.timer = None
        self.speed = FIRST_SPEED
        self.reached_end = False

    @property
    def game_screen(self) -> GameScreen:
        return cast("GameScreen", self)

    @property
    def last(self) -> int:
        return self.replay.positions.count - 1

    def goto(self, position: int, *, fresh_log: bool = False) -> None:
        """Show `position` through the current eyes; the log is rewritten when going back."""
        screen = self.game_screen
        position = max(0, min(position, self.last))
        back = position < self.position
        self.position = position
        message = self.replay.message(position, self.eyes)
        cast(ReplayLink, screen.table).state = message
        log = screen.query_one(FollowingLog)
        if back or fresh_log or len(message["view"]["log"]) < screen.logged:
            log.clear()
            screen.logged = 0
        screen.finished = False
        self.reached_end = position == self.last
        screen.show(message)

    def show(self, state: dict[str, Any]) -> None:
        """The frame's drawing, with the play buttons hidden: nothing is played in a replay."""
        super().show(state)  # type: ignore[misc]
        for button in self.game_screen.query("#actions Button"):
            button.display = False
        self.game_screen.set_focus(None)  # a focused table would take the arrows

    def _show_final(self) -> None:
        """The final table comes once, when a step or End reaches the last position."""
        if self.reached_end and self.game_screen.is_current:
            self.reached_end = False
            self.stop_autoplay()
            state = cast(ReplayLink, self.game_screen.table).state
            self.game_screen.app.push_screen(ReplayFinalScreen(state, type(self.game_screen)))

    def turn_text(self) -> str:
        base = super().turn_text()  # type: ignore[misc]
        return words(
            "replay, move {position} of {last} — {turn}",
            position=self.position,
            last=self.last,
            turn=base,
        )

    def prompt(self) -> str:
        """Whose eyes, and what the keys do (in reading order: `say` lays it out)."""
        state = cast(ReplayLink, self.game_screen.table).state
        if self.eyes is None:
            eyes = words("Through the spectator's eyes")
        else:
            eyes = words("Through {who}'s eyes", who=plain(state["seats"][self.eyes]["name"]))
        if self.timer:
            playing = words("playing, {seconds} s a move", seconds=SPEEDS[self.speed])
        else:
            playing = words("Space plays")
        return words(
            "{eyes} (e changes). ←/→ step, PgUp/PgDn jump, {playing}.", eyes=eyes, playing=playing
        )

    # ---- keys -------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts on a table hidden by the "too small" notice; e only when the record
        has other eyes; x only for a full record (a seen one, an export or a LAN player's
        own, already is what its eyes saw: exporting it again would copy the file)."""
        if self.game_screen.blind(action):
            return False
        if action == "eyes":
            return len(self.replay.positions.eyes) > 1
        if action == "export":
            return not isinstance(self.replay.positions, SeenReplay)
        return True

    def action_step(self, step: int) -> None:
        self.stop_autoplay()
        self.goto(self.position + step)

    def action_jump(self, step: int) -> None:
        self.stop_autoplay()
        starts = self.replay.positions.segment_starts()
        self.goto(neighbour_start(starts, self.position, step, self.last + 1))

    def action_go(self, position: int) -> None:
        self.stop_autoplay()
        self.goto(self.last if position < 0 else position)

    def action_autoplay(self) -> None:
        if self.timer is not None:
            self.stop_autoplay()
        else:
            if self.position == self.last:
                self.goto(0)
            self.timer = self.game_screen.set_interval(SPEEDS[self.speed], self._tick)
        self.game_screen.say(self.prompt())

    def _tick(self) -> None:
        self.goto(self.position + 1)

    def stop_autoplay(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_speed(self, change: int) -> None:
        self.speed = max(0, min(self.speed + change, len(SPEEDS) - 1))
        if self.timer is not None:
            self.stop_autoplay()
            self.timer = self.game_screen.set_interval(SPEEDS[self.speed], self._tick)
        self.game_screen.say(self.prompt())

    def action_eyes(self) -> None:
        eyes = self.replay.positions.eyes
        self.eyes = eyes[(eyes.index(self.eyes) + 1) % len(eyes)]
        self.goto(self.position, fresh_log=True)

    def action_hint(self) -> None:
        """What the hard bot would play here for the seat watched (live, only your own moves
        had hints; here any seat's move can be asked about, through that seat's eyes)."""
        screen = self.game_screen
        if not screen.my_move:
            screen.say(
                words("A hint is for a move of the seat watched: step to one, or e changes it.")
            )
            return
        super().action_hint()  # type: ignore[misc]

    def _hinted(self, state: dict[str, Any], text: str, action: dict[str, Any] | None) -> None:
        """The hint, and what was played here in the game, to compare."""
        if self.position < self.last:
            after = self.replay.message(self.position + 1, self.eyes)
            played = type(self.game_screen).log_lines_of(after, len(state["view"]["log"]))
            if played:
                text = words("{hint} Played: {moves}", hint=text, moves=" ".join(played))
        super()._hinted(state, text, action)  # type: ignore[misc]

    def action_export(self) -> None:
        from tui.table.replays import export

        try:
            path = export(self.replay, self.eyes)
        except OSError as err:
            self.game_screen.say(words("Could not export: {err}", err=plain(err)))
            return
        self.game_screen.say(words("Exported what these eyes saw to {path}", path=path))

    def action_leave(self) -> None:
        self.stop_autoplay()
        self.game_screen.dismiss()


def replay_screen(replay: Replay, game: type[GameScreen]) -> Screen[None]:
    """`game`'s own screen (the game of `replay`) for `replay`, read-only, at its first
    position."""
    cls = types.new_class(
        f"Replay{game.__name__}",  # not words: a class name
        (ReplayMixin, game),
        {"inherit_bindings": False},
        lambda ns: ns.update(
            {
                "BINDINGS": REPLAY_BINDINGS,
                "__module__": game.__module__,
                "PLAY_ACTIONS": frozenset(),
            }
        ),
    )
    first = replay.message(0, replay.first_eyes)
    screen = cls(cast("TableLink", ReplayLink(first)))
    screen.setup_replay(replay)
    return cast(Screen[None], screen)


class ReplayFinalScreen(Screen[None]):
    """The end of a replay: the verdict and the game's own summary; back to the replay."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape,left,b", "back", t("Back to the replay"), key_display="q"),
    ]

    def __init__(self, state: dict[str, Any], game: type[GameScreen]) -> None:
        super().__init__()
        self.state = state
        self.game = game
        self.HELP = game.FINAL_HELP

    def compose(self) -> ComposeResult:
        title = t("Replay over — {verdict}", verdict=verdict(self.state, self.game.SCORE_UNIT))
        yield Static(title, classes="screen-title", id="verdict", markup=False)
        yield Static(self.game.final_summary(self.state), id="scores")
        # two sentences in reading order, laid out together where drawn
        back = t("q goes back to the replay.")
        yield Static(f"{self.game.FINAL_HELP} {back}", classes="hint", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#scores").border_title = t("Final scores")

    def action_back(self) -> None:
        self.dismiss()
