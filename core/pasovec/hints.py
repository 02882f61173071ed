"""The hint key: what the hard bot would do in the player's place, and why, in one line.

Pure and view-only like the bots: `hint(view, rng)` asks the hard bot's own policy
(`bots.hard_act`), so the hinted move is always the hard bot's, and the reason quotes the
exact odds of `odds`.
"""

from __future__ import annotations

import random

from core.api import Action, View
from core.pasovec.bots import Position, hard_act
from core.pasovec.dice import CHANCES, COLOURS, Combo, best_free_combo, combo_label, sum_span
from core.pasovec.odds import cheapest, roll_odds
from core.pasovec.rules import cost

LOW_CHANCE = 0.25
"""Below this chance of a free shed, a roll's reason also says what the likelier dice give away."""


def hint(view: View, rng: random.Random) -> tuple[Action, str]:
    """(action, reason) for the viewing seat, which must be in `to_act`."""
    position = Position.from_view(view)
    action = hard_act(position)
    if action["kind"] == "roll":
        return action, _roll_reason(position, action)
    if action["kind"] == "discard":
        return action, _discard_reason(position, action["card"])
    return action, _token_reason(position)


def _roll_reason(position: Position, action: Action) -> str:
    """The chance the roll gives the player; when that is low and the dice likeliest to shed a
    card (`best_free_combo`) would let the others shed more, that too: why hard passed them by."""
    combo: Combo = tuple(action["dice"][colour] for colour in COLOURS)  # type: ignore[assignment]
    free, within = roll_odds(position.hand, position.tokens, combo)
    text = f"Roll {combo_label(combo)}: {free:.0%} chance to shed a card for free"
    if within > free + 0.005:
        text += f", {within:.0%} within your {_tokens(position.tokens)}"
    if free >= LOW_CHANCE:
        return text
    best = best_free_combo(position.hand)
    best_free = roll_odds(position.hand, position.tokens, best)[0]
    theirs = position.unseen()[1]
    given, given_here = _shed_by_others(theirs, best), _shed_by_others(theirs, combo)
    if best_free < free + 0.005 or given < given_here + 0.05:
        return text  # no likelier dice, or none that would help the others more
    if within < 0.005 and given_here < 0.005:
        label, span = combo_label(combo), sum_span(combo)
        text = f"Roll {label}: sums {span} match no card, you take a token"
    return (
        f"{text}; {combo_label(best)} ({best_free:.0%} free for you) lets the others shed "
        f"{given:.1f} cards"
    )


def _shed_by_others(theirs: list[float], combo: Combo) -> float:
    """How many other players expect to shed a card for free on a roll of `combo`."""
    return sum(p * theirs[total] for total, p in enumerate(CHANCES[combo]) if p)


def _discard_reason(position: Position, card: int) -> str:
    assert position.total is not None
    price = cost(card, position.total)
    head = f"Discard {card} for {_tokens(price) if price else 'free'}"
    if price == 0:
        return f"{head}: it matches the sum"
    fewest = min(position.sizes[i] for i in position.others())
    if fewest <= 2:
        left = "1 card" if fewest == 1 else f"{fewest} cards"
        return f"{head}: another player has {left} left, the round may end any roll now"
    if price > cheapest(position.hand, position.total):
        return f"{head}: the cards you keep are easier to hit later"
    return f"{head}: a card shed now is worth more than the token you would take"


def _token_reason(position: Position) -> str:
    assert position.total is not None
    price = cheapest(position.hand, position.total)
    if price > position.tokens:
        return (
            f"Take a token: your cheapest card costs {_tokens(price)}, you hold {position.tokens}"
        )
    return f"Take a token: wait for a cheaper sum rather than pay {_tokens(price)} now"


def _tokens(n: int) -> str:
    return f"{n} token" if n == 1 else f"{n} tokens"
