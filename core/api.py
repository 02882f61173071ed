"""The contract every game honours, and the one exception the rules raise.

A game is a stateless object; its states are immutable values. Keeping the game and the state
apart is what lets the host hold one state, bots explore copies of it, and `replay` rebuild it
from a match record: nothing but `apply` moves a game forward, and `apply` never mutates.
"""

from __future__ import annotations

import random
import reprlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from core.refusals import PLAIN, REFUSALS, fits, word

Action = dict[str, Any]
View = dict[str, Any]

MAX_ECHO = 40  # characters of a client's value quoted back in an error message
_BRIEF = reprlib.Repr()  # keyword arguments need Python 3.12
_BRIEF.maxstring = _BRIEF.maxother = MAX_ECHO
_BRIEF.maxlist = _BRIEF.maxdict = 4
_BRIEF.maxlevel = 2


class IllegalMove(ValueError):
    """An action the rules refuse, as data: `code` (a key of core.refusals.REFUSALS) and
    `params` (plain str and int values), so each client can word it in its own language;
    `str(err)` is the English sentence.

    Raised as `IllegalMove("not_your_turn", turn=2, seat=0)`, or `IllegalMove("game_over")`
    for a template without placeholders. A bare sentence that is not a code (code outside core
    and net not coded yet) is still accepted, as the code `refused` with the sentence as its
    `message`: core and net never raise one (tests/core/test_refusals.py checks).
    """

    code: str
    params: dict[str, str | int]

    def __init__(self, code: str, /, **params: str | int) -> None:
        if code not in REFUSALS and not params:
            code, params = PLAIN, {"message": code}
        super().__init__(word(code, params))
        self.code = code
        self.params = params

    @classmethod
    def of(cls, err: ValueError) -> IllegalMove:
        """`err` as a refusal: itself when it is one, else its sentence as the plain code."""
        return err if isinstance(err, IllegalMove) else cls(str(err))

    @classmethod
    def rebuilt(cls, code: str, params: Mapping[str, str | int], english: str) -> IllegalMove:
        """A refusal received from elsewhere (a host's error frame): worded here when this
        side knows the code and the params fit its template, else `english`, the sender's
        sentence (a newer host's code), keeping the code and params either way."""
        if fits(code, params):
            return cls(code, **params)
        err = cls(english)
        err.code, err.params = code, dict(params)
        return err


OPTION_LABEL = "a game's option"
"""The catalogs' context of every option's label: its short English word serves other places
too ("Games" is also a club's list of games), which other languages say with other words."""


@dataclass(frozen=True)
class Option:
    """One option a game declares, so set-up screens can draw a control for it and the host can
    refuse a value outside it. `game.options` stays the plain map of defaults built from these.

    An option is either a whole number in `low..high` (with `step` between the values a screen
    offers) or one of `choices` (booleans are choices too: `(False, True)`).
    """

    name: str
    label: str  # marked for the catalogs in OPTION_LABEL's context (NC_): each screen words it
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    step: int = 1

    def values(self) -> tuple[Any, ...]:
        """Every value a set-up screen offers, in order."""
        if self.choices is not None:
            return self.choices
        assert self.low is not None and self.high is not None
        return tuple(range(self.low, self.high + 1, self.step))

    def check(self, value: object) -> Any:
        """The value if this option allows it, else ValueError saying what it allows."""
        if self.choices is not None:
            if any(type(value) is type(c) and value == c for c in self.choices):
                return value
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {self.name!r} must be one of {allowed}, not {brief(value)}")
        assert self.low is not None and self.high is not None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"option {self.name!r} must be a whole number, not {brief(value)}")
        if not self.low <= value <= self.high:
            raise ValueError(
                f"option {self.name!r} must be from {self.low} to {self.high}, not {value}"
            )
        return value


def option_defaults(specs: Sequence[Option]) -> dict[str, Any]:
    """The plain map `game.options` of a game's declared options."""
    return {spec.name: spec.default for spec in specs}


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: the same permutation from the same draws, for a deal's worth of
    items at about a third of the cost.

    `random.Random.shuffle` draws each index through two Python calls (`_randbelow` and the
    getrandbits loop inside it), which made the shuffles alone a tenth of a Papayoo game in the
    engine benchmark. This is that same loop written out (CPython's, unchanged since 3.2), so
    records and replays deal exactly what they dealt before; a subclass of `Random` with its
    own draws keeps its own shuffle. tests/core/test_shuffle.py holds the two equal."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def sample(rng: random.Random, items: Sequence[Any], count: int) -> list[Any]:
    """`rng.sample(items, count)`, draw for draw, for the small draws games make (a Papayoo
    pass: 5 of 15), written out as `shuffle` is; other sizes and `Random` subclasses go to
    `rng.sample` itself. tests/core/test_shuffle.py holds the two equal."""
    size = len(items)
    if type(rng) is not random.Random or not 0 <= count <= min(size, 5) or size > 21:
        return rng.sample(items, count)  # CPython's set-based branch, or its refusal
    getrandbits = rng.getrandbits
    pool = list(items)
    result = []
    for i in range(count):
        bound = size - i
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[bound - 1]
    return result


def first_deal(
    opts: dict[str, Any],
    seed: int,
    players: int,
    items: Sequence[Any],
    check_deck: Callable[[object], Sequence[Any]],
) -> tuple[list[Any], int]:
    """The order of a game's first deal and the seat that starts, as every `new` does it:
    option `deck` (checked by `check_deck`) or a shuffle of `items` from the seed, then
    option `first` or a random seat from the same PRNG (design.md, options every game
    accepts)."""
    rng = random.Random(seed)
    if opts.get("deck") is not None:
        order = list(check_deck(opts["deck"]))
    else:
        order = list(items)
        shuffle(rng, order)
    first = opts["first"] if opts.get("first") is not None else rng.randrange(players)
    return order, first


def ranked(
    scores: list[int], over: bool, best: Callable[[list[int]], int] = max
) -> dict[str, list[int]]:
    """`game.result`: the scores, and once the game is over the seats whose score is `best`
    (ties all win)."""
    if not over:
        return {"scores": scores, "winners": []}
    top = best(scores)
    return {"scores": scores, "winners": [i for i, v in enumerate(scores) if v == top]}


def view_head(game: Game, state: Any, seat: int | None, players: int) -> View:
    """The keys every view starts with (design.md): game, seat, players, to_act, over."""
    return {
        "game": game.id,
        "seat": seat,
        "players": players,
        "to_act": game.to_act(state),
        "over": game.is_over(state),
    }


def chance(seed: int, *labels: object) -> random.Random:
    """A PRNG for one chance event after `new` (a die roll, a re-deal), derived from the match
    seed and labels naming the event (say the deal number and the roll count).

    States stay small immutable values that carry only the seed and their counters, yet every
    roll is fixed by the record: replaying the same actions rolls the same dice. The string seed
    is hashed (SHA-512), so nothing a view shows reveals the seed.
    """
    return random.Random(":".join(str(part) for part in (seed, *labels)))


@runtime_checkable
class Game(Protocol):
    """What the host, bots, arena and TUI rely on; see design.md, "The core contract"."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    option_specs: tuple[Option, ...]

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> Any: ...
    def to_act(self, state: Any) -> list[int]: ...
    def legal_actions(self, state: Any, seat: int) -> list[Action]: ...
    def apply(self, state: Any, seat: int, action: Action) -> Any: ...
    def view(self, state: Any, seat: int | None) -> View: ...
    def is_over(self, state: Any) -> bool: ...
    def result(self, state: Any) -> dict[str, list[int]]: ...
    def round_number(self, state: Any) -> int:
        """Which round of the match `state` is in (a Papayoo deal, a Pásovec round, a game of a
        Rummikub match), never decreasing; 0 for a game played in one round. When an action
        makes it grow and the game goes on, the host pauses the table so everyone sees the
        round's summary (net/PROTOCOL.md, `pause`)."""
        ...

    def default_action(self, state: Any, seat: int) -> Action:
        """A legal action for a seat in `to_act`: a crashed bot's fallback, an expired clock's
        move in games whose rules have no penalty of their own."""
        ...

    def timeout_action(self, state: Any, seat: int) -> Action:
        """What the host's turn clock applies for a seat whose time ran out: the rules' own
        penalty where they have one (Rummikub's `timeout`), else `default_action`."""
        ...

    def random_action(self, state: Any, seat: int, rng: random.Random) -> Action:
        """A random legal action for a seat in `to_act`, including the kinds `legal_actions`
        does not list (a Papayoo pass, a Rummikub play): random play in tests and benchmarks."""
        ...

    def twin(self, state: Any, seat: int | None, rng: random.Random) -> Any:
        """Another state that differs from `state` only in what `seat` may not know (the deck's
        order, other hands, others' undecided choices, the seed): the contract suite checks that
        `seat`'s view of both is equal, the strong test that views leak nothing."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A player that sees exactly its seat's view, so it cannot cheat."""

    def act(self, view: View, rng: Any) -> Action: ...


def action_kind(action: object, kinds: tuple[str, ...]) -> str:
    """The action's kind, or IllegalMove when the action is not a dict with a known kind.

    Every game calls this first, so a malformed intent from a client is refused in the same
    words whatever the game.
    """
    if not isinstance(action, dict):
        raise IllegalMove("action_not_a_map", type=type(action).__name__)
    kind = action.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        known = ", ".join(repr(k) for k in kinds)
        raise IllegalMove("unknown_kind", kind=brief(kind), known=known)
    return kind


def brief(value: object) -> str:
    """A short repr of something a client sent, for an error message: echoing a huge or
    hostile value in full would make the error itself too large to send. At most MAX_ECHO
    characters, however the value nests (net/PROTOCOL.md promises it)."""
    text = _BRIEF.repr(value)
    return text if len(text) <= MAX_ECHO else text[: MAX_ECHO - 1] + "…"


def check_seat(seat: object, players: int) -> int:
    """The seat as an int in range, or IllegalMove."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise IllegalMove("no_such_seat", seat=brief(seat), players=players)
    return seat


def check_players(game: Game, players: object) -> int:
    """The number of seats, or ValueError when the game cannot be played with it."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not game.min_players <= players <= game.max_players:
        raise IllegalMove(
            "players_range",
            title=game.title,
            low=game.min_players,
            high=game.max_players,
            players=players,
        )
    return players


def check_options(game: Game, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """The game's options merged over its defaults; an unknown name, a value outside the
    option's declaration or a bad `first` raise ValueError."""
    merged: dict[str, Any] = dict(game.options)
    specs = {spec.name: spec for spec in game.option_specs}
    for name, value in (options or {}).items():
        if name in specs:
            merged[name] = specs[name].check(value)
        elif name in ("first", "deck"):
            merged[name] = value
        else:
            raise ValueError(f"{game.title} has no option {name!r}")
    first = merged.get("first")
    if first is not None and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
    ):
        raise ValueError(f"option 'first' must be a seat from 0 to {players - 1}, not {first!r}")
    return merged
