"""The hint key: what the hard bot would do in a seat's place, and why, in one line.

The action is the hard bot's own choice for the same view and rng (so a hint never disagrees
with hard); the reason is read off the table afterwards, in a player's words: whether the
card stays under the trick, what it sheds, what the bot expects to take this deal.
"""

from __future__ import annotations

import random

from core.api import Action, View
from core.papayoo.bots import HardBot
from core.papayoo.cards import PAYOO, RANK, SUIT, SUIT_NAMES, card_points, cards_in_play
from core.papayoo.knowledge import Knowledge


def hint(view: View, rng: random.Random, **settings: object) -> tuple[Action, str]:
    """(action, reason) for the seat of `view`, which must be in `to_act`. `settings` go to
    the hard bot, as in `core.get_bot("papayoo", "hard", **settings)`."""
    action, expected = HardBot(**settings).choose(view, rng)
    if action["kind"] == "pass_cards":
        return action, _pass_reason(view, action["cards"], expected)
    return action, _play_reason(view, action["card"], expected)


def _points(count: int) -> str:
    """'1 point', '13 points': a hint reads as a player would say it."""
    return f"{count} point" if count == 1 else f"{count} points"


def _expectation(expected: dict[str, float], key: str) -> str:
    if key not in expected:
        return ""
    return f" (about {_points(round(expected[key]))} for you this deal)"


def _pass_reason(view: View, cards: list[str], expected: dict[str, float]) -> str:
    hand = view["hand"]
    reasons = []
    emptied = [
        s
        for s in "SHDC"
        if any(SUIT[c] == s for c in cards) and all(c in cards for c in hand if SUIT[c] == s)
    ]
    if emptied:
        reasons.append("it empties your " + " and ".join(SUIT_NAMES[s] for s in emptied))
    high = [c for c in cards if SUIT[c] != PAYOO and RANK[c] >= 8]
    if high:
        reasons.append("sheds high cards that would win tricks")
    payoos = [c for c in cards if SUIT[c] == PAYOO]
    if payoos:
        reasons.append(f"sheds {_points(sum(RANK[c] for c in payoos))} of Payoos")
    if any(RANK[c] == 7 and SUIT[c] != PAYOO for c in cards):
        reasons.append("passes a 7 that may be the Papayoo")
    text = ", ".join(reasons) if reasons else "these are your most dangerous cards"
    return f"Pass {' '.join(cards)}: {text}" + _expectation(expected, " ".join(cards))


def _play_reason(view: View, card: str, expected: dict[str, float]) -> str:
    hand, trick, papayoo = view["hand"], view["trick"], view["papayoo"]
    suit = SUIT[card]
    last_of_suit = sum(1 for c in hand if SUIT[c] == suit) == 1
    one = SUIT_NAMES[suit][:-1]  # "spade", "Payoo"
    sheds = f", and it sheds your last {one}" if last_of_suit else ""
    tail = _expectation(expected, card)
    if len(view["legal"]) == 1:
        return f"Play {card}: it is your only legal card" + tail
    if not trick:
        above = _out_above(view, card)
        if above:
            cards = f"{above} higher {SUIT_NAMES[suit] if above > 1 else one}"
            verb = "are" if above > 1 else "is"
            why = f"{cards} {verb} still out, so someone else should take it"
        else:
            why = "nobody can beat it, but this trick should cost little"
        return f"Lead {card}: {why}{sheds}" + tail
    lead = view["lead_suit"]
    if suit != lead:
        if card == papayoo:
            what = "the Papayoo and its 40 points"
        elif suit == PAYOO:
            what = f"a Payoo worth {RANK[card]}"
        elif RANK[card] >= 7:
            what = f"a high {one} that could win a trick later"
        elif last_of_suit:
            what = f"your last {one}, to discard again when {SUIT_NAMES[suit]} are led"
        else:
            what = f"{card}: your other cards are worth more later"
        return f"Play {card}: you have no {SUIT_NAMES[lead]}, so throw away {what}" + tail
    best = max((c for _, c in trick if SUIT[c] == lead), key=RANK.__getitem__)
    if RANK[card] < RANK[best]:
        if card == papayoo:
            return (
                f"Play {card}: the Papayoo fits under {best}, so its 40 points go to another" + tail
            )
        return f"Play {card}: it stays under {best}, so you do not take this trick{sheds}" + tail
    if len(trick) == view["players"] - 1:
        points = sum(card_points(c, papayoo) for _, c in trick) + card_points(card, papayoo)
        why = "a low Payoo adds the least" if suit == PAYOO else f"shed {card} at no extra cost"
        return (
            f"Play {card}: you take this trick anyway ({_points(points)}), so {why}{sheds}" + tail
        )
    return (
        f"Play {card}: you cannot stay under {best}; the players after you may go higher{sheds}"
        + tail
    )


def _out_above(view: View, card: str) -> int:
    """Cards of the suit above `card` that are neither in the hand nor played this deal."""
    played = {c for _, c in Knowledge.from_view(view).played}
    suit, rank = SUIT[card], RANK[card]
    return sum(
        1
        for c in cards_in_play(view["players"])
        if SUIT[c] == suit and RANK[c] > rank and c not in played and c not in view["hand"]
    )
