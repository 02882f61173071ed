"""Persian in a terminal: terminals lay cells left to right, and most (the tmux, xterm and VTE
family) neither reorder right-to-left text nor join Arabic-script letters. So a line with
Persian in it is shaped (each letter in the form its neighbours call for, arabic-reshaper) and
put in visual order (the Unicode bidirectional algorithm, python-bidi's pure `bidi.algorithm`,
run step by step here so that each character keeps its place in the text: the styles on a line
follow their letters) just before it reaches the screen (tui/base/layout.py): the terminal
then shows, left to right, what a reader of Persian reads right to left.

Everything else in the program keeps text in reading order. This module is the layout itself,
with no knowledge of languages: the caller says which way a line reads.

- A code (`♦D7`, `R7`), a signed number (`-3`, `--port`), a range (`12–18`), a percentage or a
  Latin word with its own punctuation (`No Thanks!`) is one left-to-right unit: each is wrapped
  in a left-to-right embedding before the algorithm runs, so that a suit sign, a minus or a
  dash, neutral for the algorithm, stays with it (`(D7 (40♦` and `18–12` were the algorithm's
  own reading). Several units in a row (a list of cards) read left to right together, as Latin
  words do.
- A piece of text that is a paragraph of its own inside a line, such as a table's cell, is
  wrapped in an embedding (`embedded`), so that it is laid out by itself and stays in its
  column; the line around it keeps the direction of its own words.
- Zero-width joiners and non-joiners (U+200D, U+200C: `می‌شود`) shape the letters around them
  and stay in the text.

A terminal that does its own bidi (mlterm, Konsole with bidi on) would reorder these lines a
second time; the README names the terminals that show Persian properly.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TypeVar

from rich.cells import cell_len

LRE, RLE, PDF = "\u202a", "\u202b", "\u202c"
"""The embedding marks: a left-to-right or right-to-left embedding, and its end."""
LRM = "\u200e"
"""A left-to-right mark: a writer's hint for the algorithm (the Persian catalog writes a range
of sums with one, '۱۲\u200e–۱۸'), dropped once the line is laid out."""
MARKS = (LRE, RLE, PDF, LRM)
JOINERS = ("\u200c", "\u200d")  # zero-width non-joiner and joiner
RIGHT_TO_LEFT_LETTER = re.compile(
    "["
    + "".join(
        chr(code)
        for first, last in ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFC))
        for code in range(first, last + 1)
        if unicodedata.bidirectional(chr(code)) in ("R", "AL")
    )
    + "]"
)
"""Hebrew and Arabic-script letters (with their presentation forms), the bidi classes R and
AL: not the Persian comma or digits, which a key list or a number may hold by themselves."""
LATIN = "A-Za-z\u00c0-\u024f"  # Latin letters, the accented ones too (Pásovec)
DIGIT = "0-9\u0660-\u0669\u06f0-\u06f9"  # European, Arabic-Indic and Persian digits
SUITS = "♠♥♦♣¤"  # the signs before a card's code: the four suits and Papayoo's Payoo (¤P20)
UNIT = re.compile(
    rf"(?<![{LATIN}{DIGIT}])(?:[-+$#]+|[{SUITS}])?[{LATIN}{DIGIT}]+"
    rf"(?:[–\-./:×'’][{LATIN}{DIGIT}]+)*[%٪!]?"
)
"""A word of Latin letters or digits with what belongs to it: a sign or suit before it, dashes,
points and colons inside it (a range, a time, a decimal), a percent or an exclamation mark
after it."""


def has_right_to_left(text: str) -> bool:
    """Whether `text` has a letter written right to left (a name or an untranslated English
    text has none, and is drawn as it is)."""
    return RIGHT_TO_LEFT_LETTER.search(text) is not None


def embedded(text: str, right_to_left: bool) -> str:
    """`text` marked as a paragraph of its own that reads right to left (or left to right),
    to stand inside another line (a cell in a table's row). Marks take no cells."""
    return f"{RLE if right_to_left else LRE}{text}{PDF}"


def outside_embeddings(text: str) -> str:
    """`text` without its embedded parts: the words that decide the direction of its line."""
    out, at = [], 0
    for start, end in _cells(text):
        out.append(text[at:start])
        at = end
    out.append(text[at:])
    return "".join(out)


STRETCH = re.compile(rf"{UNIT.pattern}(?:,? +{UNIT.pattern})*")
"""Units one after another, with spaces or Latin commas between them: one left-to-right run
("No Thanks!", "♠S10 ♥H7", "Ana, Bo"). A Persian comma ends the run, so that a list in a
Persian sentence is read in the sentence's order."""
ATOM = "\ufffc"  # a neutral stand-in (U+FFFC, bidi class ON) for a run or a cell


def _is_unit(word: str) -> bool:
    """A run the algorithm would tear apart: one with a Latin letter, a sign or a suit in it,
    or a mark inside or after it. A bare number is left alone: digits read left to right by
    themselves, and a list of numbers keeps the order of the sentence around it."""
    return not word.isdigit()


def _cells(line: str) -> Iterator[tuple[int, int]]:
    """The (start, end) of each outermost embedding in `line`, marks included; an embedding
    left open runs to the end of the line."""
    depth, start = 0, 0
    for index, ch in enumerate(line):
        if ch in (LRE, RLE):
            if depth == 0:
                start = index
            depth += 1
        elif ch == PDF and depth:
            depth -= 1
            if depth == 0:
                yield start, index + 1
    if depth:
        yield start, len(line)


def _atoms(line: str, right_to_left: bool) -> list[tuple[int, int, str]]:
    """The parts of `line` laid out as blocks of their own, in order: each cell ("cell"), and
    on a right-to-left line each left-to-right run ("run")."""
    atoms: list[tuple[int, int, str]] = []
    at = 0
    for start, end in [*_cells(line), (len(line), len(line))]:
        if right_to_left:
            for match in STRETCH.finditer(line, at, start):
                if _is_unit(match.group(0)):
                    atoms.append((match.start(), match.end(), "run"))
        if end > start:
            atoms.append((start, end, "cell"))
        at = end
    return atoms


@lru_cache(maxsize=1)
def _reshaper() -> object:
    """Shaping that keeps one character for one: no ligatures (`لا` stays two letters), no
    marks or tatweels dropped, so styles and cells keep their places."""
    from arabic_reshaper import ArabicReshaper

    return ArabicReshaper(
        configuration={
            "support_ligatures": False,
            "delete_harakat": False,
            "delete_tatweel": False,
            "support_zwj": True,
        }
    )


def shaped(text: str) -> str:
    """`text` with each Arabic-script letter in the form its neighbours call for (one
    character for one)."""
    return _reshaper().reshape(text)  # type: ignore[attr-defined, no-any-return]


def _algorithm(text: str, right_to_left: bool, strong: dict[int, str]) -> list[tuple[str, int]]:
    """The bidirectional algorithm on one line with no embeddings: its characters in visual
    order, brackets mirrored where they read right to left, each with its index in `text`.
    The stand-ins at `strong` (index: "L" or "R") are neutral while numbers find their
    direction (so `(40)` after a code is still a number of the sentence) and strong for the
    neutrals between them (so a row of codes, or a usage line, reads as one run)."""
    from bidi import algorithm as uba  # the pure implementation, step by step

    storage = uba.get_empty_storage()
    storage["base_level"] = 1 if right_to_left else 0
    storage["base_dir"] = "R" if right_to_left else "L"
    uba.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index
        if char["ch"] in JOINERS:  # boundary neutrals the algorithm would drop (X9)
            char["type"] = char["orig"] = "NSM"
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    for char in storage["chars"]:
        if char["index"] in strong:
            char["type"] = strong[char["index"]]
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    uba.reorder_resolved_levels(storage, False)
    uba.apply_mirroring(storage, False)
    return [(char["ch"], char["index"]) for char in storage["chars"]]


def _laid_out(line: str, right_to_left: bool, offset: int) -> list[tuple[str, int]]:
    """`line` (shaped) laid out, each character with its index in the whole text (`offset`
    where `line` starts in it): its cells and runs stand in the line as blocks, each laid out
    by itself (much as Unicode's isolates, which the pure algorithm predates)."""
    atoms = _atoms(line, right_to_left)
    stand_in: list[str] = []
    where: list[int] = []  # per stand-in character: its index in `line`, or -1 - atom number
    strong: dict[int, str] = {}
    at = 0
    for number, (start, end, kind) in enumerate(atoms):
        stand_in.append(line[at:start] + ATOM)
        where.extend(range(at, start))
        strong[len(where)] = "R" if kind == "cell" and line[start] == RLE else "L"
        where.append(-1 - number)
        at = end
    stand_in.append(line[at:])
    where.extend(range(at, len(line)))
    drawn: list[tuple[str, int]] = []
    for ch, index in _algorithm("".join(stand_in), right_to_left, strong):
        place = where[index]
        if place >= 0:
            if ch != LRM:
                drawn.append((ch, offset + place))
            continue
        start, end, kind = atoms[-1 - place]
        if kind == "run":
            drawn.extend((line[i], offset + i) for i in range(start, end))
        else:  # a cell: its marks off, laid out in its own direction
            inner_end = end - 1 if line[end - 1] == PDF else end
            inner = line[start + 1 : inner_end]
            drawn.extend(_laid_out(inner, line[start] == RLE, offset + start + 1))
    return drawn


@lru_cache(maxsize=4096)
def reorder(line: str, right_to_left: bool) -> tuple[tuple[str, int], ...]:
    """One line laid out: its characters in visual order (shaped, brackets mirrored where they
    read right to left), each with its index in `line`; embedding marks are dropped. The
    line reads right to left when `right_to_left`, else left to right."""
    return tuple(_laid_out(shaped(line), right_to_left, 0))


def visual(text: str, right_to_left: bool) -> str:
    """`text` as a left-to-right terminal must draw it, each line laid out by itself, reading
    right to left as its base direction when `right_to_left`, else left to right with its
    right-to-left words reordered and shaped where they stand. For text written out by the
    program itself (the command line's help, the doors' few words); the screens lay out
    theirs in tui/base/layout.py. Text with no right-to-left letter is drawn as it is."""
    if not has_right_to_left(text):
        return "".join(ch for ch in text if ch not in MARKS)
    return "\n".join(
        "".join(ch for ch, _ in reorder(line, right_to_left)) for line in text.split("\n")
    )


Style = TypeVar("Style")


def moved_spans(
    order: Iterable[int], spans: Iterable[tuple[int, int, Style]]
) -> Iterator[tuple[int, int, Style]]:
    """Styled spans of a line (start, end, style in reading order) where their characters
    stand once laid out (`order`: the reading index of each drawn character): a span whose
    characters are split up by the layout becomes several, in the same order of precedence."""
    place = {index: position for position, index in enumerate(order)}
    for start, end, style in spans:
        positions = sorted(place[i] for i in range(start, end) if i in place)
        first = last = None
        for position in positions:
            if last is not None and position == last + 1:
                last = position
                continue
            if first is not None and last is not None:
                yield first, last + 1, style
            first = last = position
        if first is not None and last is not None:
            yield first, last + 1, style


def cut(text: str, width: int, lead: str = "") -> list[str]:
    """`text` (one paragraph, in reading order) cut at spaces into lines of at most `width`
    cells, a word longer than that on a line of its own; `lead` ("• ") opens the first line and
    the others hang under it. Cells, not characters: a zero-width joiner takes none."""
    hang = " " * cell_len(lead)
    lines: list[str] = []
    line, fresh = lead, True
    for word in text.split(" "):
        if not fresh and cell_len(line) + 1 + cell_len(word) > width:
            lines.append(line)
            line = hang + word
        else:
            line = line + word if fresh else f"{line} {word}"
        fresh = False
    lines.append(line)
    return lines


def flush_right(line: str, width: int) -> str:
    """A line in reading order laid out right to left and set against the right edge of
    `width` cells, where a reader of it starts (for text the program writes out itself)."""
    drawn = visual(line, right_to_left=True)
    return " " * max(width - cell_len(drawn), 0) + drawn
