"""The hint key: what the hard bot would do in a seat's place, and why, in one line.

The action is the hard bot's own choice for the same view and rng (so a hint never disagrees
with hard); the reason is read off the table afterwards, in a player's words: whether the
card stays under the trick, what it sheds, what the bot expects to take this deal.
"""

from __future__ import annotations

import random

from core.api import Action, View
from core.papayoo.bots import HardBot
from core.papayoo.cards import PAYOO, RANK, SUIT, SUIT_NAMES, cards_in_play


def hint(view: View, rng: random.Random, **settings: object) -> tuple[Action, str]:
    """(action, reason) for the seat of `view`, which must be in `to_act`. `settings` go to
    the hard bot, as in `core.get_bot("papayoo", "hard", **settings)`."""
    action, expected = HardBot(**settings).choose(view, rng)
    if action["kind"] == "pass_cards":
        return action, _pass_reason(view, action["cards"], expected)
    return action, _play_reason(view, action["card"], expected)


def _expectation(expected: dict[str, float], key: str) -> str:
    if key not in expected:
        return ""
    return f" (you should take about {round(expected[key])} points this deal)"


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
        reasons.append(f"gets rid of {sum(RANK[c] for c in payoos)} points of Payoos")
    if any(RANK[c] == 7 and SUIT[c] != PAYOO for c in cards):
        reasons.append("passes a 7 that may become the Papayoo")
    text = ", ".join(reasons) if reasons else "these are your most dangerous cards"
    return f"Pass {' '.join(cards)}: {text}" + _expectation(expected, " ".join(cards))


def _play_reason(view: View, card: str, expected: dict[str, float]) -> str:
    hand, trick, papayoo = view["hand"], view["trick"], view["papayoo"]
    suit = SUIT[card]
    last_of_suit = sum(1 for c in hand if SUIT[c] == suit) == 1
    sheds = f" and it sheds your last {SUIT_NAMES[suit]}" if last_of_suit else ""
    tail = _expectation(expected, card)
    if len(view["legal"]) == 1:
        return f"Play {card}: it is your only legal card" + tail
    if not trick:
        above = _out_above(view, card)
        if above:
            why = f"{above} higher {SUIT_NAMES[suit]} are still out, so someone else should take it"
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
            what = f"a high {SUIT_NAMES[suit][:-1]} that could win a trick later"
        elif last_of_suit:
            what = f"your last {SUIT_NAMES[suit][:-1]}, so you can discard again when they are led"
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
        points = sum(_points(c, papayoo) for _, c in trick) + _points(card, papayoo)
        return (
            f"Play {card}: you take this trick anyway ({points} points), so it costs nothing "
            f"more to shed {card}{sheds}" + tail
        )
    return (
        f"Play {card}: you cannot stay under {best}; the players after you may go higher{sheds}"
        + tail
    )


def _points(card: str, papayoo: str | None) -> int:
    if card == papayoo:
        return 40
    return RANK[card] if SUIT[card] == PAYOO else 0


def _out_above(view: View, card: str) -> int:
    """Cards of the suit above `card` that are neither in the hand nor played this deal."""
    start = max(i for i, e in enumerate(view["log"]) if e["type"] == "deal")
    played = {e["card"] for e in view["log"][start:] if e["type"] == "play"}
    suit, rank = SUIT[card], RANK[card]
    return sum(
        1
        for c in cards_in_play(view["players"])
        if SUIT[c] == suit and RANK[c] > rank and c not in played and c not in view["hand"]
    )
