"""Names at a table: the player's own, the bots' around it, and other people's names and chat
made safe to draw; refusals as a player reads them."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from core.api import IllegalMove
from core.refusals import PLAIN, REFUSALS, fits, placeholders
from net.protocol import ERROR_WORDS, MAX_NAME
from net.referee import BOT_NAMES
from tui.base.bidi import JOINERS  # a Persian word is spelt with them: they move nothing
from tui.base.i18n import N_, worded, words
from tui.base.layout import cell

DEFAULT_PLAYER_NAME = N_("Player")  # given in the chosen language (`words`)
# The one limit on a name: what the host accepts (net/protocol.py), so a name typed here is
# never refused for its length. The tables show any name of that length (tui/base/seats.py).
MAX_NAME_LENGTH = MAX_NAME


BOT_GENDERS = {
    "Ana": "f",
    "Bruno": "m",
    "Chloé": "f",
    "Dario": "m",
    "Emi": "f",
    "Farid": "m",
    "Greta": "f",
    "Hugo": "m",
}
"""The grammatical gender of each bot's name (net.referee.BOT_NAMES), for the languages whose
verbs agree with it (Czech: "Ana vzala", "Bruno vzal"). A person's gender is never guessed."""


def clean_name(name: str) -> str:
    """The name as typed, trimmed to fit the tables; the default when left blank."""
    name = " ".join(name.split())[:MAX_NAME_LENGTH]
    return name or words(DEFAULT_PLAYER_NAME)


def bot_names(player: str, count: int) -> list[str]:
    """`count` bot names, skipping the player's own so that the log never reads ambiguously."""
    taken = clean_name(player).casefold()
    return [name for name in BOT_NAMES if name.casefold() != taken][:count]


def plain(text: object) -> str:
    """Text from the network made safe to draw: control and format characters (escape
    sequences, bidi overrides) dropped, but for the joiners words are spelt with, and line
    breaks flattened. The host refuses them already; this is the second line of defence.
    Callers still draw the result as plain text (a rich `Text` or a widget with markup off),
    never as markup."""
    flat = " ".join(str(text).splitlines())
    return "".join(ch for ch in flat if ch in JOINERS or unicodedata.category(ch)[0] != "C")


RULE_IDS = re.compile(r"\s*\([A-Z]{2}-\d+(?:\s*(?:[/,]|to)\s*(?:[A-Z]{2}-)?\d+)*\)")
"""A rule's id in brackets, as core's refusals cite it: "(PA-8)", "(PY-8/PY-9)", "(PY-19/21)",
"(RK-2 to RK-4)"."""


def refused_move(reason: object) -> str:
    """The status line for a refused move, its reason as a player reads it, in their language
    (in reading order: the status line lays it out): plain, without the rule ids that core
    cites for developers (the rules a player reads have none)."""
    return words("Not allowed: {reason}", reason=RULE_IDS.sub("", plain(refusal_words(reason))))


def refusal_words(refusal: object) -> str:
    """A refusal in the reader's language, in reading order: worded here from its code and
    parameters (core/refusals.py) when this program knows them, else as it came (an English
    sentence from a newer host)."""
    code, params = getattr(refusal, "code", None), getattr(refusal, "params", {})
    if isinstance(code, str) and code != PLAIN and fits(code, params):
        return words(REFUSALS[code], **{name: _param(name, v) for name, v in params.items()})
    if isinstance(code, str) and code in ERROR_WORDS:  # the table's, not the rules' (not_saved)
        return error_words(code, params, refusal)
    return str(refusal)


COLOURS = {
    "black": N_("black"),
    "red": N_("red"),
    "blue": N_("blue"),
    "orange": N_("orange"),
    "yellow": N_("yellow"),
}
"""The colours core's refusals name in English (a Rummikub tile's, a Pásovec die's)."""
SUIT_LETTERS = frozenset("SHDCP")
"""The suits core's refusals name by their letter (Papayoo's), said as the reader names them."""


def _param(name: str, value: object) -> object:
    """A refusal's parameter as the reader says it: a colour or a suit in their words, a game
    by the name its players know it (the host sends its English title); the rest (tiles, numbers,
    seats, what the peer sent) as it came."""
    if name == "colour" and value in COLOURS:
        return words(COLOURS[str(value)])
    if name == "suit" and value in SUIT_LETTERS:  # Papayoo's follow suit: 'a heart card'
        from core.papayoo.hints import suit_word

        return worded(suit_word(str(value)))
    if name == "title":
        from core import GAMES
        from tui.base.game_names import game_name

        return next((game_name(g) for g in GAMES.values() if g.title == value), value)
    return value


def error_words(code: object, params: object, english: object) -> str:
    """An error of the table's (a refused join, a move the host could not save) in the
    reader's language, in reading order: worded from its code and details (net/protocol.py's
    ERROR_WORDS) when this program knows them, else the English that came with it. An error
    without details comes without `params` (net/protocol.py's `error` leaves out an empty map):
    its words need none, so it is worded all the same."""
    template = ERROR_WORDS.get(code) if isinstance(code, str) else None
    params = {} if params is None else params
    if template is not None and isinstance(params, dict) and placeholders(template) <= set(params):
        return words(template, **{name: plain(params[name]) for name in placeholders(template)})
    return plain(english)


def name_cell(name: object) -> str:
    """A name from another player as a table's cell: plain, and laid out by itself where it
    is drawn (a Persian name reads right to left in its column)."""
    return cell(plain(name))


def not_ready_words(message: dict[str, Any]) -> str | None:
    """Why a table (`lobby`) or a club (`club`) cannot start yet, in the reader's language
    (reading order): worded from `not_ready_reason` (net/PROTOCOL.md), else the English
    `not_ready` an older host sends; None when it can start."""
    reason, english = message.get("not_ready_reason"), message.get("not_ready")
    if isinstance(reason, dict) and isinstance(reason.get("code"), str):
        params = reason.get("params")
        refusal = IllegalMove.rebuilt(
            reason["code"], params if isinstance(params, dict) else {}, str(english)
        )
        return refusal_words(refusal)
    return None if english is None else plain(english)
