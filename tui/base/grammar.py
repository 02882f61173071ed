"""Grammar a catalog cannot choose by itself, chosen by code where a text's parameters are put
in (`tui.base.i18n.words`): it depends on the value, which the translator never sees.

A translation asks for it in its placeholders' format specs, so a catalog keeps exactly the
placeholders of its English text (tests/i18n/test_catalogs.py checks it):

- `{card:az}` (Hungarian): the definite article the value takes, then the value: "az 1",
  "az 5", "a 23", "az 1000", "az R7", "a Papayoo" (by how the value is said: a number by its
  first word, a code by its first letter's name, a word by its first letter); `{seat:Az}` at a
  sentence's start; `{card:as}` a number as the adjective naming a card ("28-as", "25-ös"),
  `{card:az-as}` both ("a 28-as lapot").
- `{deals:ze}` (Czech): the preposition z / ze, then the value, "z 5", "ze 4", "ze 12".
- `{who:vzal/vzala/bere}`: one word by the grammatical gender of a person (`Name.gender`):
  masculine / feminine / a person whose gender is not known (a person at the table, or "you"),
  which a translation phrases around (Czech: the present tense instead of a gendered past).
  The value itself is not written: "{who} {who:vzal/vzala/bere} {card}".

Numbers are written the language's way: a decimal comma (hu, cs, ro) or the Persian separator
and digits (fa: ۰–۹, as the Persian rule sheets write them). A range (Pásovec's sums "12–18", a
No Thanks! run "22–24") is the catalog's "{low}–{high}" with two numbers, which Persian keeps in
one left-to-right unit. Codes (`R7`, `♠S7`) are text, never numbers, so they keep their Latin
digits; so do the parameters in `LATIN_NUMBERS` (a port is typed as it is shown).
"""

from __future__ import annotations

import string
from typing import Any

DECIMAL = {"hu": ",", "cs": ",", "ro": ",", "fa": "٫"}
"""Each language's decimal separator where it is not English's point."""
PERCENT_SPACE = {"cs": "\u00a0"}
"""The space a language writes between a number and its percent sign: Czech '45 %' (a
no-break space, so a line never parts them); Hungarian, Romanian and English '45%', Persian
'۴۵٪' (its own sign, after the number as it is read)."""
PERSIAN_DIGITS = str.maketrans("0123456789%", "۰۱۲۳۴۵۶۷۸۹٪")
LATIN_NUMBERS = frozenset({"port", "seed", "pid"})
"""Parameters that are numbers but read as codes: written with Latin digits in every language."""
GENDERS = ("m", "f")  # the order of a `{who:he/she/unknown}` spec's words

# Hungarian: the letters whose names start with a vowel sound (a, e, ef, el, em, en, o, er, es,
# u, iksz...), so "az R7", "az S10", "a K9".
HU_VOWEL_LETTERS = frozenset("AEFILMNORSUXÁÉÍÓÖŐÚÜŰ")
HU_VOWELS = frozenset("AEIOUÁÉÍÓÖŐÚÜŰ")
# Czech: the numbers below 20 whose names start so that "z" becomes "ze" (dva, tři, čtyři, šest,
# sedm, dvanáct, třináct, čtrnáct, šestnáct, sedmnáct) and the tens likewise (dvacet, třicet...).
CS_ZE_UNITS = frozenset({2, 3, 4, 6, 7, 12, 13, 14, 16, 17})
CS_ZE_TENS = frozenset({2, 3, 4, 6, 7})


class Name(str):
    """A person's name as a sentence says it ("Ana", "You" in the reader's words), with what
    grammar needs of them: their grammatical gender when it is known ("m", "f": the bots'), and
    whether they are the reader ("you"). It is a `str`, so anything that shows a name takes it."""

    gender: str | None
    you: bool

    def __new__(cls, text: str, gender: str | None = None, you: bool = False) -> Name:
        name = super().__new__(cls, text)
        name.gender = gender
        name.you = you
        return name


def hungarian_article(value: object) -> str:
    """'a' or 'az' before `value`, by the sound its spoken form starts with: a number by its
    first word, a code ("R7", "S10") by its first letter's name, a word by its first letter."""
    if isinstance(value, int) and not isinstance(value, bool):
        return "az" if value >= 0 and hungarian_vowel_number(value) else "a"
    text = str(value).strip()
    if text[:1].isdigit():
        digits = text[: len(text) - len(text.lstrip("0123456789"))]
        return "az" if hungarian_vowel_number(int(digits)) else "a"
    word = "".join(ch for ch in text.split(" ")[0] if ch.isalnum())
    if is_code(word):
        return "az" if word[0].upper() in HU_VOWEL_LETTERS else "a"
    return "az" if word[:1].upper() in HU_VOWELS else "a"


def is_code(word: str) -> bool:
    """Whether `word` is read letter by letter: a card or tile code (R7, S10), an initial."""
    return len(word) == 1 or any(ch.isdigit() for ch in word) or (word.isupper() and word != "")


HU_SUFFIXES = {1: "es", 2: "es", 3: "as", 4: "es", 5: "ös", 6: "os", 7: "es", 8: "as", 9: "es"}
HU_TENS_SUFFIXES = {1: "es", 2: "as", 3: "as", 4: "es", 5: "es", 6: "as", 7: "es", 8: "as", 9: "es"}


def hungarian_adjective(number: int) -> str:
    """A number as the adjective that names a card by it: 28-as, 25-ös, 10-es, 100-as."""
    n = abs(number)
    if n % 10:
        suffix = HU_SUFFIXES[n % 10]
    elif n % 100:
        suffix = HU_TENS_SUFFIXES[n % 100 // 10]
    else:
        suffix = "as" if n % 1000 else "es"  # százas, ezres
    return f"{number}-{suffix}"


def hungarian_vowel_number(number: int) -> bool:
    """Whether the Hungarian name of `number` starts with a vowel: egy (1), öt (5), ötven,
    ötszáz, ezer (1000–1999), egymillió... but tíz, tizenegy, száz (10–19, 100–199) do not."""
    if number >= 1000:
        group, scale = number, 0
        while group >= 1000:
            group, scale = group // 1000, scale + 1
        return group == 1 or hungarian_vowel_number(group)  # ezer, egymillió; ötezer...
    if number >= 100:
        return number // 100 == 5  # ötszáz; száz, kétszáz...
    if number >= 10:
        return number // 10 == 5  # ötven; tíz, tizen-, húsz...
    return number in (1, 5)


def czech_from(value: object) -> str:
    """'z' or 'ze' before `value` (a number in the genitive: ze dvou, ze čtyř, z pěti)."""
    try:
        number = abs(int(str(value).split(".")[0].split(",")[0]))
    except ValueError:
        word = str(value).split(" ")[0]
        return "ze" if word[:1].lower() in "szšž" and not is_code(word) else "z"
    while number >= 1000:
        number //= 1000
        if number == 1:
            return "z"  # z tisíce, z milionu
    if number >= 100:
        return "ze" if number // 100 in (1, *CS_ZE_TENS) else "z"  # ze sta, ze dvou set
    if number >= 20:
        return "ze" if number // 10 in CS_ZE_TENS else "z"
    return "ze" if number in CS_ZE_UNITS else "z"


def by_gender(value: object, spec: str) -> str:
    """The word of `spec` ('he/she/unknown') for the person `value` (a `Name`, else unknown)."""
    choices = spec.split("/")
    gender = getattr(value, "gender", None)
    if gender in GENDERS:
        return choices[GENDERS.index(gender)]
    return choices[2] if len(choices) > 2 else choices[0]


def number_text(value: int | float, spec: str, language: str) -> str:
    """`value` formatted by `spec` (a float by 'g' when none is given), the language's way."""
    text = format(value, spec or ("g" if isinstance(value, float) else ""))
    if language in DECIMAL:
        text = text.replace(".", DECIMAL[language])
    if spec.endswith("%") and language in PERCENT_SPACE:
        text = text[:-1] + PERCENT_SPACE[language] + "%"
    return text.translate(PERSIAN_DIGITS) if language == "fa" else text


class Grammar(string.Formatter):
    """`str.format` for a catalog's texts in one language, with the specs of this module."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in ("az", "Az", "az-as"):
            article = hungarian_article(value)
            shown = self.format_field(value, "as" if format_spec == "az-as" else "")
            return f"{article.capitalize() if format_spec == 'Az' else article} {shown}"
        if format_spec == "as":  # a card's number; a code stays as it is
            if isinstance(value, int) and not isinstance(value, bool):
                return hungarian_adjective(value)
            return self.format_field(value, "")
        if format_spec == "ze":
            return f"{czech_from(value)} {self.format_field(value, '')}"
        if "/" in format_spec:
            return by_gender(value, format_spec)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return number_text(value, format_spec, self.language)
        return super().format_field(value, format_spec)

    def put(self, text: str, params: dict[str, Any]) -> str:
        """`text` with `params` put in (those in `LATIN_NUMBERS` as they are typed)."""
        latin = {k: str(v) for k, v in params.items() if k in LATIN_NUMBERS}
        return self.vformat(text, (), {**params, **latin})
