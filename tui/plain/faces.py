"""Cards and tiles as typed and as said: a code ("S7", "R11", "J") or words in either order
("7 spades", "spades 7", "red 11", "joker"), the suit or colour in English or in the player's
language, by any prefix that names one."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from tui.base.i18n import words


def groups(parts: Iterable[str]) -> str:
    """'spades 3, 7; hearts 10': groups that hold commas themselves, with the language's own
    semicolon (Persian writes '؛'), in reading order."""
    out = ""
    for part in parts:
        out = words("{first}; {then}", first=out, then=part) if out else part
    return out


def face_words(letter: str, number: int, names: Mapping[str, str]) -> str:
    """'spades 7', 'red 11': the suit or colour by its word, then the number (reading order)."""
    return words("{suit} {number}", suit=words(names[letter]), number=number)


def read_faces(
    text: str, names: Mapping[str, str], codes: Collection[str], joker: str | None = None
) -> list[str] | str:
    """The codes `text` names, in order, else a sentence saying which word is not one."""
    parts = text.replace(",", " ").split()
    found: list[str] = []
    at = 0
    while at < len(parts):
        part = parts[at]
        if part.upper() in codes:
            found.append(part.upper())
            at += 1
            continue
        if joker is not None and part.casefold() in ("joker", words("joker").casefold()):
            found.append(joker)
            at += 1
            continue
        pair = parts[at : at + 2]
        code = _pair(pair, names) if len(pair) == 2 else None
        if code is None or code not in codes:
            return words("{word} is not a card or tile here.", word=" ".join(pair) or part)
        found.append(code)
        at += 2
    return found


def _pair(pair: list[str], names: Mapping[str, str]) -> str | None:
    """'7 spades' or 'spades 7' as a code; None if it is neither."""
    first, second = pair
    if first.isdigit():
        letter = _letter(second, names)
        number = first
    else:
        letter, number = _letter(first, names), second
    return f"{letter}{number}" if letter is not None and number.isdigit() else None


def _letter(word: str, names: Mapping[str, str]) -> str | None:
    """The suit or colour letter a word names (a prefix of its English or translated word)."""
    typed = word.casefold()
    hits = {
        letter
        for letter, name in names.items()
        if name.casefold().startswith(typed) or words(name).casefold().startswith(typed)
    }
    return hits.pop() if len(hits) == 1 else None
