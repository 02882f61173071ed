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

CLEAR = 20
"""From this margin on the hint says "clearly": the move the search tried less often has only a
few playouts behind its mean, so a large margin is sure in sign but loose in size."""


def hint(view: View, rng: random.Random, bot: HardBot | None = None) -> tuple[Action, str]:
    """(the move the hard bot plays, one line saying why) for the seat whose view this is.

    ValueError when that seat has no decision to make (not its turn, or the game is over).
    """
    seat = view["seat"]
    if view["over"] or seat not in view["to_act"]:
        raise ValueError("there is nothing to decide: it is not your turn")
    choice = (bot or HardBot()).choose(view, rng)
    tokens = view["tokens"][seat]
    if choice.edge is None:
        return TAKE, "Take: you have no tokens left, so you must take the card"
    move, other = ("Take", "passing") if choice.take else ("Pass", "taking")
    margin = round(choice.edge)
    if margin <= 0:
        verdict = f"a close call, about even with {other}"
    elif margin >= CLEAR:
        verdict = f"clearly better for you than {other}"
    else:
        verdict = f"about {_points(margin)} better for you than {other}"
    reason = _why(view["card"], view["pot"], view["cards"][seat], tokens, choice.take)
    return (TAKE if choice.take else PASS), f"{move}: {verdict} ({reason})"


def _why(card: int, pot: int, mine: list[int], tokens: int, take: bool) -> str:
    """What taking the card does to the player's points, in words."""
    fit = _fit(card, mine)
    net = points_delta(mask_of(mine), card) - pot
    if take:
        if fit:
            return f"taking {card} with {_tokens(pot)} {fit}"
        return f"taking {card} with {_tokens(pot)} {_net(net)}"
    if fit:
        return f"{card} {fit}, so it may come back round with more tokens"
    left = f"{_tokens(tokens)} left"
    return f"taking {card} with {_tokens(pot)} {_net(net)}; you have {left}"


def _fit(card: int, mine: list[int]) -> str:
    """'joins your 22–23' (or 'links your 20–21 and 23') when the card touches a run, else ''."""
    touching = [run for run in runs(mine) if run[0] == card + 1 or run[-1] == card - 1]
    if not touching:
        return ""
    return f"{'links' if len(touching) == 2 else 'joins'} your " + " and ".join(
        _run_text(run) for run in touching
    )


def _net(net: int) -> str:
    """The card's net cost (card points minus the pot) as a verb phrase."""
    if net < 0:
        return f"gains you {_points(-net)} net"
    return f"costs you {_points(net)} net" if net else "costs you nothing net"


def _run_text(run: list[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}"


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _tokens(n: int) -> str:
    return "no tokens" if n == 0 else ("1 token" if n == 1 else f"{n} tokens")
