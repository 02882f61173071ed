"""A replay as lines: the kept games read out as a numbered list, then a game stepped move by
move with `next` and `back` (or `go N`, `end`), each step saying what happened in the game's own
log words, through the eyes of the seat the person played (`eyes` changes them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.base.i18n import N_, words
from tui.base.messages import StateMessage
from tui.base.seats import seat_names
from tui.plain.commands import Command, call, find, help_lines
from tui.plain.frame import final_lines
from tui.plain.games import presenter_class
from tui.plain.lines import Lines
from tui.table.replays import Replay, kept_games, read_replay


class PlainReplay:
    """One replay: the position shown, and the presenter that words it."""

    def __init__(self, lines: Lines, replay: Replay) -> None:
        self.lines = lines
        self.replay = replay
        self.eyes = replay.first_eyes
        self.position = 0
        self.state: StateMessage | None = replay.message(0, self.eyes)
        self.game = presenter_class(replay.game_id)(self)  # type: ignore[arg-type]
        self.leaving = False

    @property
    def last(self) -> int:
        return self.replay.positions.count - 1

    @property
    def my_move(self) -> bool:
        return False  # a replay is watched, never played

    def say(self, *texts: str) -> None:
        self.lines.say(*texts)
        self.lines.prompt()

    async def send(self, action: dict[str, Any]) -> bool:
        return False

    def goto(self, position: int) -> None:
        """Show `position`: going on, what happened since; going back, the move now last."""
        position = max(0, min(position, self.last))
        before = self.state["view"]["log"] if self.state else []
        self.state = self.replay.message(position, self.eyes)
        view = self.state["view"]
        entries = view["log"][len(before) :] if position > self.position else view["log"][-1:]
        self.position = position
        names = seat_names(self.state)
        said = [line for line in (self.game.log_line(e, names) for e in entries) if line]
        head = words("Move {position} of {last}.", position=position, last=self.last)
        ending = final_lines(self.state, self.game)[:-1] if view["over"] else []
        self.say(head, *said, *ending)

    def commands(self) -> list[Command]:
        return [
            Command(
                "next", N_("the next move"), lambda _: self.goto(self.position + 1), keys=("n",)
            ),
            Command(
                "back", N_("the move before"), lambda _: self.goto(self.position - 1), keys=("b",)
            ),
            Command("go", N_("go to a move by its number"), self.go, usage="N"),
            Command("end", N_("the end of the game"), lambda _: self.goto(self.last)),
            Command("eyes", N_("watch through the next seat's eyes"), self.next_eyes),
            Command("table", N_("what is on the table"), lambda _: self.say(*self.game.board())),
            Command(
                "scores", N_("everyone's score so far"), lambda _: self.say(*self.game.scores())
            ),
            Command(
                "help",
                N_("the commands you can use now"),
                lambda _: self.say(*help_lines(self.commands())),
                keys=("?",),
            ),
            Command("quit", N_("stop watching the replay"), self.leave, keys=("q",)),
        ]

    def go(self, rest: str) -> None:
        if rest.isdigit():
            self.goto(int(rest))
        else:
            self.say(words("Choose a number from 1 to {last}.", last=self.last))

    def next_eyes(self, _rest: str) -> None:
        eyes = self.replay.positions.eyes
        self.eyes = eyes[(eyes.index(self.eyes) + 1) % len(eyes)] if self.eyes in eyes else eyes[0]
        self.state = self.replay.message(self.position, self.eyes)
        if self.eyes is None:
            self.say(*self.game.board())
        else:
            self.say(*self.game.hand())

    def leave(self, _rest: str) -> None:
        self.leaving = True

    async def run(self) -> None:
        self.say(
            words(
                "Replay of {game}: next and back step through it, quit stops.",
                game=self.replay.name,
            ),
            *self.game.board(),
        )
        while not self.leaving:
            typed = await self.lines.read()
            if typed is None:
                return
            word, _, rest = typed.strip().partition(" ")
            if not word:  # Enter alone steps on, as reading a book
                self.goto(self.position + 1)
                continue
            found = find(word, self.commands())
            if isinstance(found, str):
                self.say(found)
            else:
                await call(found, rest.strip())


async def replays(lines: Lines) -> int:
    """The kept games, newest first, numbered: the one typed is replayed."""
    games = kept_games()
    if not games:
        lines.say(words("No finished games are kept yet."))
        return 0
    lines.say(
        *(
            words(
                "{place}. {line}", place=i, line=f"{e.when} · {e.game} · {e.players} · {e.winner}"
            )
            for i, e in enumerate(games, start=1)
        )
    )
    lines.say(words("Type a game's number; Enter goes back."))
    lines.prompt()
    typed = (await lines.read() or "").strip()
    if typed.isdigit() and 1 <= int(typed) <= len(games):
        await replay_file(lines, games[int(typed) - 1].path)
    return 0


async def replay_file(lines: Lines, path: Path) -> int:
    """Step through the replay of a record file."""
    try:
        replay = read_replay(path)
    except ValueError as err:
        lines.say(str(err))
        return 1
    await PlainReplay(lines, replay).run()
    return 0
