"""Issue 36, items 4, 6 and 7: the sentences a player reads in each language, as a native
speaker writes them — "you" in the second person in every game's log, the grammar a catalog
cannot choose (Hungarian a/az, Czech z/ze and a bot's gender, Romanian "de", a decimal comma)
chosen by code, and Persian digits in Persian sentences while codes keep theirs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from core.api import IllegalMove
from net.referee import BOT_NAMES
from tui.base import i18n
from tui.base.grammar import Name, czech_from, hungarian_adjective, hungarian_article
from tui.base.names import BOT_GENDERS, refused_move
from tui.base.seats import POINTS, seat_names
from tui.games.nothanks.widgets import log_line as nothanks_line
from tui.games.papayoo.widgets import log_line as papayoo_line
from tui.games.pasovec.words import log_line as pasovec_line
from tui.games.rummikub.widgets import game_end_line
from tui.games.rummikub.widgets import log_line as rummikub_line
from tui.plain.papayoo import PapayooLines
from tui.screens.final import verdict
from tui.screens.round_summary import leaders_line
from tui.widgets.options import seconds_text

LANGUAGES = ("en", "hu", "cs", "ro", "fa")


@pytest.fixture
def language() -> Iterator[Any]:
    """`language(code)` reads texts in that language; English again afterwards."""
    yield i18n.use
    i18n.use("en")


def plain_papayoo_line(entry: dict[str, Any], names: list[str]) -> str | None:
    """The plain mode's Papayoo log line, which also tells each card played."""
    return PapayooLines(None).log_line(entry, names)  # type: ignore[arg-type]


def names() -> list[str]:
    """The reader, two bots (a woman's name and a man's) and a person, as `seat_names` gives."""
    return [Name(i18n.words("You"), you=True), Name("Ana", "f"), Name("Bruno", "m"), Name("Zoe")]


def took(seat: int) -> dict[str, Any]:
    return {"type": "take", "seat": seat, "card": 28, "pot": 1}


def test_the_hungarian_reader_takes_the_28_in_the_second_person(language: Any) -> None:
    language("hu")
    assert nothanks_line(took(0), names()) == "Elvitted a 28-as lapot, rajta 1 zseton"
    assert nothanks_line(took(1), names()) == "Ana elvitte a 28-as lapot, rajta 1 zseton"
    five = {"type": "take", "seat": 2, "card": 5, "pot": 0}
    assert nothanks_line(five, names()) == "Bruno elvitte az 5-ös lapot, rajta 0 zseton"


def test_every_log_line_about_the_reader_has_its_own_words_in_every_language(
    language: Any,
) -> None:
    """The reader's sentence is never the others' with "You" put in as a name ("Te elvitte",
    "Ty otočil(a)", "Tu a luat", "تو … برداشت"): in each game, each language."""
    trick = {"type": "trick", "winner": 0, "cards": [[0, "S3"], [1, "S5"]], "points": 0}
    dice = {"dice": {"blue": 2}, "roll": [["blue", 3], ["blue", 4]], "sum": 7}
    laid = {"initial": True, "gone": [], "made": [["R7", "R8", "R9"]]}
    entries = [
        (nothanks_line, took(0)),
        (nothanks_line, {"type": "turn_up", "seat": 0, "card": 25}),
        (nothanks_line, {"type": "pass", "seat": 0, "card": 25, "pot": 2}),
        (papayoo_line, trick),
        (pasovec_line, {"type": "roll", "seat": 0, **dice}),
        (rummikub_line, {"type": "draw", "seat": 0}),
        (rummikub_line, {"type": "play", "seat": 0, **laid}),
        (plain_papayoo_line, {"type": "play", "seat": 0, "card": "S7"}),
    ]
    for code in LANGUAGES[1:]:
        language(code)
        you = names()[0]
        for line, entry in entries:
            mine = line(entry, names())
            as_a_name = line(entry, [Name("Zoe"), *names()[1:]]).replace("Zoe", you)
            assert mine != as_a_name, f"{code}: {mine!r}"  # "You" put in as anyone's name
    language("hu")
    assert plain_papayoo_line({"type": "play", "seat": 0, "card": "S7"}, names()) == (
        "Kijátszottad: pikk 7."
    )
    language("ro")
    assert nothanks_line(took(0), names()) == "Ai luat 28 cu 1 jeton"
    language("cs")
    assert nothanks_line({"type": "turn_up", "seat": 0, "card": 25}, names()) == "Otáčíš 25"
    language("fa")
    assert nothanks_line(took(0), names()) == "کارت ۲۸ را با ۱ توکن برداشتی"
    play = {"type": "play", "seat": 0, "initial": False, "gone": [], "made": [["R7", "R8", "R9"]]}
    assert rummikub_line(play, names()) == "تو R7 R8 R9 را چیدی."


def test_the_reader_among_several_takes_the_second_person_plural(language: Any) -> None:
    """'Ana and you share the win' is 'Ana és te … megosztoztok', 'Ana a ty … se dělíte': the
    verb agrees with the reader among them, and 'you' after a colon has no capital."""
    shared = {"type": "game_end", "winners": [1, 0], "tie_break": "shared"}
    blocked = {**shared, "game_no": 1, "how": "blocked"}
    seats = [{"name": name, "kind": "bot", "away": False} for name in ("Kim", "Ana", "Bruno")]
    state = {"seat": 0, "seats": seats, "view": {"result": {"winners": [0, 1], "scores": [4, 4]}}}
    seen = {}
    for code in ("en", "hu", "cs"):
        language(code)
        seen[code] = (
            pasovec_line(shared, names()),
            game_end_line(blocked, names()),
            leaders_line(names()[:3], [5, 5, 9], POINTS),
            verdict(state),  # type: ignore[arg-type]
        )
    assert seen["en"] == (
        "Game over: Ana and you tie on penalties and tokens and share the win.",
        "Game 1 is over: Ana and you had the lowest rack (blocked).",
        "You and Ana lead with 5 points.",
        "you and Ana share the win with 4 points",
    )
    assert seen["hu"] == (
        "Vége a játéknak: Ana és te büntetőpontban és zsetonban is egyformán álltok, "
        "megosztoztok a győzelmen.",
        "Vége az 1. játszmának (elakadás): a ti tartótokon a legkisebb az összeg (Ana és te).",
        "Te és Ana vezettek (5 pont).",
        "te és Ana együtt nyertetek (4 pont)",
    )
    assert seen["cs"] == (
        "Konec hry: Ana a ty máte stejně záporných bodů i žetonů a dělíte se o vítězství.",
        "Hra 1 se zablokovala: Ana a ty máte na stojánku nejnižší součet.",
        "Ty a Ana vedete: 5 bodů.",
        "ty a Ana se dělíte o vítězství (4 body)",
    )


def test_a_refusal_names_the_suit_to_follow_as_the_reader_says_it(language: Any) -> None:
    """PY-13: core names the suit led by its letter; the reader reads its name."""
    refusal = IllegalMove("must_follow_suit", suit="H")
    said = {}
    for code in ("en", "hu", "cs"):
        language(code)
        said[code] = refused_move(refusal)
    assert said == {
        "en": "Not allowed: you must follow suit: play one of your heart cards",
        "hu": "Nem szabad: színt kell adnod: játssz ki egy kőr lapot",
        "cs": "Nelze: musíš přiznat barvu: zahraj srdce",
    }


def test_czech_knows_the_bots_genders_and_phrases_around_a_persons(language: Any) -> None:
    language("cs")
    out = {"type": "game_end", "game_no": 1, "how": "out", "winners": [1], "scores": [0, 0, 0, 0]}
    said = {seat: rummikub_line({**out, "winners": [seat]}, names()) for seat in (1, 2, 3)}
    assert said[1].startswith("Hra 1 skončila: Ana vyložila všechny kameny.")
    assert said[2].startswith("Hra 1 skončila: Bruno vyložil všechny kameny.")
    assert said[3].startswith("Hra 1 skončila: Zoe už nemá žádný kámen.")
    assert "(a)" not in nothanks_line({**took(1), "type": "pass"}, names())
    assert nothanks_line({**took(2), "type": "pass"}, names()) == "Bruno odmítá 28 — na ní 1 žeton"


def test_the_bots_genders_cover_every_bot_name() -> None:
    assert set(BOT_GENDERS) == set(BOT_NAMES)


def test_a_seat_knows_a_bots_gender_never_a_persons() -> None:
    seats = [
        {"name": "Zoe", "kind": "human", "away": False},
        {"name": "Ana", "kind": "bot", "away": False},
        {"name": "Bruno", "kind": "human", "away": False},  # a person called Bruno
        {"name": "Hugo", "kind": "bot", "away": True},  # a bot standing in for an away Hugo
    ]
    named = seat_names({"seat": 0, "seats": seats})  # type: ignore[typeddict-item]
    assert [getattr(n, "gender", None) for n in named] == [None, "f", None, None]
    assert getattr(named[0], "you", False)


def test_hungarian_articles_go_by_how_the_value_is_said() -> None:
    said = {n: hungarian_article(n) for n in (1, 5, 10, 15, 23, 50, 100, 500, 1000, 3000)}
    assert said == {
        **{1: "az", 5: "az", 10: "a", 15: "a", 23: "a", 50: "az", 100: "a"},
        **{500: "az", 1000: "az", 3000: "a"},
    }
    assert [hungarian_article(v) for v in ("R7", "K9", "S10", "♦D7", "Emi", "sárga")] == [
        *("az", "a", "az", "a", "az", "a")
    ]
    assert [hungarian_adjective(n) for n in (28, 25, 10, 3, 30, 6)] == [
        *("28-as", "25-ös", "10-es", "3-as", "30-as", "6-os")
    ]


def test_no_hungarian_text_leaves_the_article_to_the_reader(language: Any) -> None:
    language("hu")
    assert i18n.words("Game {game} starts; first to play: {who}.", game=1, who="Ana") == (
        "Kezdődik az 1. játszma; elsőként játszik: Ana."
    )
    text = (i18n.LOCALE_DIR / "hu" / "LC_MESSAGES" / "gamenight.po").read_text()
    assert "a(z)" not in text and "A(z)" not in text


def test_czech_says_ze_before_the_numbers_that_take_it(language: Any) -> None:
    assert {n: czech_from(n) for n in (1, 2, 4, 5, 7, 12, 15, 20, 50, 100)} == {
        **{1: "z", 2: "ze", 4: "ze", 5: "z", 7: "ze", 12: "ze", 15: "z", 20: "ze", 50: "z"},
        100: "ze",
    }
    language("cs")
    assert i18n.words("Deal {deal} of {deals}", deal=1, deals=4) == "Rozdání 1 ze 4"
    assert i18n.words("Deal {deal} of {deals}", deal=1, deals=5) == "Rozdání 1 z 5"


def test_romanian_says_de_from_20_and_counts_a_negative_score_by_its_size(
    language: Any,
) -> None:
    language("ro")
    assert [POINTS.of(n) for n in (1, 7, 19, 20, 101, 120, -1, -7, -20)] == [
        *("1 punct", "7 puncte", "19 puncte", "20 de puncte", "101 puncte", "120 de puncte"),
        *("-1 punct", "-7 puncte", "-20 de puncte"),
    ]


def test_a_decimal_number_is_written_the_languages_way(language: Any) -> None:
    written = {}
    for code in LANGUAGES:
        language(code)
        written[code] = seconds_text(0.4)
    assert written == {
        **{"en": "0.4 s", "hu": "0,4 mp", "cs": "0,4 s", "ro": "0,4 s"},
        "fa": "۰٫۴ ثانیه",
    }


def test_the_club_standings_write_their_points_with_a_decimal_comma(language: Any) -> None:
    from tui.plain.club import standings_lines
    from tui.widgets.standings import standings_text

    rows = [{"rank": 1, "player": "Ana", "points": 2.5, "games": 3, "tied": False}]
    language("cs")
    assert standings_lines({"standings": rows}) == ["1. Ana: 2,50 bodu, 3 hry"]
    assert "2,50" in standings_text(rows, 60, {}).plain
    language("en")
    assert standings_lines({"standings": rows}) == ["1. Ana: 2.50 points, 3 games"]


def test_persian_sentences_write_persian_digits_and_codes_keep_theirs(language: Any) -> None:
    language("fa")
    drew = rummikub_line({"type": "draw", "seat": 1, "tile": "R7"}, names())
    assert "R7" in drew
    scored = papayoo_line({"type": "die", "face": "D", "papayoo": "D7"}, names())
    assert "♦D7" in scored and "۴۰" in scored and "40" not in scored
    assert i18n.words("the table (port {port})", port=5000).endswith("5000)")  # typed as shown


def test_a_range_in_a_persian_sentence_has_persian_digits(language: Any) -> None:
    """A range (Pásovec's sums, PA-7; a No Thanks! run, NT-11) is one phrase, "{low}–{high}",
    wherever it is written, and a lone card of a run a number: in a sentence, Persian digits as
    the rule sheets write them, the range kept lowest first by a left-to-right mark; English
    keeps its own digits, and a text that is not a number (a table's id) keeps its digits."""
    from core.nothanks.hints import _fit
    from core.phrases import phrase
    from tui.plain.nothanks import runs_words

    fit = _fit(21, [20, 22, 23])
    assert str(fit) == "links your 20 and 22–23"
    span = phrase("{low}–{high}", low=2, high=6)  # as core.pasovec.dice.sum_span words it
    sums = phrase("Roll {dice}: sums {span} match no card, you take a token", dice="B", span=span)
    assert str(sums) == "Roll B: sums 2–6 match no card, you take a token"
    language("fa")
    assert "۲۰ و ۲۲\u200e–۲۳" in i18n.worded(fit)
    assert "۲\u200e–۶" in i18n.worded(sums) and "2" not in i18n.worded(sums)
    assert runs_words([5, 6, 7, 20]) == "۵\u200e–۷، ۲۰"
    kept = "no unfinished game of table {table}; unfinished: {tables}"
    assert "1234" in i18n.words(kept, table="1234", tables="1234, 5678")


def test_a_percentage_is_written_as_each_language_writes_it() -> None:
    """Czech sets the sign apart ('45 %', a no-break space); Hungarian, Romanian and English
    write '45%'; Persian '۴۵٪', its own digits and sign (Pásovec's chances, tui/plain too)."""
    from tui.games.pasovec.widgets import percent

    seen = {}
    try:
        for language in ("en", "hu", "cs", "ro", "fa"):
            i18n.use(language)
            seen[language] = (percent(0.45), percent(0.001))
    finally:
        i18n.use("en")
    assert seen == {
        "en": ("45%", "<1%"),
        "hu": ("45%", "<1%"),
        "cs": ("45\u00a0%", "<1\u00a0%"),
        "ro": ("45%", "<1%"),
        "fa": ("۴۵٪", "<۱٪"),
    }


def test_a_range_of_sums_is_written_with_the_languages_digits_lowest_first(language: Any) -> None:
    """Pásovec's sums in a plain line (`gamenight --plain`, a screen reader) and on the screen:
    Persian digits in a Persian sentence, and a left-to-right mark that keeps the range lowest
    first for a reader that lays the line out right to left (issue 36, items 3 and 4)."""
    from core import get_game
    from tui.base.bidi import visual
    from tui.plain.lines import clean
    from tui.plain.pasovec import PasovecLines

    game = get_game("pasovec")
    state = game.new(3, 1, {"first": 0})
    table = type("Table", (), {"state": {"view": game.view(state, 0), "seat": 0}})
    combo = (0, 2, 0)  # two yellow dice: sums 8–12
    seen = {}
    for code in ("en", "fa"):
        language(code)
        seen[code] = clean(PasovecLines(table).roll_words(1, combo))  # type: ignore[arg-type]
    assert "(sums 8–12)" in seen["en"]
    assert "۸\u200e–۱۲" in seen["fa"] and "12" not in seen["fa"]
    assert "۸–۱۲" in visual(seen["fa"], right_to_left=True)  # not '۱۲–۸'


def test_a_persian_refusal_keeps_its_zero_width_non_joiners(language: Any) -> None:
    """'روی پایه‌ات نیست' (not on your rack): the refusal is made plain, as network text is,
    and that dropped the joiners a Persian word is spelt with ('پایهات')."""
    from core import IllegalMove, get_game
    from tui.base.names import refused_move

    language("fa")
    game = get_game("rummikub")
    with pytest.raises(IllegalMove) as refused:
        game.apply(game.new(4, 1, {"first": 0}), 0, {"kind": "play", "table": [["R1", "R2", "R3"]]})
    assert "پایه\u200cات" in refused_move(refused.value)


def test_a_chosen_number_and_a_seats_number_take_the_languages_digits(language: Any) -> None:
    """The set-up's '◀ ۴ ▶' players and the lobby's seat '۳' in Persian, as its sentences
    write them ('صندلی ۳: Ana'); English keeps '4' and '3' (issue 36, item 4)."""
    from tui.widgets.cycler import Cycler
    from tui.widgets.seats import seat_line

    bot = {"kind": "bot", "name": "Ana", "level": "easy", "connected": True}
    seen = {}
    for code in ("en", "fa"):
        language(code)
        chosen = Cycler([("3", 3), ("4", 4)], 4).render().plain
        seen[code] = (chosen.strip("◀▶ \u202a\u202b\u202c"), seat_line(bot, 2, 0).plain[:3])
    assert seen == {"en": ("4", "3  "), "fa": ("۴", "۳  ")}
