"""Rummikub as lines: the table read back as numbered sets, the rack by colour, and a turn
built by commands on the same draft the screen edits (tui/games/rummikub/draft.py): `meld R7
R8 R9`, `add K10 to 3`, `split 2 after R5`, `move B4 from 2 to 5` (or `to new`), `undo`,
`reset`, `done` plays the table, `draw`, `apply` lays out the last hint. The rules judge the
play when it is sent, as on the screen; the draft refuses at once what can never be allowed
(touching the table before the initial meld, RK-8; a table tile back to the rack, RK-6)."""

from __future__ import annotations

import re
from typing import Any

from core import IllegalMove
from core.rummikub.play import MELD_POINTS
from core.rummikub.sets import ALL_CODES, JOKER, TILE_OF
from tui.base.i18n import N_, listing, words
from tui.base.names import COLOURS, refusal_words
from tui.games.rummikub.draft import Draft, set_problem
from tui.games.rummikub.marks import new_marks
from tui.games.rummikub.widgets import colour_first, log_line
from tui.plain.commands import Command
from tui.plain.faces import face_words, groups, read_faces
from tui.plain.presenter import Presenter

NAMES = {"K": COLOURS["black"], "R": COLOURS["red"], "B": COLOURS["blue"], "O": COLOURS["orange"]}
CODES = frozenset((*ALL_CODES, JOKER))
TILE_WORD = re.compile(r"(?<!\w)(?:[KRBO](?:1[0-3]|[1-9])|J)(?!\w)")  # a tile's code alone
TO = re.compile(r"^(?P<tiles>.+?)\s+to\s+(?P<set>\d+)$", re.IGNORECASE)
AFTER = re.compile(r"^(?P<set>\d+)\s+after\s+(?P<tile>.+)$", re.IGNORECASE)
MOVE = re.compile(r"^(?P<tile>.+?)\s+from\s+(?P<old>\d+)\s+to\s+(?P<new>\d+|new)$", re.IGNORECASE)


def tile_words(tile: str) -> str:
    """'red 11', 'joker'."""
    if tile == JOKER:
        return words("joker")
    return face_words(tile[0], TILE_OF[tile][1], NAMES)


def rack_words(rack: list[str]) -> str:
    """'black 3, 7; red 11; joker': colour by colour, each number once said."""
    said: list[str] = []
    tiles = sorted(rack, key=colour_first)
    for letter in NAMES:
        numbers = [str(TILE_OF[t][1]) for t in tiles if t != JOKER and t[0] == letter]
        if numbers:
            said.append(
                words("{suit} {numbers}", suit=words(NAMES[letter]), numbers=listing(numbers))
            )
    said += [words("joker")] * tiles.count(JOKER)
    return groups(said) or words("none")


def said_tiles(line: str, names: list[str]) -> str:
    """The screen's log line with its tiles in words ('R7' -> 'red 7', 'J' -> 'joker'); the
    players' names, which could look like a tile, are left as they are."""
    if any(TILE_WORD.fullmatch(name) for name in names):
        return line
    return TILE_WORD.sub(lambda found: tile_words(found[0]), line)


class RummikubLines(Presenter):
    GAME_ID = "rummikub"
    HINT = "core.rummikub.hints:hint"
    BEST_LOW = False

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.draft: Draft | None = None
        self.turn_key: tuple[int, int] | None = None
        self.hint_table: list[list[str]] | None = None

    def log_line(self, entry: dict[str, Any], names: list[str]) -> str | None:
        line = log_line(entry, names)
        return None if line is None else said_tiles(line, names)

    def new_state(self) -> None:
        """A draft per turn, as the screen keeps one (dropped once the turn is over)."""
        view, seat = self.view, self.state["seat"]
        key = (view["game_no"], len(view["log"]))
        if not self.table.my_move or view["rack"] is None:
            self.draft = None
        elif self.draft is None or key != self.turn_key:
            table = [list(s) for s in view["table"]]
            self.draft = Draft(
                list(view["rack"]), table, view["melded"][seat], new_marks(self.state)
            )
            self.hint_table = None
        self.turn_key = key

    # ---- saying -------------------------------------------------------------------------
    def sets(self, table: list[list[str]]) -> list[str]:
        """Each set numbered from 1, its tiles in words, and why it is not valid if it is not."""
        lines = []
        for number, tiles in enumerate(table, start=1):
            line = words(
                "Set {number}: {tiles}.", number=number, tiles=listing(tile_words(t) for t in tiles)
            )
            problem = set_problem(tiles)
            if problem is not None:
                line += " " + words("Invalid: {reason}.", reason=problem)
            lines.append(line)
        return lines or [words("The table is empty.")]

    def meld_words(self) -> str:
        draft = self.draft
        if draft is None or draft.melded:
            return ""
        value = draft.meld_value()
        done = " ✓" if value >= MELD_POINTS else ""
        return words(
            "initial meld {value}/{needed}{done}", value=value, needed=MELD_POINTS, done=done
        )

    def turn(self) -> str:
        draft = self.draft
        rack = rack_words(draft.rack if draft else self.view["rack"] or [])
        sets = " ".join(self.sets(draft.table if draft else self.view["table"]))
        meld = self.meld_words()
        return words(
            "Your turn. {sets} Your rack: {rack}. Pool: {pool}. {meld} meld, add, "
            "split, move, done or draw?",
            sets=sets,
            rack=rack,
            pool=self.view["pool_left"],
            meld=meld,
        )

    def hand(self) -> list[str]:
        rack = self.draft.rack if self.draft else self.view["rack"] or []
        return [words("Your rack: {rack}.", rack=rack_words(rack))]

    def board(self) -> list[str]:
        sets = self.sets(self.draft.table if self.draft else self.view["table"])
        racks = listing(
            f"{n}: {size}" for n, size in zip(self.names, self.view["rack_sizes"], strict=True)
        )
        pool = words("Pool: {pool}; racks: {racks}.", pool=self.view["pool_left"], racks=racks)
        return [*sets, pool]

    def totals(self) -> list[int]:
        return list(self.view["scores"])

    # ---- commands -----------------------------------------------------------------------
    def commands(self) -> list[Command]:
        mine = lambda: self.draft is not None  # noqa: E731
        return [
            Command(
                "meld",
                N_("lay these rack tiles as a new set"),
                self.meld,
                usage="R7 R8 R9",  # not words
                now=mine,
            ),
            Command(
                "add",
                N_("add rack tiles to a set"),
                self.add,
                usage="K10 to 3",  # not words
                now=mine,
            ),
            Command(
                "split",
                N_("cut a set in two after a tile"),
                self.split,
                keys=("v",),
                usage="2 after R5",  # not words
                now=mine,
            ),
            Command(
                "move",
                N_("move a tile from one set to another (or to new)"),
                self.move,
                usage="B4 from 2 to 5",  # not words
                now=mine,
            ),
            Command("undo", N_("take back the last change"), self.undo, keys=("u",), now=mine),
            Command(
                "reset",
                N_("put the table and your rack back as the turn began"),
                self.reset,
                keys=("x",),
                now=mine,
            ),
            Command("done", N_("play the table as it is now"), self.done, keys=("p",), now=mine),
            Command("draw", N_("draw a tile: your turn ends"), self.draw, keys=("d",), now=mine),
            Command(
                "apply",
                N_("lay the last hint's play out (done plays it)"),
                self.apply,
                keys=("a",),
                now=mine,
            ),
        ]

    def edit(self, steps: Any) -> None:
        """Run draft edits as one change: all of them, or (on a refusal) none, and say so."""
        draft = self.draft
        if draft is None:
            self.table.say(
                words("A hint is for your own move: wait until the table waits for you.")
            )
            return
        before = len(draft.history)
        try:
            steps(draft)
        except (IllegalMove, ValueError, IndexError) as err:
            while len(draft.history) > before:
                draft.undo()
            reason = (
                refusal_words(err)
                if isinstance(err, IllegalMove)
                else words("there is no tile here to pick up")
            )
            self.table.say(words("Not here: {reason}.", reason=reason))
            return
        self.table.say(*self.sets(draft.table), *self.hand(), self.meld_words())

    def tiles(self, text: str) -> list[str] | None:
        tiles = read_faces(text, NAMES, CODES, joker=JOKER)
        if isinstance(tiles, str) or not tiles:
            self.table.say(tiles if isinstance(tiles, str) else words("Say which tiles."))
            return None
        return tiles

    def meld(self, rest: str) -> None:
        tiles = self.tiles(rest)
        if tiles is None:
            return

        def steps(draft: Draft) -> None:
            for index, tile in enumerate(tiles):
                draft.pick(("rack", draft.rack.index(tile)))
                last = len(draft.table) - 1
                draft.drop(("new",) if index == 0 else ("table", last, len(draft.table[last])))

        self.edit(steps)

    def add(self, rest: str) -> None:
        found = TO.match(rest)
        tiles = self.tiles(found["tiles"]) if found else None
        if found is None or tiles is None:
            if found is None:
                self.table.say(words("Say it as: add K10 to 3."))
            return
        index = int(found["set"]) - 1

        def steps(draft: Draft) -> None:
            for tile in tiles:
                draft.pick(("rack", draft.rack.index(tile)))
                draft.drop(("table", index, len(draft.table[index])))

        self.edit(steps)

    def split(self, rest: str) -> None:
        found = AFTER.match(rest)
        tiles = self.tiles(found["tile"]) if found else None
        if found is None or tiles is None:
            if found is None:
                self.table.say(words("Say it as: split 2 after R5."))
            return
        index = int(found["set"]) - 1
        self.edit(lambda d: d.split(("table", index, d.table[index].index(tiles[0]) + 1)))

    def move(self, rest: str) -> None:
        found = MOVE.match(rest)
        tiles = self.tiles(found["tile"]) if found else None
        if found is None or tiles is None:
            if found is None:
                self.table.say(words("Say it as: move B4 from 2 to 5 (or to new)."))
            return
        old = int(found["old"]) - 1

        def steps(draft: Draft) -> None:
            sets = len(draft.table)
            draft.pick(("table", old, draft.table[old].index(tiles[0])))
            if found["new"].casefold() == "new":
                draft.drop(("new",))
                return
            new = int(found["new"]) - 1
            if len(draft.table) < sets and new > old:
                new -= 1  # the set the tile left is gone: the later ones moved up
            draft.drop(("table", new, len(draft.table[new])))

        self.edit(steps)

    def undo(self, _rest: str) -> None:
        if self.draft is not None and not self.draft.undo():
            self.table.say(words("Nothing to undo this turn."))
            return
        self.edit(lambda d: None)

    def reset(self, _rest: str) -> None:
        self.edit(lambda d: d.reset())

    async def done(self, _rest: str) -> None:
        if self.draft is not None:
            await self.table.send({"kind": "play", "table": [list(s) for s in self.draft.table]})

    async def draw(self, _rest: str) -> None:
        await self.table.send({"kind": "draw"})

    def hinted(self, action: dict[str, Any]) -> None:
        self.hint_table = action.get("table") if action.get("kind") == "play" else None

    def apply(self, _rest: str) -> None:
        table = self.hint_table
        if table is None:
            self.table.say(
                words("No play to apply: h asks for a hint first (if it says draw, press d).")
            )
            return
        self.edit(lambda d: d.adopt(table))
