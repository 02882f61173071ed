"""Issue 36, items 10 and 11 and the native editors' read: each game speaks its rule sheet's own
words, one word per concept across a catalog and the rules text (Romanian Rummikub: jetoane,
banca, prima etalare; Persian No Thanks!: توکن, توالی, امتیاز منفی), and a help names a column
as the column is headed, a Rummikub timeout's penalty tiles as the draw it is."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tui.base import i18n
from tui.base.grammar import Name
from tui.games.nothanks.widgets import log_line as nothanks_line
from tui.games.nothanks.widgets import seats_table
from tui.games.rummikub.widgets import log_line as rummikub_line

GAMES = i18n.LOCALE_DIR.parent / "games"


@pytest.fixture
def language() -> Iterator[Any]:
    """`language(code)` reads texts in that language; English again afterwards."""
    yield i18n.use
    i18n.use("en")


def translations(code: str) -> str:
    """Every translated text of a catalog, one a line (the English ids left out)."""
    text = (i18n.LOCALE_DIR / code / "LC_MESSAGES" / "gamenight.po").read_text()
    return "\n".join(re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', text, re.MULTILINE))


def names() -> list[str]:
    return [Name(i18n.words("You"), you=True), Name("Ana", "f"), Name("Bruno", "m")]


def test_romanian_rummikub_says_jetoane_banca_and_prima_etalare(language: Any) -> None:
    """The Romanian sheet's words (RK-1 tiles, RK-5 the pool, RK-8 the initial meld), never
    piese, grămadă or rezervă, nor the sheet's mistranslated 'accident vascular cerebral'."""
    said = translations("ro") + (GAMES / "rummikub" / "rules.ro.md").read_text()
    others = r"\bpies[aăe]\b|grămad|rezerv|accident vascular|\bAVC\b"
    assert re.findall(others, said, re.IGNORECASE) == []
    language("ro")
    laid = {"type": "play", "seat": 1, "initial": True, "gone": [], "made": [["R7", "R8", "R9"]]}
    assert rummikub_line(laid, names()) == "Ana a etalat R7 R8 R9 (prima etalare)."
    assert rummikub_line({"type": "draw", "seat": 2}, names()) == "Bruno a tras un jeton."
    passed = rummikub_line({"type": "pass", "seat": 0}, names())
    assert passed == "Ai dat pas: banca e goală."


def test_persian_no_thanks_says_token_run_and_minus_points(language: Any) -> None:
    """The Persian sheet's توکن (not ژتون), توالی for a run (not ردیف) and امتیاز منفی for
    the score, in the log, the final table's column and the help that explains it (NT-11)."""
    said = translations("fa") + (GAMES / "nothanks" / "rules.fa.md").read_text()
    assert "ژتون" not in said and "ردیف" not in said
    language("fa")
    passed = {"type": "pass", "seat": 1, "card": 25, "pot": 3}
    assert nothanks_line(passed, names()) == "Ana کارت ۲۵ را رد کرد — ۳ توکن رویش"
    headers = [column.header for column in seats_table(score=True).columns]
    assert "امتیاز منفی" in headers and "کارت‌ها (توالی‌ها)" in headers
    help_text = i18n.t(
        "Score = the lowest card of each run, minus your tokens. The lowest score wins."
    )
    assert help_text.startswith("امتیاز منفی = ")


def test_rummikubs_own_score_column_keeps_its_word_in_persian(language: Any) -> None:
    """Only No Thanks!'s score is the sheet's minus points: Rummikub's is won or lost."""
    language("fa")
    assert i18n.t("Score") == "امتیاز نهایی"


@pytest.mark.parametrize("code", ["en", "hu", "cs", "ro", "fa"])
def test_a_help_names_a_column_as_the_column_is_headed(language: Any, code: str) -> None:
    """No Thanks!'s help names its points column, Papayoo's its last trick column, by the
    words the table heads them with (Romanian 'coloana „Ultima”', not the key's 'Ultima
    levată')."""
    language(code)
    points = i18n.t("Pts")
    nothanks = i18n.t(
        "Mouse: click Take or No thanks!. Your own token count is shown; the others' stay"
        " hidden (?) until the end. Pts counts only the lowest card of each run."
    )
    assert points in nothanks
    last = i18n.words_in("column", "Last trick")
    assert last in i18n.t("The last trick taken is in the Last trick column; t again hides it.")


@pytest.mark.parametrize(
    ("code", "drew", "timed_out"),
    [
        ("ro", "Ana a tras un jeton.", "Ana a rămas fără timp și a tras 3 jetoane."),
        ("fa", "Ana یک مهره کشید.", "وقت Ana تمام شد و ۳ مهره کشید."),
    ],
)
def test_a_rummikub_timeout_draws_its_penalty_tiles(
    language: Any, code: str, drew: str, timed_out: str
) -> None:
    """RK-14: the tiles a player takes when their time runs out are drawn from the pool, so
    the log says so with the draw's own verb."""
    language(code)
    assert rummikub_line({"type": "draw", "seat": 1}, names()) == drew
    assert rummikub_line({"type": "timeout", "seat": 1, "count": 3}, names()) == timed_out


def test_romanian_calls_a_game_of_a_rummikub_match_a_partida(language: Any) -> None:
    """RK-18: the set-up's option counts 'Partide', so the log, the option's help, the final
    table and the rules call each game of the match a partidă too (never 'jocul 2 din 3')."""
    language("ro")
    assert i18n.words_in("a game's option", "Games") == "Partide"
    assert i18n.t("games in the match; scores add up") == "partide în meci; punctele se adună"
    start = {"type": "game_start", "game_no": 2, "first": 0}
    assert rummikub_line(start, names()) == "Începe partida 2; primul joacă: tu."
    assert i18n.t("Game {game} of {games} comes next.", game=2, games=3) == (
        "Urmează partida 2 din 3."
    )
    rules = (GAMES / "rummikub" / "rules.ro.md").read_text()
    assert "mai multe partide" in rules and not re.search(r"\bjocul(ui)? \d|jocuri:", rules)
