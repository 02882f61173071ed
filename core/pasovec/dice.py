"""The six dice of Pásovec (PA-2, PA-7): the 26 combinations and their exact sum distributions.

Every probability the bots, the hints and the screen show comes from here, computed by
enumerating the equally likely faces of the chosen dice, so a shown "47%" is exact rather than
estimated. The tables are built once at import: 26 combinations of at most 3^6 = 729 outcomes.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from core.phrases import Phrase, counted, phrase

COLOURS = ("blue", "yellow", "red")
FACES: dict[str, tuple[int, ...]] = {"blue": (1, 2, 3), "yellow": (4, 5, 6), "red": (7, 8, 9)}
LETTERS = {"blue": "B", "yellow": "Y", "red": "R"}
MAX_EACH = 2
MAX_SUM = sum(max(faces) * MAX_EACH for faces in FACES.values())  # 36

Combo = tuple[int, int, int]
"""How many blue, yellow and red dice are rolled, in the order of `COLOURS`."""

COMBOS: tuple[Combo, ...] = tuple(
    combo for combo in itertools.product(range(MAX_EACH + 1), repeat=3) if any(combo)
)  # PA-7: any non-empty choice, 26 in all


def dice_of(combo: Combo) -> tuple[str, ...]:
    """The colour of every die the combination rolls, blue first."""
    return tuple(colour for colour, count in zip(COLOURS, combo, strict=True) for _ in range(count))


def _exact(combo: Combo) -> dict[int, Fraction]:
    faces = [FACES[colour] for colour in dice_of(combo)]
    counts = Counter(sum(outcome) for outcome in itertools.product(*faces))
    total = 3 ** len(faces)
    return {s: Fraction(n, total) for s, n in sorted(counts.items())}


_DICE = {combo: dice_of(combo) for combo in COMBOS}

DISTRIBUTIONS: dict[Combo, dict[int, Fraction]] = {combo: _exact(combo) for combo in COMBOS}
"""PA-2/PA-7: per combination, each possible sum and its exact probability."""

CHANCES: dict[Combo, tuple[float, ...]] = {
    combo: tuple(float(dist.get(s, 0)) for s in range(MAX_SUM + 1))
    for combo, dist in DISTRIBUTIONS.items()
}
"""The same as floats indexed by the sum (0..36), for the bots' inner loops."""


TAPE_ROLLS = 64
"""Rolls drawn from one `tape`: six faces each, whatever the dice chosen."""

_FACE_OF_BYTE = bytes(value % 3 for value in range(256))
_UNEVEN = b"\xff"
"""Byte 255 is dropped from a tape's random bytes: the other 255 split evenly, 85 to a face."""


def tape(rng: random.Random) -> bytes:
    """Face indices (0, 1 or 2, equally likely, PA-2) for `TAPE_ROLLS` rolls of up to six dice.

    Drawing a tape of faces at once instead of a fresh PRNG per roll keeps the cost of a roll
    low (seeding a PRNG is the dearest step of a game), and drawing it as random bytes mapped
    to faces by `bytes.translate` keeps it all in C; the faces are fixed by the tape's
    PRNG all the same, so the record still replays the same dice.
    """
    size = TAPE_ROLLS * 6
    faces = b""
    while len(faces) < size:
        faces += rng.randbytes(size).translate(_FACE_OF_BYTE, _UNEVEN)
    return faces[:size]


Outcome = tuple[tuple[tuple[str, int], ...], int]
"""A roll as the dice show it, (colour, value) for each die, and its sum."""


def _outcomes(combo: Combo) -> tuple[int, dict[bytes, Outcome]]:
    colours = _DICE[combo]
    table: dict[bytes, Outcome] = {}
    for faces in itertools.product(range(3), repeat=len(colours)):
        dice = tuple(
            (colour, FACES[colour][index]) for colour, index in zip(colours, faces, strict=True)
        )
        table[bytes(faces)] = (dice, sum(value for _, value in dice))
    return len(colours), table


OUTCOMES: dict[Combo, tuple[int, dict[bytes, Outcome]]] = {
    combo: _outcomes(combo) for combo in COMBOS
}
"""Per combination: how many dice it rolls, and the outcome of every string of that many face
indices (2,196 in all), so a roll is one slice of the tape and one look-up: the dice showing
`table[tape[start : start + count]]` and their sum."""


def combo_phrase(combo: Combo) -> Phrase | str:
    """A combination's short name, colours by word: "blue+red", "2 yellow", as words of no
    language yet (core/phrases.py): the hints and the screens word it ('' for no dice)."""
    parts = [_dice_of(colour, count) for colour, count in zip(COLOURS, combo, strict=True) if count]
    out: Phrase | str = parts[0] if parts else ""
    for part in parts[1:]:
        out = phrase("{first}+{then}", first=out, then=part)
    return out


def _dice_of(colour: str, count: int) -> Phrase:
    """The dice of one colour: "blue" for one, "2 blue" for two."""
    if colour == "blue":
        return counted("blue", "{count} blue", count)
    if colour == "yellow":
        return counted("yellow", "{count} yellow", count)
    return counted("red", "{count} red", count)


def combo_label(combo: Combo) -> str:
    """A combination's short name in English (`combo_phrase`): "blue+red", "2 yellow"."""
    return str(combo_phrase(combo))


def sum_span(combo: Combo) -> Phrase:
    """The sums a combination can roll, lowest to highest, as players read them: "12–18"
    (a phrase: each language writes the numbers its way, Persian "۱۲–۱۸", still lowest first)."""
    sums = DISTRIBUTIONS[combo]
    return phrase("{low}–{high}", low=min(sums), high=max(sums))


_COUNTS = {combo: dict(zip(COLOURS, combo, strict=True)) for combo in COMBOS}


def combo_action(combo: Combo) -> dict[str, object]:
    """The roll action for a combination (design.md: a colour left out counts 0)."""
    return {"kind": "roll", "dice": _COUNTS[combo].copy()}


def free_chance(hand: tuple[int, ...] | list[int], combo: Combo) -> float:
    """The chance the combination's sum equals a card of `hand`: one card shed for free."""
    chances = CHANCES[combo]
    return sum(chances[value] for value in set(hand))


def best_free_combo(hand: tuple[int, ...] | list[int]) -> Combo:
    """The dice most likely to hit a card of `hand` exactly (ties: the first in `COMBOS`)."""
    return max(COMBOS, key=lambda combo: free_chance(hand, combo))
