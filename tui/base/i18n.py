"""The languages of the games: every text a player reads goes through `t` (or `tn` for a
count), which looks it up in the chosen language's gettext catalog. Texts stay in reading
order everywhere; they are laid out for the terminal (Persian: shaped, right to left) where
they are drawn, once (tui/base/layout.py).

The catalogs are `tui/locale/<lang>/LC_MESSAGES/gamenight.po` (Babel extracts them with the
KEYWORDS below; README, "Languages"); a built package carries them compiled (`.mo`, setup.py's
build step), and a source checkout compiles a catalog in memory when its `.mo` is missing or
older than its `.po`, so both read the same words. English is the source language: a text
missing from a catalog is shown in English, never as a blank.

The language is chosen once, before the screens are imported (their key labels are class
attributes): `--lang`, else the language chosen in the menu (remembered), else the locale
(`LC_ALL`, `LC_MESSAGES`, `LANG`), else English. Changing it in the menu restarts the program.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tui.base.grammar import Grammar

LANGUAGES = {
    "en": "English",
    "hu": "Magyar",
    "cs": "Čeština",
    "ro": "Română",
    "fa": "فارسی",
}
"""Each language as its speakers name it (the menu's choice shows these)."""
RIGHT_TO_LEFT = {"fa"}
KEYWORDS = (
    "t",
    "tn:1,2",
    "N_",
    "words",
    "words_n:1,2",
    "Counted:1,2",
    "phrase",
    "counted:1,2",
    "NC_:1c,2",
    "words_in:1c,2",
)
"""The functions whose texts Babel extracts (`pybabel extract -k ...`; core/refusals.py marks
its templates with its own `N_`, core/phrases.py's `phrase` and `counted` mark the hints')."""
EXTRACTED = (
    "tui",
    "core",
    "net/protocol.py",
    "net/ssh_door.py",
    "net/web_door.py",
    "net/table_names.py",
)
"""Where the marked texts are (`pybabel extract ... EXTRACTED`): core marks its refusals,
hints and option labels, the doors their own few words (net/door_access.py's `N_`), the host
the names it makes up for tables (net/table_names.py)."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "gamenight"

_language = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_grammar = Grammar("en")


def locale_language(environ: dict[str, str] | os._Environ[str] = os.environ) -> str | None:
    """The language of the locale (`LC_ALL`, then `LC_MESSAGES`, then `LANG`), if ours."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:  # the first one set decides, as in POSIX
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def choose(flag: str | None, remembered: str | None) -> str:
    """The language to use: the flag, the menu's choice, the locale, English."""
    for candidate in (flag, remembered, locale_language()):
        if candidate in LANGUAGES:
            return str(candidate)
    return "en"


def use(language: str) -> None:
    """Read texts in `language` from now on (KeyError names the languages there are)."""
    global _language, _catalog, _grammar
    if language not in LANGUAGES:
        raise KeyError(f"no language {language!r}; there are {', '.join(LANGUAGES)}")
    _language = language
    _catalog = load(language)
    _grammar = Grammar(language)


def current() -> str:
    return _language


def right_to_left() -> bool:
    return _language in RIGHT_TO_LEFT


def load(language: str) -> gettext.NullTranslations:
    """The catalog of `language`: its compiled `.mo`, else its `.po` compiled in memory;
    English (and a language with no catalog) reads the source texts."""
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    if not po.exists():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compiled(po)))


def compiled(po: Path) -> bytes:
    """A `.po` catalog as `.mo` bytes (Babel: the plural forms come from its header)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        catalog = read_po(file)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def t(text: str, /, **params: object) -> str:
    """`text` in the chosen language, with `params` put in: a whole text (a label, a line),
    in reading order like every text until it is drawn."""
    return words(text, **params)


def words(text: str, /, **params: object) -> str:
    """`text` in the chosen language with `params` put in, in reading order: a part of a line
    or a whole one (the screen lays a line out once, with everything in it). Numbers are
    written the language's way and the grammar the catalog asks for is chosen here
    (tui/base/grammar.py: Hungarian a/az, Czech z/ze, a person's gender)."""
    translated = _catalog.gettext(text)
    return _grammar.put(translated, params) if params else translated


def tn(one: str, many: str, count: int, /, **params: object) -> str:
    """The form of `one`/`many` that `count` takes in the chosen language ({count} and
    `params` put in): Czech and Romanian count differently from English."""
    return words_n(one, many, count, **params)


def words_n(one: str, many: str, count: int, /, **params: object) -> str:
    """`tn` in reading order, for a part of a line (see `words`). The form is chosen by the
    count's size, its sign aside: Romanian says "-7 puncte" and "-20 de puncte" as for 7, 20."""
    return _grammar.put(_catalog.ngettext(one, many, abs(count)), {"count": count, **params})


def worded(said: object) -> object:
    """What `core` said (a `core.phrases.Phrase`, such as a hint's reason) in the chosen
    language, in reading order like `words`; any other value as it is."""
    from core.phrases import Phrase  # here: the menu opens without loading core's games

    if not isinstance(said, Phrase):
        return said
    params = {name: worded(value) for name, value in said.params.items()}
    if said.many is None:
        return words(said.text, **params)
    count = params.pop("count")
    assert isinstance(count, int)
    return words_n(said.text, said.many, count, **params)


def numeral(value: int | float | str, spec: str = "") -> str:
    """A number as the language writes it inside a sentence it is not a parameter of
    ('Ana -12, Bruno +3' in a log line): Persian digits, a decimal comma."""
    return _grammar.format_field(value, spec)


def listing(items: Iterable[str]) -> str:
    """'A, B, C' with the language's own comma (Persian writes '،'), in reading order."""
    out = ""
    for item in items:
        out = words("{first}, {then}", first=out, then=item) if out else item
    return out


def key_label(label: str, key: str) -> str:
    """A button's label with its key, 'Take [t]' (the key on the side a reader starts from;
    the key first in reading order for a right-to-left language, so it is drawn on the right)."""
    return f"\\[{key}] {label}" if right_to_left() else f"{label} \\[{key}]"


def words_in(context: str, text: str, /, **params: object) -> str:
    """`text` as the catalog words it in `context` ("bot level": a short English word that
    other languages say differently in other places; "you": the same English words with "you"
    as their subject), with `params` put in as `words` does, in reading order."""
    translated = _catalog.pgettext(context, text)
    return _grammar.put(translated, params) if params else translated


def NC_(context: str, text: str) -> str:
    """Mark `text`, said in `context`, for the catalogs; `words_in` translates it."""
    return text


def N_(text: str) -> str:
    """Mark a text for the catalogs where it is defined; `t` translates it where shown."""
    return text


@dataclass(frozen=True)
class Counted:
    """A counted noun, '{count} token' / '{count} tokens', defined once where it is used
    (Babel extracts it) and worded for each count in the chosen language (`of`): a score's
    unit, a price in tokens. English has two forms, Czech and Romanian three, Persian one."""

    one: str
    many: str

    def of(self, count: int) -> str:
        """`count` of this noun, in reading order (a part of a line, like `words`)."""
        return words_n(self.one, self.many, count)
