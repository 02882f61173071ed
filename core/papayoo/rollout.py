"""The end of a deal for the hard bot's search: solved exactly when few cards are left, or
played out fast.

`solve` plays the last tricks exactly; the search (core/papayoo/search.py) uses it once every
hand is small. `play_out` is the cheaper play-out (`HardBot(playout="fast")`): the normal
policy (`core.papayoo.play.Deal`) plays a card in about ten function calls, counting the cards
still out for every lead, where this loop inlines a simpler policy and plays about three times
as many cards in the same CPU; in a 24-game duplicate series against the sparring partner it
did worse (29% of the wins against 42%), so hard plays out with normal by default. The policy
still knows the Papayoo:

- leading: the lowest ordinary card, keeping the Papayoo's suit while holding the Papayoo
  (to throw it under someone else's card later); Payoos late, the Papayoo last;
- following: the Papayoo when it fits under the trick, else the highest card under it; when
  every card goes over, the highest ordinary card if last to play (the trick is taken anyway),
  the lowest otherwise;
- void in the suit led (PY-13): the Papayoo, else by danger: high Payoos, and high cards of the
  Papayoo's suit while the Papayoo is still out.

`solve` has every seat minimise its own points from there on, each knowing the sampled hands,
and counts its nodes, so that the search can charge them to its budget of work.

Cards are the ints of `core.papayoo.play` (`suit * 32 + rank`, the Payoos suit 4).
"""

from __future__ import annotations

from core.papayoo.play import PAPAYOO_POINTS, PAYOO_SUIT


def points(card: int, papayoo: int) -> int:
    """PY-4/5/6 on ints."""
    if card == papayoo:
        return PAPAYOO_POINTS
    return card & 31 if card >> 5 == PAYOO_SUIT else 0


def choose(hand: list[int], trick: list[int], papayoo: int, players: int, out: int) -> int:
    """The play-out policy (module docstring). `out` is the bit mask of cards not yet played
    (own hand included): it only tells whether the Papayoo is still to come."""
    if not trick:
        return _lead(hand, papayoo)
    lead = trick[0] >> 5
    top = -1
    for card in trick:
        if card >> 5 == lead and card > top:
            top = card
    under = low = high = -1
    for card in hand:
        if card >> 5 == lead:
            if card < top and card > under:
                under = card
            if low < 0 or card < low:
                low = card
            if card > high:
                high = card
    if under >= 0:
        if papayoo >> 5 == lead and papayoo < top and papayoo in hand:
            return papayoo
        return under
    if low >= 0:
        if len(trick) == players - 1 and lead != PAYOO_SUIT:
            if high == papayoo:
                below = [c for c in hand if c >> 5 == lead and c != papayoo]
                return max(below) if below else papayoo
            return high
        if low == papayoo:
            above = [c for c in hand if c >> 5 == lead and c != papayoo]
            return min(above) if above else papayoo
        return low
    return _discard(hand, papayoo, out)


def _lead(hand: list[int], papayoo: int) -> int:
    """The lowest ordinary card, the Papayoo's suit kept while holding it; Payoos late."""
    holds = papayoo in hand
    best, key = hand[0], 1000
    for card in hand:
        suit = card >> 5
        if card == papayoo:
            k = 900
        elif suit == PAYOO_SUIT:
            k = 40 + (card & 31)
        else:
            k = card & 31
            if holds and suit == papayoo >> 5:
                k += 12
        if k < key:
            best, key = card, k
    return best


def _discard(hand: list[int], papayoo: int, out: int) -> int:
    """Void in the suit led: the Papayoo, else the most dangerous card."""
    if papayoo in hand:
        return papayoo
    papayoo_out = (out >> papayoo) & 1
    best, key = hand[0], -1
    for card in hand:
        rank = card & 31
        if card >> 5 == PAYOO_SUIT:
            k = rank + 6
        else:
            k = rank
            if papayoo_out and card >> 5 == papayoo >> 5 and rank > 7:
                k += 8
        if k > key:
            best, key = card, k
    return best


def winner_of(trick: list[int], last: int, players: int) -> int:
    """PY-14: the seat of the highest card of the suit led; `last` played the trick's last
    card, so the leader sits just after it."""
    lead = trick[0] >> 5
    best = 0
    for index in range(1, players):
        card = trick[index]
        if card >> 5 == lead and card > trick[best]:
            best = index
    return (last + 1 + best) % players


def play_out(
    hands: list[list[int]], trick: list[int], turn: int, papayoo: int, out: int, me: int
) -> int:
    """Play the deal to its end with `choose` in every seat; the points `me` takes from here
    (the trick in progress included). `hands` and `trick` are used up; `out` as in `choose`."""
    players = len(hands)
    taken = 0
    while hands[turn]:
        hand = hands[turn]
        card = choose(hand, trick, papayoo, players, out)
        hand.remove(card)
        out &= ~(1 << card)
        trick.append(card)
        if len(trick) < players:
            turn = (turn + 1) % players
            continue
        turn = winner_of(trick, turn, players)
        if turn == me:
            for card in trick:
                taken += points(card, papayoo)
        trick = []
    return taken


def solve(
    hands: list[list[int]], trick: list[int], turn: int, papayoo: int, nodes: list[int]
) -> list[int]:
    """The points each seat takes from here when every seat plays to take the fewest itself,
    knowing every hand (max^n; ties to the lower card). `nodes[0]` counts the positions
    visited. `hands` and `trick` are restored before returning."""
    players = len(hands)
    nodes[0] += 1
    hand = hands[turn]
    if not hand:
        return [0] * players
    if trick:
        lead = trick[0] >> 5
        legal = [c for c in hand if c >> 5 == lead] or hand[:]
    else:
        legal = hand[:]
    best: list[int] | None = None
    for card in sorted(legal):
        hand.remove(card)
        trick.append(card)
        if len(trick) < players:
            result = solve(hands, trick, (turn + 1) % players, papayoo, nodes)
        else:
            winner = winner_of(trick, turn, players)
            taken = sum(points(c, papayoo) for c in trick)
            result = solve(hands, [], winner, papayoo, nodes)
            result = result[:]
            result[winner] += taken
        trick.pop()
        hand.append(card)
        if best is None or result[turn] < best[turn]:
            best = result
    hand.sort()
    assert best is not None
    return best
