"""Issue 27: the catalogs are complete and consistent, the texts a player reads go through
them, and Persian is laid out for a terminal."""

from __future__ import annotations

import ast
import os
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.i18n.literals import untranslated
from tests.i18n.scripts import run_script
from tui.base import i18n
from tui.base.bidi import visual
from tui.base.names import name_cell
from tui.base.seats import seat_label

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tui" / "locale"
TRANSLATED = ("en", "hu", "cs", "ro", "fa")
UNTRANSLATED = {
    "tui/base/i18n.py": "the languages' machinery: each language's own name",
    "tui/base/bidi.py": "the layout of right-to-left text",
    "tui/base/grammar.py": "the grammar the catalogs ask for: Hungarian articles, Czech z/ze",
    "tui/programs/arena.py": "the arena is a developer's tool: its tables are English",
    "tui/programs/arena_runner.py": "the arena is a developer's tool",
    "tui/programs/arena_ratings.py": "the arena is a developer's tool",
}
"""The TUI modules with texts outside the catalogs, and why."""
TRANSLATED_MODULES = sorted(
    str(path.relative_to(ROOT))
    for path in (ROOT / "tui").rglob("*.py")
    if str(path.relative_to(ROOT)) not in UNTRANSLATED
)


def catalog(language: str):  # type: ignore[no-untyped-def]
    with (LOCALE / language / "LC_MESSAGES" / "gamenight.po").open("rb") as file:
        return read_po(file, locale=language)


def template():  # type: ignore[no-untyped-def]
    with (LOCALE / "gamenight.pot").open("rb") as file:
        return read_po(file)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def ids(messages) -> set[object]:  # type: ignore[no-untyped-def]
    return {m.id for m in messages if m.id}


@pytest.mark.parametrize("language", TRANSLATED[1:])
def test_every_catalog_is_complete_and_keeps_the_placeholders(language: str) -> None:
    po = catalog(language)
    assert ids(po) == ids(template()), "the catalog lags the template: pybabel update"
    for message in po:
        if not message.id:
            continue
        assert message.string, f"{language}: untranslated {message.id!r}"
        assert not message.fuzzy, f"{language}: fuzzy {message.id!r}"
        sources = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            assert len(strings) == po.num_plurals, f"{language}: plural forms of {message.id!r}"
        wanted = set().union(*(fields(s) for s in sources)) - {"count"}
        for text in strings:
            assert fields(text) - {"count"} == wanted, f"{language}: {text!r} for {sources!r}"


def test_plural_forms_are_the_languages_own() -> None:
    assert {lang: catalog(lang).num_plurals for lang in TRANSLATED[1:]} == {
        "hu": 2,
        "cs": 3,
        "ro": 3,
        "fa": 2,
    }


def test_the_template_holds_every_text_the_code_marks(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.pot"
    keywords = [arg for keyword in i18n.KEYWORDS for arg in ("-k", keyword)]
    command = ["extract", "--no-default-keywords", *keywords, "--no-location", "--omit-header"]
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            *command,
            "-o",
            str(fresh),
            *i18n.EXTRACTED,
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    with fresh.open("rb") as file:
        assert ids(read_po(file)) == ids(template())


@pytest.mark.parametrize("module", TRANSLATED_MODULES)
def test_the_translated_screens_have_no_text_outside_the_catalogs(module: str) -> None:
    assert list(untranslated(ROOT / module)) == []


def test_a_persian_sentence_is_shaped_and_read_right_to_left() -> None:
    """The visual order of "زبان: فارسی" (Language: Persian) for a left-to-right terminal:
    the words swapped, letters in their joined forms, the colon where a reader expects it."""
    assert visual("زبان: فارسی", right_to_left=True) == "ﯽﺳﺭﺎﻓ :ﻥﺎﺑﺯ"
    mixed = visual("کارت H7 و ۳ امتیاز (12)", right_to_left=True)
    assert "H7" in mixed and "(12)" in mixed  # Latin codes and numbers stay left to right
    assert visual("Zoe", right_to_left=True) == "Zoe"


def test_the_language_comes_from_the_flag_then_the_menu_then_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "cs_CZ.UTF-8")
    monkeypatch.setenv("LANG", "ro_RO.UTF-8")
    assert i18n.choose("hu", "fa") == "hu"
    assert i18n.choose(None, "fa") == "fa"
    assert i18n.choose(None, None) == "cs"
    monkeypatch.setenv("LC_MESSAGES", "de_DE.UTF-8")
    assert i18n.choose(None, None) == "en"  # a locale we do not speak: English


def test_each_language_words_the_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        words = {}
        for language in TRANSLATED:
            i18n.use(language)
            words[language] = i18n.t("Quit")
    finally:
        i18n.use("en")
    assert words == {"en": "Quit", "hu": "Kilépés", "cs": "Konec", "ro": "Ieșire", "fa": "خروج"}
    # in reading order: laid out only where it is drawn (tests/tui/test_layout.py)


@pytest.mark.parametrize(
    ("language", "quit_entry", "solo_key"),
    [
        ("en", "[q]  Quit", "Solo"),
        ("hu", "[q]  Kilépés", "Szóló"),
        ("cs", "[q]  Konec", "Sólo"),
        ("ro", "[q]  Ieșire", "Solo"),
        ("fa", "[q]  خروج", "تک‌نفره"),  # in reading order, the key first
    ],
)
def test_the_menu_speaks_each_language_and_fits_80x24(
    language: str, quit_entry: str, solo_key: str, tmp_path: Path
) -> None:
    menu = run_script("tests.i18n.menu_script", tmp_path, language, timeout=60)
    assert menu["entries"][-1] == quit_entry and solo_key in menu["keys"]
    assert menu["one_line_each"] and menu["fits"]


@pytest.mark.parametrize("language", TRANSLATED[1:])
def test_the_command_line_helps_and_refuses_in_each_language(language: str, tmp_path: Path) -> None:
    """`gamenight --help`: our help texts and argparse's own words ("usage:", its errors)."""
    env = {**os.environ, "GAMENIGHT_CONFIG_DIR": str(tmp_path), "GAMENIGHT_DATA_DIR": str(tmp_path)}
    cli = [sys.executable, "-m", "tui.programs.cli", "--lang", language]
    helped = subprocess.run([*cli, "solo", "--help"], env=env, capture_output=True, text=True)
    refused = subprocess.run([*cli, "arena"], env=env, capture_output=True, text=True)
    catalog = i18n.load(language)
    usage = visual(catalog.gettext("usage: ").strip(), right_to_left=False)  # read as typed
    game = catalog.gettext("GAME")  # the metavar, worded (issue 36, item 9)
    required = catalog.gettext("the following arguments are required: %s") % game
    assert helped.returncode == 0 and usage in helped.stdout
    assert "usage:" not in helped.stdout and "show this help message" not in helped.stdout
    assert refused.returncode == 2 and visual(required, language == "fa") in refused.stderr


def test_a_persian_name_reads_right_on_an_english_screen_too() -> None:
    """Names are the players' own: a Persian one is shaped and reordered where it stands in an
    English line, and by itself in a table's cell (in any language)."""
    assert visual("Ana passed, علی took 12", right_to_left=False) == "Ana passed, ﯽﻠﻋ took 12"
    assert visual(name_cell("علی"), right_to_left=False) == "ﯽﻠﻋ" and name_cell("Zoe") == "Zoe"
    state = {
        "seat": 0,
        "seats": [
            {"name": "Zoe", "kind": "human", "away": False},
            {"name": "علی", "kind": "human", "away": False},
        ],
    }
    assert visual(str(seat_label(state, 1)), False) == "ﯽﻠﻋ"  # type: ignore[arg-type]


def test_every_phrase_of_core_is_a_literal_babel_can_extract() -> None:
    """A hint's template chosen into a variable first is never extracted, and stays English
    in every language (the No Thanks! hints' first words were)."""
    hidden = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(getattr(node, "func", None), "id", None)
            if isinstance(node, ast.Call) and name in ("phrase", "counted"):
                texts = node.args[: 2 if name == "counted" else 1]
                if not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in texts):
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not hidden


@pytest.mark.parametrize("language", TRANSLATED[1:])
def test_every_option_label_is_translated_in_an_options_context(language: str) -> None:
    """Screens word an option's label in core.api.OPTION_LABEL's context (Rummikub's "Games"
    of a match is not a club's "Games"): a label marked without it would stay English."""
    from core import GAMES
    from core.api import OPTION_LABEL

    po = catalog(language)
    for game in GAMES.values():
        for spec in game.option_specs:
            message = po.get(spec.label, context=OPTION_LABEL)
            assert message is not None and message.string, f"{game.id}: {spec.label!r}"
