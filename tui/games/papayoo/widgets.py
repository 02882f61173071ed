"""How Papayoo looks: cards with a symbol and a letter, the hand with its cursor and marks, the
table (Papayoo, trick, last trick), the players' rows, log lines and the final totals.

Everything reads a "state" message, never a table. Nothing is told by colour alone: the cursor
is bracketed, cards chosen to pass carry ✓, received cards *, playable cards •, the seat to act
▶, winners ★.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from core.papayoo.cards import ORDER, SUIT
from tui.base.i18n import N_, NC_, listing, t, tn, words, words_in, words_n
from tui.base.messages import StateMessage
from tui.base.reading_table import ReadingTable
from tui.base.seats import PLAYER_WIDTH, in_line, is_you, seat_label
from tui.games.papayoo.tricks import ShownTrick, just_taken
from tui.screens.round_summary import last_entry
from tui.widgets.score_history import ScoreHistory

CARDS_PER_LINE = 9  # cards of CARD_CELLS cells in a hand line inside an 80-column screen
CARD_CELLS = 8  # "[✓♠S10*]": cursor brackets, mark, symbol and code, received star
CARDS_LEFT = NC_("column", "Left")  # the players table's headers, short for its narrow columns
LAST_TRICK = NC_("column", "Last trick")
TOTAL = NC_("column", "Total")
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "P": "¤"}
SUIT_WORDS = {
    "S": N_("spades"),
    "H": N_("hearts"),
    "D": N_("diamonds"),
    "C": N_("clubs"),
    "P": N_("Payoos"),
}


def card_text(card: str) -> str:
    """'♠S7', '¤P20': the symbol and the code, so a suit never rests on colour."""
    return f"{SYMBOLS[SUIT[card]]}{card}"


def cards_text(cards: list[str]) -> str:
    return " ".join(card_text(c) for c in sorted(cards, key=ORDER.__getitem__)) or "—"


def hand_text(
    hand: list[str], cursor: int | None, chosen: set[str], received: set[str], legal: set[str]
) -> Text:
    """The hand in suit order; each card drawn as [✓♠S7 *] with marks that need no colour,
    every card CARD_CELLS wide and CARDS_PER_LINE to a line, so a 20-card hand fits 80
    columns and a line never breaks inside a card (and `card_at` finds a click's card)."""
    text = Text(no_wrap=True)
    for index, card in enumerate(hand):
        if index and index % CARDS_PER_LINE == 0:
            text.append("\n")
        at = index == cursor
        mark = "✓" if card in chosen else "•" if card in legal else " "
        tail = "*" if card in received else " "
        style = "reverse" if at else "bold" if card in chosen or card in legal else ""
        if card in received:
            style += " underline"
        text.append("[" if at else " ", style="bold")
        text.append(f"{mark}{card_text(card):<4}{tail}", style=style.strip())
        text.append("]" if at else " ", style="bold")
    return text


def card_at(x: int, y: int, cards: int) -> int | None:
    """The index of the card drawn at cell (x, y) of `hand_text` for a hand of `cards`."""
    column = x // CARD_CELLS
    index = y * CARDS_PER_LINE + column
    if x < 0 or y < 0 or column >= CARDS_PER_LINE or index >= cards:
        return None
    return index


def trick_line(entry: dict[str, Any], names: list[str]) -> str:
    """'Chloé took 13 points: Ana led ♦D1, Bruno ¤P13, Chloé ♦D3, you ♦D2' — each card with
    its player, in the order they were played."""
    plays = [
        led(names[seat], card_text(card))
        if index == 0
        else f"{in_line(names[seat])} {card_text(card)}"
        for index, (seat, card) in enumerate(entry["cards"])
    ]
    taker, points = names[entry["winner"]], points_text(entry["points"])
    if is_you(taker):
        return words("You took {points}: {plays}", points=points, plays=listing(plays))
    return words("{who} took {points}: {plays}", who=taker, points=points, plays=listing(plays))


def led(who: str, card: str) -> str:
    """'Ana led ♦D1', 'You led ♦D1' (reading order)."""
    if is_you(who):
        return words("you led {card}", card=card)
    return words("{who} led {card}", who=who, card=card)


def points_text(count: int) -> str:
    """'1 point', '13 points', in the reader's language (reading order)."""
    return words_n("{count} point", "{count} points", count)


def log_line(entry: dict[str, Any], names: list[str]) -> str | None:
    """One log entry in plain words; plays are left to the table (too many lines)."""
    kind = entry["type"]
    if kind == "deal":
        dealer = names[entry["dealer"]]
        if is_you(dealer):
            return words("Deal {deal}: you deal", deal=entry["deal"])
        return words("Deal {deal}: {dealer} deals", deal=entry["deal"], dealer=dealer)
    if kind == "pass":
        if "given" not in entry:
            return words_n("Everyone passed {count} card", "Everyone passed {count} cards",
                           entry["count"])  # fmt: skip
        return words(
            "You passed {given} to {to} and got {received} from {sender}",
            given=cards_text(entry["given"]),
            to=names[entry["to"]],
            received=cards_text(entry["received"]),
            sender=names[entry["from"]],
        )
    if kind == "die":
        papayoo = entry["papayoo"]
        face = f"{SYMBOLS[entry['face']]}{entry['face']}"
        return words("The die shows {face}: the Papayoo is {card} (40 points)", face=face,
                     card=card_text(papayoo))  # fmt: skip
    if kind == "trick":
        return trick_line(entry, names)
    if kind == "deal_end":
        scores = zip(names, entry["points"], entry["totals"], strict=True)
        rows = (
            words("  {name}: +{deal} this deal, {total} in all", name=name, deal=p, total=total)
            for name, p, total in scores
        )
        head = words("Deal {deal} over (fewest points best):", deal=entry["deal"])
        return "\n".join((head, *rows))
    return None


class TablePanel(Static):
    """The deal, the Papayoo, the pass or the suit led, and the last trick's taker: the trick
    `shown` in the players' Trick column when it is over (just taken, or asked for by t)."""

    def show(self, message: StateMessage, names: list[str], shown: ShownTrick) -> None:
        view = message["view"]
        text = Text()
        deal = t("Deal {deal} of {deals}", deal=view["deal"], deals=view["deals"])
        text.append(deal + "\n", style="bold")
        dealer = names[view["dealer"]]
        text.append((t("You deal") if is_you(dealer) else t("Dealer: {name}", name=dealer)) + "\n")
        papayoo = view["papayoo"]
        if papayoo is None:
            text.append(t("Papayoo: rolled later") + "\n")
        else:
            text.append(
                t("Papayoo: {card} (40)", card=card_text(papayoo)) + "\n", style="bold reverse"
            )
        if view["phase"] == "pass":
            waiting = view["players"] - len(view["passed_seats"])
            text.append(
                tn("Pass {count} card left", "Pass {count} cards left", view["pass_count"]) + "\n"
            )
            text.append(tn("{count} player choosing", "{count} players choosing", waiting) + "\n")
            ended = last_deal_end(view)
            if ended is not None and not shown.finished:
                text.append(t("Deal {deal} scored →", deal=ended["deal"]) + "\n", style="bold")
        else:
            lead = view["lead_suit"]
            suit = words(SUIT_WORDS[lead]) if lead else ""
            led = (
                t("Led: {symbol}{suit} ({name})", symbol=SYMBOLS[lead], suit=lead, name=suit)
                if lead
                else t("Led: —")
            )
            text.append(led + "\n")
        text.append(taker_text(view, names, shown))
        self.update(text)


def led_text(lead: str | None) -> str:
    """'Led: ♠S (spades)', the suit named in the reader's language."""
    if not lead:
        return t("Led: —")
    name = words(SUIT_WORDS[lead])
    return t("Led: {symbol}{suit} ({name})", symbol=SYMBOLS[lead], suit=lead, name=name)


def taker_text(view: dict[str, Any], names: list[str], shown: ShownTrick) -> Text:
    """Who took the trick on show in the Trick column; else, in a trick under way, who took
    the last one, and that t shows it."""
    text = Text()
    playing = view["phase"] == "play"
    if shown.finished and shown.winner is not None:
        just = just_taken(view) is not None
        text.append((t("Trick taken:") if just else t("Last trick:")) + " ", style="bold")
        text.append(f"{in_line(names[shown.winner])}\n")
        text.append(t("worth {points}", points=points_text(shown.points)) + "\n")
        if playing and not just:
            text.append(t("t again hides it") + "\n")
        return text
    last = view["last_trick"]
    if playing and last is not None:
        text.append(t("Last trick: {name}", name=in_line(names[last["winner"]])) + "\n")
        text.append(t("worth {points}", points=points_text(last["points"])) + "\n")
        text.append(t("t shows it") + "\n")
    return text


def last_deal_end(view: dict[str, Any]) -> dict[str, Any] | None:
    """The log's summary of the deal just scored, while the next deal is still at its pass
    (nobody has taken a point in it yet); else None."""
    return last_entry(view, "deal_end") if view["phase"] == "pass" else None


class PlayersPanel(Static):
    """One row per seat: who acts (▶) or has passed (✓), name, cards left, the card played
    to this trick (or to the trick just taken or asked for by t, the taker's marked 'took',
    the header saying 'Last trick'), this deal's points and the totals. During the pass of a
    later deal the points column holds the deal just scored instead (its header says which):
    with the totals beside it, the panel is the deal's summary table (PY-17)."""

    def show(self, message: StateMessage, shown: ShownTrick) -> None:
        view = message["view"]
        ended = last_deal_end(view)
        points = view["points"] if ended is None else ended["points"]
        # One cell between columns (collapsed padding): six columns fit the panel's 52 cells at
        # 80 columns in every language, a bot's level and "Total" included.
        table = ReadingTable(
            box=None, expand=True, padding=(0, 1), collapse_padding=True, show_edge=False
        )
        table.add_column("", width=1, no_wrap=True)
        table.add_column(t("Player"), no_wrap=True, max_width=PLAYER_WIDTH)
        table.add_column(words_in("column", CARDS_LEFT), justify="right", no_wrap=True)
        trick = words_in("column", LAST_TRICK) if shown.finished else t("Trick")
        table.add_column(trick, no_wrap=True)
        table.add_column(
            t("Pts") if ended is None else t("Deal {deal}", deal=ended["deal"]),
            justify="right",
            no_wrap=True,
        )
        table.add_column(words_in("column", TOTAL), justify="right", no_wrap=True)
        passing = view["phase"] == "pass"
        for seat in range(view["players"]):
            acting = seat in view["to_act"] and not passing
            done = passing and seat in view["passed_seats"]
            table.add_row(
                "▶" if acting else "✓" if done else "",
                seat_label(message, seat),
                str(view["hand_sizes"][seat]),
                trick_cell(shown, seat),
                str(points[seat]),
                str(view["totals"][seat]),
                style="reverse" if acting else "bold" if seat == message["seat"] else "",
            )
        self.update(table)


def trick_cell(shown: ShownTrick, seat: int) -> str:
    """A seat's card in the trick on show; in a trick over, the taker's says 'took'."""
    card = shown.cards.get(seat)
    if card is None:
        return ""
    return t("{card} took", card=card_text(card)) if seat == shown.winner else card_text(card)


class HandPanel(Static):
    """The player's hand; the screen keeps the cursor and the chosen cards. A click on a card
    posts `Picked` with its index."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    cards: int = 0

    def show(self, view: dict[str, Any], cursor: int | None, chosen: set[str]) -> None:
        hand = view["hand"] or []
        self.cards = len(hand)
        received = set(view["received"] or []) if view["phase"] != "pass" else set()
        legal = set(view["legal"]) if view["phase"] == "play" else set()
        self.update(hand_text(hand, cursor, chosen, received, legal))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        index = None if offset is None else card_at(offset.x, offset.y, self.cards)
        if index is not None:
            event.stop()
            self.post_message(self.Picked(index))


def score_table(state: StateMessage) -> ScoreHistory:
    """Players by total, lowest (best) first (PY-17/18), with each deal's points (the log's
    deal ends); winners marked ★ and bold."""
    view = state["view"]
    result = view["result"]
    deals = [entry["points"] for entry in view["log"] if entry["type"] == "deal_end"]
    order = sorted(range(view["players"]), key=lambda s: (result["scores"][s], s))
    totals = [(t("Total"), result["scores"])]
    return ScoreHistory(state, order, result["winners"], t("Deal"), deals, totals)
