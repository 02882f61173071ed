"""A fast, mutable Papayoo deal for the bots: cards as small ints, hands as lists.

The rules engine keeps immutable states with card codes, right for the host; a bot that
plays thousands of deals to the end per decision needs plain lists it can change in place.
A card is `suit * 32 + rank` (suits in `SUITS` order, the Payoos last), so `card >> 5` is its
suit, `card & 31` its rank, and within a suit the int order is the rank order.

The play policies (easy and normal) live here too: they are the easy and normal bots'
answers, and the hard bot's play-outs call exactly them.
"""

from __future__ import annotations

from collections.abc import Callable

from core.papayoo.cards import ALL_CARDS, PAPAYOO_POINTS, RANK, SUITS

PAYOO_SUIT = SUITS.index("P")
CARD_INT = {code: SUITS.index(code[0]) * 32 + RANK[code] for code in ALL_CARDS}
CODE = {number: code for code, number in CARD_INT.items()}


def value(card: int, papayoo: int) -> int:
    """PY-4/5/6 on ints."""
    if card == papayoo:
        return PAPAYOO_POINTS
    return card & 31 if card >> 5 == PAYOO_SUIT else 0


class Deal:
    """One deal being played: hands, the trick in progress, points and the cards gone.

    `gone` is a bit mask of the cards played this deal (trick included): policies read it to
    count the cards still out, which every player at the table can do.
    """

    __slots__ = ("gone", "hands", "papayoo", "players", "points", "trick", "turn")

    def __init__(
        self,
        hands: list[list[int]],
        trick: list[int],
        turn: int,
        points: list[int],
        papayoo: int,
        gone: int,
    ) -> None:
        self.hands = hands
        self.trick = trick
        self.turn = turn
        self.points = points
        self.papayoo = papayoo
        self.gone = gone
        self.players = len(hands)

    def copy(self) -> Deal:
        return Deal(
            [hand[:] for hand in self.hands],
            self.trick[:],
            self.turn,
            self.points[:],
            self.papayoo,
            self.gone,
        )

    def play(self, card: int) -> None:
        """The seat to act plays `card` (assumed legal); a full trick goes to its winner
        (PY-14/15)."""
        self.hands[self.turn].remove(card)
        self.gone |= 1 << card
        trick = self.trick
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self.turn = (self.turn + 1) % players
            return
        lead = trick[0] >> 5
        best = 0
        papayoo = self.papayoo
        taken = 0
        for index, played in enumerate(trick):
            if played >> 5 == lead and played > trick[best]:
                best = index
            if played == papayoo:  # PY-4/5/6 as in `value`, without a call per card
                taken += PAPAYOO_POINTS
            elif played >> 5 == PAYOO_SUIT:
                taken += played & 31
        winner = (self.turn + 1 + best) % players  # the leader sits just after the last player
        self.points[winner] += taken
        self.trick = []
        self.turn = winner

    def play_out(self, policies: list[Policy]) -> None:
        """Play to the end of the deal (PY-16), each seat following its policy."""
        hands = self.hands
        while hands[self.turn]:
            self.play(policies[self.turn](self, self.turn))


Policy = Callable[[Deal, int], int]


SUIT_MASK = [sum(1 << CARD_INT[code] for code in ALL_CARDS if code[0] == suit) for suit in SUITS]


def easy_order(card: int, papayoo: int) -> tuple[bool, bool, int]:
    """The order `easy_play` leads low and throws high by: the Papayoo last, the Payoos after
    the ordinary cards, then by rank."""
    return (card == papayoo, card >> 5 == PAYOO_SUIT, card & 31)


def easy_play(deal: Deal, seat: int) -> int:
    """Duck when you can, else get rid of high cards:

    - leading: the lowest card (not the Papayoo);
    - following: the highest card that stays under the trick's best card; when every card of
      the suit beats it, the highest if you play last (the trick is yours anyway), else the
      lowest;
    - no card of the suit led: throw the Papayoo, else the highest Payoo, else the highest
      card.
    """
    hand = deal.hands[seat]
    papayoo = deal.papayoo
    trick = deal.trick
    if not trick:
        return min(hand, key=lambda c: easy_order(c, papayoo))
    lead = trick[0] >> 5
    follow = [c for c in hand if c >> 5 == lead]
    if not follow:
        return max(hand, key=lambda c: easy_order(c, papayoo))
    best = max(c for c in trick if c >> 5 == lead)
    under = [c for c in follow if c < best]
    if under:
        return max(under)
    if len(trick) == deal.players - 1:
        return max(follow, key=lambda c: (c != papayoo, c))
    return min(follow)


def normal_play(deal: Deal, seat: int) -> int:
    """Easy's ducking, plus counting cards:

    - following under the best card: throw the Papayoo if it fits under, else the highest
      card that stays under;
    - when the trick is yours anyway (last to play): shed the highest ordinary card, but the
      lowest Payoo, since a Payoo you add counts against you at once;
    - void: shed by danger (the Papayoo, high Payoos, high cards of the Papayoo's suit);
    - leading: the card with the most cards still out above it for each one out below it,
      avoiding the Papayoo and its own suit while you hold it.
    """
    hand = deal.hands[seat]
    papayoo = deal.papayoo
    trick = deal.trick
    if not trick:
        return _safest_lead(deal, seat)
    lead = trick[0] >> 5
    follow = [c for c in hand if c >> 5 == lead]
    if not follow:
        return _most_dangerous(deal, seat)
    best = max(c for c in trick if c >> 5 == lead)
    under = [c for c in follow if c < best]
    if under:
        return papayoo if papayoo in under else max(under)
    if len(trick) == deal.players - 1:
        if lead == PAYOO_SUIT:
            return min(follow)
        return max(follow, key=lambda c: (c != papayoo, c))
    safe = [c for c in follow if c != papayoo]
    return min(safe or follow)


def _most_dangerous(deal: Deal, seat: int) -> int:
    """What a void discard sheds first, the card that threatens to cost its holder most later:
    the Papayoo, then by danger, a Payoo its rank plus 6, an ordinary card its rank, plus 8
    for a high card of the Papayoo's suit while the Papayoo is still out (it may catch it).
    The first of equals in hand order. One loop without a call per card: the hard bot's
    play-outs ask this hundreds of thousands of times per decision."""
    hand = deal.hands[seat]
    papayoo = deal.papayoo
    if papayoo in hand:
        return papayoo
    catcher = papayoo >> 5 if not (deal.gone >> papayoo) & 1 else -1
    best, most = hand[0], -1
    for card in hand:
        rank = card & 31
        suit = card >> 5
        if suit == PAYOO_SUIT:
            danger = rank + 6
        elif suit == catcher and rank > 7:
            danger = rank + 8
        else:
            danger = rank
        if danger > most:
            best, most = card, danger
    return best


def _safest_lead(deal: Deal, seat: int) -> int:
    """The lead least likely to win its trick, and cheapest if it does: lowest risk, then
    rank, the first of equals in hand order. A card's risk is the cards of its suit still out
    below it for each one out above it (50 and more with none above: it wins whenever the suit
    is followed), plus 100 for the Papayoo, 5 for its suit while holding it (kept to throw the
    Papayoo under someone else's card) and a tenth of a Payoo's rank. Out means neither
    played nor in this hand, as anyone at the table can count; one loop without a call per
    card, as in `_most_dangerous`."""
    hand = deal.hands[seat]
    papayoo = deal.papayoo
    known = deal.gone
    for card in hand:
        known |= 1 << card
    out = [(mask & ~known) for mask in SUIT_MASK]  # per suit; the card itself is never out
    count = [suited.bit_count() for suited in out]
    kept = papayoo >> 5 if papayoo in hand else -1
    best, least, low = hand[0], 0.0, 32
    for index, card in enumerate(hand):
        suit = card >> 5
        rank = card & 31
        below = (out[suit] & ((1 << card) - 1)).bit_count()
        above = count[suit] - below
        risk = 50.0 + below if above == 0 else below / above
        if card == papayoo:
            risk += 100
        elif suit == kept:
            risk += 5
        if suit == PAYOO_SUIT:
            risk += rank / 10
        if index == 0 or risk < least or (risk == least and rank < low):
            best, least, low = card, risk, rank
    return best


def easy_pass(hand: list[int], count: int) -> list[int]:
    """Pass the highest cards for their suit: a Payoo's rank counts half, as they go to 20."""
    return sorted(hand, key=lambda c: (c & 31) * (1 if c >> 5 == PAYOO_SUIT else 2))[-count:]


def normal_pass(hand: list[int], count: int) -> list[int]:
    """Pass the most dangerous cards: high ordinary cards (they win tricks that others load
    with Payoos), cards of short suits (emptying one lets you throw bad cards when it is
    led), the 7s (each may become the Papayoo) and high Payoos, which weigh less than their
    points suggest: a Payoo only costs you in a trick you win. Weights tuned against easy."""
    lengths = [0] * len(SUITS)
    for card in hand:
        lengths[card >> 5] += 1

    def score(card: int) -> float:
        suit, rank = card >> 5, card & 31
        if suit == PAYOO_SUIT:
            return rank * 0.6
        bonus = 2.0 if rank == 7 else 0.0
        if lengths[suit] <= count // 2 + 1:
            bonus += 3.0 * (4 - lengths[suit])
        return 2 * rank + bonus

    return sorted(hand, key=score)[-count:]


PassPolicy = Callable[[list[int], int], list[int]]
