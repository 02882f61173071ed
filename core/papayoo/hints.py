"""The hint key: what the hard bot would do in a seat's place, and why, in one line.

The action is the hard bot's own choice for the same view and rng (so a hint never disagrees
with hard); the reason is read off the table afterwards, in a player's words: whether the
card stays under the trick, what it sheds, what the bot expects to take this deal, near the
end of a deal that it counted every way the last tricks can go, and how many players it counts
on to play like the easy or the normal bot (a `core.phrases.Phrase`, which the screen words
in its player's language).
"""

from __future__ import annotations

import random

from core.api import Action, View
from core.papayoo.bots import HardBot
from core.papayoo.cards import PAYOO, RANK, SUIT, card_points, cards_in_play
from core.papayoo.knowledge import Knowledge
from core.phrases import Phrase, counted, listed, phrase, with_commas


def hint(view: View, rng: random.Random, **settings: object) -> tuple[Action, Phrase]:
    """(action, reason) for the seat of `view`, which must be in `to_act`. `settings` go to
    the hard bot, as in `core.get_bot("papayoo", "hard", **settings)`."""
    action, expected, how, read = HardBot(**settings).choose(view, rng)
    if action["kind"] == "pass_cards":
        reason = _pass_reason(view, action["cards"], expected)
    else:
        reason = _play_reason(view, action["card"], expected, exact=how == "exact")
    return action, _reading(reason, read)


def _reading(reason: Phrase, read: tuple[str, ...]) -> Phrase:
    """The reason, and how many players the bot took to play like the easy or the normal bot:
    the choice rests on that reading of their cards (`core.papayoo.habits`), so the hint says
    so."""
    if easy := read.count("easy"):
        reason = counted(
            "{reason}; counting on {count} player to play like the easy bot",
            "{reason}; counting on {count} players to play like the easy bot",
            easy,
            reason=reason,
        )
    if normal := read.count("normal"):
        reason = counted(
            "{reason}; counting on {count} player to play like the normal bot",
            "{reason}; counting on {count} players to play like the normal bot",
            normal,
            reason=reason,
        )
    return reason


def _suits(suit: str) -> Phrase:
    """A suit named as a plural noun: 'spades', 'Payoos'."""
    return {
        "S": phrase("spades"),
        "H": phrase("hearts"),
        "D": phrase("diamonds"),
        "C": phrase("clubs"),
        "P": phrase("Payoos"),
    }[suit]


def suit_word(suit: str) -> Phrase:
    """A suit named as one card of it: 'spade', 'Payoo'."""
    return {
        "S": phrase("spade"),
        "H": phrase("heart"),
        "D": phrase("diamond"),
        "C": phrase("club"),
        "P": phrase("Payoo"),
    }[suit]


def _points(count: int) -> Phrase:
    """'1 point', '13 points': a hint reads as a player would say it."""
    return counted("{count} point", "{count} points", count)


def _said(reason: Phrase, expected: dict[str, float], key: str, exact: bool = False) -> Phrase:
    """The reason, with what the bot expects to take this deal when it knows; `exact` when
    the bot played the last tricks out every way they can go rather than by rule of thumb."""
    if key not in expected:
        return reason
    if exact:
        return phrase(
            "{reason} (counting every way the last tricks can go: "
            "about {points} for you this deal)",
            reason=reason,
            points=_points(round(expected[key])),
        )
    return phrase(
        "{reason} (about {points} for you this deal)",
        reason=reason,
        points=_points(round(expected[key])),
    )


def _pass_reason(view: View, cards: list[str], expected: dict[str, float]) -> Phrase:
    hand = view["hand"]
    reasons: list[Phrase | str] = []
    emptied = [
        s
        for s in "SHDC"
        if any(SUIT[c] == s for c in cards) and all(c in cards for c in hand if SUIT[c] == s)
    ]
    if emptied:
        reasons.append(
            phrase("it empties your {suits}", suits=listed([_suits(s) for s in emptied]))
        )
    high = [c for c in cards if SUIT[c] != PAYOO and RANK[c] >= 8]
    if high:
        reasons.append(phrase("sheds high cards that would win tricks"))
    payoos = [c for c in cards if SUIT[c] == PAYOO]
    if payoos:
        points = _points(sum(RANK[c] for c in payoos))
        reasons.append(phrase("sheds {points} of Payoos", points=points))
    if any(RANK[c] == 7 and SUIT[c] != PAYOO for c in cards):
        reasons.append(phrase("passes a 7 that may be the Papayoo"))
    why = with_commas(reasons) if reasons else phrase("these are your most dangerous cards")
    reason = phrase("Pass {cards}: {why}", cards=" ".join(cards), why=why)
    return _said(reason, expected, " ".join(cards))


def _play_reason(view: View, card: str, expected: dict[str, float], exact: bool = False) -> Phrase:
    suit = SUIT[card]
    last_of_suit = sum(1 for c in view["hand"] if SUIT[c] == suit) == 1
    return _said(_play_why(view, card, last_of_suit), expected, card, exact)


def _play_why(view: View, card: str, last_of_suit: bool) -> Phrase:
    """Why play `card`: the only one, a lead others must go over, a card thrown off-suit, or
    one that follows under (or over) the trick."""
    if len(view["legal"]) == 1:
        return phrase("Play {card}: it is your only legal card", card=card)
    if not view["trick"]:
        return _shedding(_lead_why(view, card), SUIT[card], last_of_suit)
    if SUIT[card] != view["lead_suit"]:
        return _off_suit_why(view, card, last_of_suit)
    return _follow_why(view, card, last_of_suit)


def _lead_why(view: View, card: str) -> Phrase:
    above, suit = _out_above(view, card), SUIT[card]
    if above:
        why = counted(
            "{count} higher {suit} is still out, so someone else should take it",
            "{count} higher {suit} are still out, so someone else should take it",
            above,
            suit=suit_word(suit) if above == 1 else _suits(suit),
        )
    else:
        why = phrase("nobody can beat it, but this trick should cost little")
    return phrase("Lead {card}: {why}", card=card, why=why)


def _off_suit_why(view: View, card: str, last_of_suit: bool) -> Phrase:
    """A card thrown away on a suit the player has none of: what it is rid of."""
    suit = SUIT[card]
    if card == view["papayoo"]:
        what = phrase("the Papayoo and its 40 points")
    elif suit == PAYOO:
        what = phrase("a Payoo worth {rank}", rank=RANK[card])
    elif RANK[card] >= 7:
        what = phrase("a high {suit} that could win a trick later", suit=suit_word(suit))
    elif last_of_suit:
        what = phrase(
            "your last {suit}, to discard again when {suits} are led",
            suit=suit_word(suit),
            suits=_suits(suit),
        )
    else:
        what = phrase("{card}: your other cards are worth more later", card=card)
    return phrase(
        "Play {card}: you have no {suits}, so throw away {what}",
        card=card,
        suits=_suits(view["lead_suit"]),
        what=what,
    )


def _follow_why(view: View, card: str, last_of_suit: bool) -> Phrase:
    """A card of the led suit: under the best so far, the last to play anyway, or over."""
    trick, papayoo, lead = view["trick"], view["papayoo"], view["lead_suit"]
    best = max((c for _, c in trick if SUIT[c] == lead), key=RANK.__getitem__)
    if RANK[card] < RANK[best]:
        if card == papayoo:
            return phrase(
                "Play {card}: the Papayoo fits under {best}, so its 40 points go to another",
                card=card,
                best=best,
            )
        reason = phrase(
            "Play {card}: it stays under {best}, so you do not take this trick",
            card=card,
            best=best,
        )
    elif len(trick) == view["players"] - 1:
        points = sum(card_points(c, papayoo) for _, c in trick) + card_points(card, papayoo)
        if SUIT[card] == PAYOO:
            why = phrase("a low Payoo adds the least")
        else:
            why = phrase("shed {card} at no extra cost", card=card)
        reason = phrase(
            "Play {card}: you take this trick anyway ({points}), so {why}",
            card=card,
            points=_points(points),
            why=why,
        )
    else:
        reason = phrase(
            "Play {card}: you cannot stay under {best}; the players after you may go higher",
            card=card,
            best=best,
        )
    return _shedding(reason, SUIT[card], last_of_suit)


def _shedding(reason: Phrase, suit: str, last_of_suit: bool) -> Phrase:
    """The reason, with ', and it sheds your last spade' when the card is the suit's last."""
    if not last_of_suit:
        return reason
    return phrase("{reason}, and it sheds your last {suit}", reason=reason, suit=suit_word(suit))


def _out_above(view: View, card: str) -> int:
    """Cards of the suit above `card` that are neither in the hand nor played this deal."""
    played = {c for _, c in Knowledge.from_view(view).played}
    suit, rank = SUIT[card], RANK[card]
    return sum(
        1
        for c in cards_in_play(view["players"])
        if SUIT[c] == suit and RANK[c] > rank and c not in played and c not in view["hand"]
    )
