"""The hint key's advice: what the hard bot would do now, and why, in one line a player reads.

Pure like the rest of `core`: the screen runs it off its UI thread. The move is the hard bot's
own choice for the same view and rng (`HardBot.choose`), so a hint never disagrees with the
bot; the reason puts the search's margin into points and names what the card does to the
player's runs (NT-11) and what the pot is worth.
"""

from __future__ import annotations

import random

from core.api import Action, View
from core.nothanks.bots import PASS, TAKE, HardBot, mask_of, points_delta
from core.nothanks.rules import runs
from core.phrases import Phrase, counted, listed, phrase

CLEAR = 20
"""From this margin on the hint says "clearly": the move the search tried less often has only a
few playouts behind its mean, so a large margin is sure in sign but loose in size."""


def hint(view: View, rng: random.Random, bot: HardBot | None = None) -> tuple[Action, Phrase]:
    """(the move the hard bot plays, why in words: core/phrases.py) for the seat whose view
    this is.

    ValueError when that seat has no decision to make (not its turn, or the game is over).
    """
    seat = view["seat"]
    if view["over"] or seat not in view["to_act"]:
        raise ValueError("there is nothing to decide: it is not your turn")
    choice = (bot or HardBot()).choose(view, rng)
    tokens = view["tokens"][seat]
    if choice.edge is None:
        return TAKE, phrase("Take: you have no tokens left, so you must take the card")
    margin = round(choice.edge)
    reason = _why(view["card"], view["pot"], view["cards"][seat], tokens, choice.take)
    points = _points(margin)
    if choice.take:
        if margin <= 0:
            said = phrase("Take: a close call, about even with passing ({reason})", reason=reason)
        elif margin >= CLEAR:
            said = phrase("Take: clearly better for you than passing ({reason})", reason=reason)
        else:
            said = phrase(
                "Take: about {points} better for you than passing ({reason})",
                points=points,
                reason=reason,
            )
    elif margin <= 0:
        said = phrase("Pass: a close call, about even with taking ({reason})", reason=reason)
    elif margin >= CLEAR:
        said = phrase("Pass: clearly better for you than taking ({reason})", reason=reason)
    else:
        said = phrase(
            "Pass: about {points} better for you than taking ({reason})",
            points=points,
            reason=reason,
        )
    return (TAKE if choice.take else PASS), said


def _why(card: int, pot: int, mine: list[int], tokens: int, take: bool) -> Phrase:
    """What taking the card does to the player's points, in words."""
    fit = _fit(card, mine)
    net = points_delta(mask_of(mine), card) - pot
    pot_tokens = _tokens(pot)
    if take:
        if fit:
            return phrase(
                "taking {card} with {tokens} {fit}", card=card, tokens=pot_tokens, fit=fit
            )
        return phrase(
            "taking {card} with {tokens} {net}", card=card, tokens=pot_tokens, net=_net(net)
        )
    if fit:
        return phrase(
            "{card} {fit}, so it may come back round with more tokens", card=card, fit=fit
        )
    return phrase(
        "taking {card} with {tokens} {net}; you have {left} left",
        card=card,
        tokens=pot_tokens,
        net=_net(net),
        left=_tokens(tokens),
    )


def _fit(card: int, mine: list[int]) -> Phrase | None:
    """'joins your 22–23' (or 'links your 20–21 and 23') when the card touches a run."""
    touching = [run for run in runs(mine) if run[0] == card + 1 or run[-1] == card - 1]
    if not touching:
        return None
    named = listed([_run_text(run) for run in touching])
    if len(touching) == 2:
        return phrase("links your {runs}", runs=named)
    return phrase("joins your {runs}", runs=named)


def _net(net: int) -> Phrase:
    """The card's net cost (card points minus the pot) as a verb phrase."""
    if net < 0:
        return phrase("gains you {points} net", points=_points(-net))
    if net:
        return phrase("costs you {points} net", points=_points(net))
    return phrase("costs you nothing net")


def _run_text(run: list[int]) -> int | Phrase:
    """A run by its ends ('22–24', the range Pásovec's sums are written as too), a lone card by
    its number: each language writes its digits."""
    return run[0] if len(run) == 1 else phrase("{low}–{high}", low=run[0], high=run[-1])


def _points(n: int) -> Phrase:
    return counted("{count} point", "{count} points", n)


def _tokens(n: int) -> Phrase:
    if n == 0:
        return phrase("no tokens")
    return counted("{count} token", "{count} tokens", n)
