"""The hint key: what the hard bot would do in the player's place, and why, in one line
(a `core.phrases.Phrase`, which the screen words in its player's language).

Pure and view-only like the bots: `hint(view, rng)` asks the hard bot's own policy
(`bots.hard_act`), so the hinted move is always the hard bot's, and the reason quotes the
exact odds of `odds`.
"""

from __future__ import annotations

import random

from core.api import Action, View
from core.pasovec.bots import Position, hard_act
from core.pasovec.dice import CHANCES, COLOURS, Combo, best_free_combo, combo_phrase, sum_span
from core.pasovec.odds import cheapest, roll_odds
from core.pasovec.rules import cost
from core.phrases import Phrase, counted, phrase

LOW_CHANCE = 0.25
"""Below this chance of a free shed, a roll's reason also says what the likelier dice give away."""


def hint(view: View, rng: random.Random) -> tuple[Action, Phrase]:
    """(action, reason) for the viewing seat, which must be in `to_act`."""
    position = Position.from_view(view)
    action = hard_act(position)
    if action["kind"] == "roll":
        return action, _roll_reason(position, action)
    if action["kind"] == "discard":
        return action, _discard_reason(position, action["card"])
    return action, _token_reason(position)


def _roll_reason(position: Position, action: Action) -> Phrase:
    """The chance the roll gives the player; when that is low and the dice likeliest to shed a
    card (`best_free_combo`) would let the others shed more, that too: why hard passed them by."""
    combo: Combo = tuple(action["dice"][colour] for colour in COLOURS)  # type: ignore[assignment]
    free, within = roll_odds(position.hand, position.tokens, combo)
    dice = combo_phrase(combo)
    if within > free + 0.005:
        text = phrase(
            "Roll {dice}: {free:.0%} chance to shed a card for free, {within:.0%} within your "
            "{tokens}",
            dice=dice,
            free=free,
            within=within,
            tokens=_tokens(position.tokens),
        )
    else:
        text = phrase(
            "Roll {dice}: {free:.0%} chance to shed a card for free", dice=dice, free=free
        )
    if free >= LOW_CHANCE:
        return text
    best = best_free_combo(position.hand)
    best_free = roll_odds(position.hand, position.tokens, best)[0]
    theirs = position.unseen()[1]
    given, given_here = _shed_by_others(theirs, best), _shed_by_others(theirs, combo)
    if best_free < free + 0.005 or given < given_here + 0.05:
        return text  # no likelier dice, or none that would help the others more
    if within < 0.005 and given_here < 0.005:
        text = phrase(
            "Roll {dice}: sums {span} match no card, you take a token",
            dice=dice,
            span=sum_span(combo),
        )
    return phrase(
        "{why}; {dice} ({free:.0%} free for you) lets the others shed {given:.1f} cards",
        why=text,
        dice=combo_phrase(best),
        free=best_free,
        given=given,
    )


def _shed_by_others(theirs: list[float], combo: Combo) -> float:
    """How many other players expect to shed a card for free on a roll of `combo`."""
    return sum(p * theirs[total] for total, p in enumerate(CHANCES[combo]) if p)


def _discard_reason(position: Position, card: int) -> Phrase:
    assert position.total is not None
    price = cost(card, position.total)
    if price == 0:
        return phrase("Discard {card} for free: it matches the sum", card=card)
    tokens = _tokens(price)
    fewest = min(position.sizes[i] for i in position.others())
    if fewest <= 2:
        return phrase(
            "Discard {card} for {tokens}: another player has {left} left, the round may end "
            "any roll now",
            card=card,
            tokens=tokens,
            left=counted("{count} card", "{count} cards", fewest),
        )
    if price > cheapest(position.hand, position.total):
        return phrase(
            "Discard {card} for {tokens}: the cards you keep are easier to hit later",
            card=card,
            tokens=tokens,
        )
    return phrase(
        "Discard {card} for {tokens}: a card shed now is worth more than the token you would take",
        card=card,
        tokens=tokens,
    )


def _token_reason(position: Position) -> Phrase:
    assert position.total is not None
    price = cheapest(position.hand, position.total)
    if price > position.tokens:
        return phrase(
            "Take a token: your cheapest card costs {tokens}, you hold {held}",
            tokens=_tokens(price),
            held=position.tokens,
        )
    return phrase(
        "Take a token: wait for a cheaper sum rather than pay {tokens} now", tokens=_tokens(price)
    )


def _tokens(n: int) -> Phrase:
    return counted("{count} token", "{count} tokens", n)
