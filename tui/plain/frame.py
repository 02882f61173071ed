"""The conversation at a table, for every game: what the table says, line by line, and what the
player types, command by command.

The frame hears the table link's messages (the same a game screen hears) and says each new log
entry once, in the game's own words; when the table waits for the player it says the turn
(`Presenter.turn`) once, and `look` says it again. It says the round's summary when the table
pauses for it and tells the table this player has read it (a line, once said, stays on the
screen or the braille display's history: nothing scrolls away unseen). At the end it says the
verdict and the final table, their first line beginning "Game over". The commands every game
shares are here (look, hand, table, scores, log, hint, rules, say, hurry, help, quit); the
game's own come from its presenter. Refusals are said in the TUI's words (`refused_move`).
"""

from __future__ import annotations

import asyncio
import importlib
import random
import re
from typing import Any

from core import IllegalMove
from tui.base.i18n import N_, worded, words, words_n
from tui.base.messages import StateMessage
from tui.base.names import error_words, plain, refused_move
from tui.base.seats import name_list, seat_names
from tui.games import rules_text
from tui.plain.commands import Command, call, find, help_lines
from tui.plain.games import presenter_class
from tui.plain.lines import Lines
from tui.plain.lobby import LobbyLines
from tui.plain.presenter import Presenter
from tui.screens.final import verdict
from tui.table.link import TableLink
from tui.widgets.talk import talk_line

CLOCK_MARKS = (30, 10)  # seconds left at which a running turn clock is told
LOG_DEFAULT = 10  # lines `log` says without a number


class PlainTable:
    """One seat at one table, as lines. `run` converses until the player leaves."""

    def __init__(self, lines: Lines, link: TableLink) -> None:
        self.lines = lines
        self.link = link
        self.game: Presenter = presenter_class(link.game_id)(self)
        self.state: StateMessage | None = None
        self.logged = 0  # log entries said
        self.turn_key: tuple[Any, ...] | None = None  # the decision whose turn was said
        self.over = False
        self.hinting = False
        self.done = asyncio.Event()  # the table is left (or gone)
        self._clock: list[asyncio.TimerHandle] = []
        self.lobby = LobbyLines(link)
        link.listen(self.hear)  # before the link starts: its first messages are heard too

    # ---- saying -------------------------------------------------------------------------
    def say(self, *texts: str) -> None:
        """Say each text, then the prompt again."""
        self.lines.say(*texts)
        self.lines.prompt()

    @property
    def my_move(self) -> bool:
        state = self.state
        return state is not None and state["seat"] in state["view"]["to_act"]

    @property
    def watching(self) -> bool:
        return self.state is not None and self.state["seat"] is None

    # ---- hearing the table --------------------------------------------------------------
    def hear(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "state":
            self.show(message)
        elif kind == "lobby" and not self.link.solo:
            self.say(*self.lobby.changed(message))
        elif kind in ("chat", "notice"):
            self.say(talk_line(message))
        elif kind == "error":
            said = error_words(message.get("code"), message.get("params"), message.get("message"))
            if message.get("fatal"):
                self.say(words("The table ended the connection: {reason}", reason=said))
        elif kind == "closed":
            reason = self.link.gone or words(
                "The table closed: {reason}.", reason=plain(message.get("reason"))
            )
            self.say(reason)
            self.done.set()

    def show(self, state: StateMessage) -> None:
        """Say what is new in `state`: its log, then the round's summary, the end, or the turn."""
        view = state["view"]
        if self.state is not None and len(view["log"]) < self.logged:
            self.logged = 0  # a new game at this table
        if view["game"] != self.game.GAME_ID:  # the host chose another game in the lobby
            self.game = presenter_class(view["game"])(self)
            self.logged = 0
        self.state = state
        self.game.new_state()
        names = seat_names(state)
        said = [self.game.log_line(e, names) for e in view["log"][self.logged :]]
        self.logged = len(view["log"])
        self.lines.say(*(line for line in said if line))
        self._time(state)
        pause = state.get("pause")
        if pause is not None and state["seat"] in pause["waiting"]:
            self.lines.say(*self.game.round_lines())
            self.link.ready()
        if view["over"]:
            if not self.over:
                self.over = True
                self.lines.say(*self.final_lines())
        else:
            self.over = False
            key = (len(view["log"]), view.get("phase"))
            if self.my_move and key != self.turn_key:
                self.turn_key = key
                self.lines.say(self.game.turn())
        self.lines.prompt()

    def final_lines(self) -> list[str]:
        assert self.state is not None
        return final_lines(self.state, self.game)

    def status(self) -> str:
        """The turn if it is the player's move, else whom the table waits for."""
        assert self.state is not None
        if self.state["view"]["over"]:
            return words("The game is over.")
        if self.my_move:
            return self.game.turn()
        waiting = [s for s in self.state["view"]["to_act"] if s != self.state["seat"]]
        text = self.game.waiting(waiting)
        if text is None:
            names = seat_names(self.state)
            who = name_list([names[s] for s in waiting])
            text = words_n("{who} is deciding…", "{who} are deciding…", len(waiting), who=who)
        if self.watching:
            return words("You are watching; {text}", text=text)
        return text

    def _time(self, state: StateMessage) -> None:
        """Tell the time left on the player's turn clock at 30 and 10 seconds."""
        for handle in self._clock:
            handle.cancel()
        self._clock = []
        clock = state.get("clock")
        if clock is None or state["seat"] not in clock.get("seats", []):
            return
        loop = asyncio.get_running_loop()
        left = float(clock["seconds_left"])
        for mark in CLOCK_MARKS:
            if left > mark:
                text = words_n("{count} second left.", "{count} seconds left.", mark)
                self._clock.append(loop.call_later(left - mark, self.say, text))

    # ---- acting -------------------------------------------------------------------------
    async def send(self, action: dict[str, Any]) -> bool:
        """Send an intent if it is the player's move; say why not otherwise. Never raises;
        whether the table took it."""
        state = self.state
        if state is None or state["view"]["over"]:
            self.say(words("The game is over."))
            return False
        if state["seat"] is None:
            self.say(words("You are watching this table: spectators cannot play."))
            return False
        if not self.my_move:
            names = seat_names(state)
            waiting = name_list([names[s] for s in state["view"]["to_act"]])
            self.say(
                words("Wait: it is not your move — the table waits for {waiting}.", waiting=waiting)
            )
            return False
        try:
            await self.link.act(action, state["version"])
        except IllegalMove as err:
            self.say(refused_move(err))
            return False
        return True

    # ---- the conversation ---------------------------------------------------------------
    async def run(self) -> None:
        """Read commands until the player leaves, the input ends or the table is gone."""
        self.lines.prompt()
        reading = asyncio.ensure_future(self.lines.read())
        ending = asyncio.ensure_future(self.done.wait())
        try:
            while True:
                await asyncio.wait({reading, ending}, return_when=asyncio.FIRST_COMPLETED)
                if ending.done():
                    return
                line = reading.result()
                if line is None:
                    return
                await self.handle(line)
                if self.done.is_set():
                    return
                reading = asyncio.ensure_future(self.lines.read())
        finally:
            reading.cancel()
            ending.cancel()
            self.link.unlisten(self.hear)
            for handle in self._clock:
                handle.cancel()

    async def handle(self, line: str) -> None:
        """One typed line: a command and the rest of its line."""
        word, _, rest = line.strip().partition(" ")
        if not word:
            self.lines.prompt()
            return
        number = getattr(self.game, "number", None)
        if word.isdigit() and number is not None and self.my_move and not rest and self.playing:
            await number(int(word))
            self.lines.prompt()
            return
        found = find(word, self.commands())
        if isinstance(found, str):
            self.say(found)
            return
        await call(found, rest.strip())
        if not self.done.is_set():
            self.lines.prompt()

    @property
    def playing(self) -> bool:
        """A game is shown (not the lobby before it, or before another)."""
        return self.state is not None and self.link.showing != "lobby"

    def commands(self) -> list[Command]:
        """What the player can type now: the game's own commands, then the table's."""
        if not self.playing:
            return self.lobby_commands()
        game = [] if self.watching or self.over else self.game.commands()
        return [*game, *self.asking_commands(), *self.seat_commands()]

    def asking_commands(self) -> list[Command]:
        """The answers on request, at every game."""
        playing = lambda: self.my_move and not self.watching  # noqa: E731
        return [
            Command(
                "look",
                N_("say the turn again, or whom the table waits for"),
                lambda _: self.say(self.status()),
                keys=("l",),
            ),
            Command(
                "hand",
                N_("your cards or tiles"),
                lambda _: self.say(*self.game.hand()),
                now=lambda: not self.watching,
            ),
            Command("table", N_("what is on the table"), lambda _: self.say(*self.game.board())),
            Command(
                "scores", N_("everyone's score so far"), lambda _: self.say(*self.game.scores())
            ),
            Command(
                "log",
                N_("the last lines of what happened (10, or as many as you say)"),
                self.log,
                usage="N",
            ),
            Command(
                "hint",
                N_("what the hard bot would do here, and why"),
                self.hint,
                keys=("h",),
                now=lambda: playing() and self.link.hints,
            ),
            Command("rules", N_("the rules of this game"), self.rules, keys=("r",)),
            Command(
                "hurry",
                N_("skip the bots' pause before a move"),
                lambda _: self.link.hurry(),
                keys=("f",),
                now=lambda: self.link.host is not None,
            ),
            Command(
                "again", N_("play another game at this table"), self.again, now=lambda: self.over
            ),
        ]

    def seat_commands(self) -> list[Command]:
        """Talk, help and leaving: at the game and in the lobby alike."""
        return [
            Command(
                "say",
                N_("say something to everyone at the table"),
                self.talk,
                usage="…",
                now=lambda: self.link.lan,
            ),
            Command(
                "help",
                N_("the commands you can use now"),
                lambda _: self.say(*help_lines(self.commands())),
                keys=("?",),
            ),
            Command("quit", N_("leave the table"), self.leave, keys=("q",)),
        ]

    def lobby_commands(self) -> list[Command]:
        """In the lobby: the host's set-up, reading it again, talk, help, leaving."""
        return [
            *self.lobby.commands(self.say),
            Command("look", N_("say the lobby again"), self.look_lobby, keys=("l",)),
            *self.seat_commands(),
        ]

    def look_lobby(self, _rest: str) -> None:
        lobby = self.link.session.lobby
        self.say(*(self.lobby.lines(lobby) if lobby else [words("waiting for the host")]))

    def log(self, rest: str) -> None:
        count = int(rest) if rest.isdigit() else LOG_DEFAULT
        assert self.state is not None
        names = seat_names(self.state)
        said = [self.game.log_line(e, names) for e in self.state["view"]["log"]]
        lines = [line for line in said if line]
        self.say(*(lines[-count:] if count else []))

    async def hint(self, _rest: str) -> None:
        """Ask the hard bot what it would do here (off the loop: a search takes a moment)."""
        state = self.state
        if state is None or not self.my_move or self.hinting:
            self.say(words("A hint is for your own move: wait until the table waits for you."))
            return
        self.hinting = True
        self.say(words("Thinking about a hint…"))
        module, name = self.game.HINT.split(":")
        function = getattr(importlib.import_module(module), name)
        try:
            action, reason = await asyncio.to_thread(
                function, state["view"], random.Random(state["version"])
            )
            text = words("Hint: {reason}", reason=worded(reason))
        except Exception as err:  # a hint must never cost the game: say it and go on
            action, text = None, words("No hint this time ({error}).", error=err)
        finally:
            self.hinting = False
        if self.state is state:
            if action is not None:
                self.game.hinted(action)
            self.say(text)

    def rules(self, _rest: str) -> None:
        """The rules for players, as plain lines (Markdown's marks taken off)."""
        assert self.state is not None
        self.say(*rules_lines(rules_text(self.state["view"]["game"]) or ""))

    def talk(self, rest: str) -> None:
        if rest:
            self.link.chat(rest)

    def again(self, _rest: str) -> None:
        refused = self.link.play_again()
        if refused is not None:
            self.say(plain(refused))

    async def leave(self, _rest: str) -> None:
        self.done.set()


def final_lines(state: StateMessage, game: Presenter) -> list[str]:
    """'Game over — Ana wins with 12 points', then every seat best first, then what next."""
    head = words("Game over — {verdict}", verdict=verdict(state, game.SCORE_UNIT))
    scores = game.scores()
    ranked = [
        words("{place}. {line}", place=place, line=scores[seat])
        for place, seat in enumerate(game.order(), start=1)
    ]
    return [head, *ranked, words("Game over: again plays another game, quit leaves.")]


def rules_lines(text: str) -> list[str]:
    """Rules in Markdown as plain lines: no heading marks, no emphasis, no blank lines."""
    lines = [MARKS.sub("", line).rstrip() for line in text.splitlines()]
    return [line for line in lines if line.strip()]


MARKS = re.compile(r"^#+\s*|\*\*|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`")
"""Markdown's marks a reader would hear as symbols: headings' #, emphasis, code ticks."""
