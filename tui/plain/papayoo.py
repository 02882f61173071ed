"""Papayoo as lines: the hand by suit, the pass (`pass S7 H3 …`), the trick and the cards one
may play (`play S7`, `play 7 spades`)."""

from __future__ import annotations

import re
from itertools import groupby
from typing import Any

from core.papayoo.cards import ALL_CARDS, ORDER, RANK, SUIT
from tui.base.i18n import N_, listing, words, words_n
from tui.base.seats import in_line, is_you, name_list
from tui.games.papayoo.widgets import SUIT_WORDS, SYMBOLS, log_line
from tui.plain.commands import Command
from tui.plain.faces import face_words, groups, read_faces
from tui.plain.presenter import Presenter
from tui.screens.round_summary import leaders_line

CODES = frozenset(ALL_CARDS)
SYMBOL_OF = "".join(SYMBOLS.values())
CARD_FACE = re.compile(rf"([{SYMBOL_OF}])([SHDCP])(\d+)")  # card_text's '♠S7'
SUIT_FACE = re.compile(rf"([{SYMBOL_OF}])([SHDCP])(?!\d)")  # the die's face, '♠S'


def card_words(card: str) -> str:
    """'spades 7', 'Payoos 20'."""
    return face_words(SUIT[card], RANK[card], SUIT_WORDS)


def hand_words(cards: list[str]) -> str:
    """'spades 3, 7; hearts 10; Payoos 5': suit by suit, in the hand's order."""
    suits = groupby(sorted(cards, key=ORDER.__getitem__), key=SUIT.__getitem__)
    said = [
        words(
            "{suit} {numbers}",
            suit=words(SUIT_WORDS[suit]),
            numbers=listing(str(RANK[c]) for c in group),
        )
        for suit, group in suits
    ]
    return groups(said) or words("none")


def said_cards(line: str) -> str:
    """The screen's log line with its cards in words: '♠S7' (a symbol, then the code, as
    `card_text` writes every card) becomes 'spades 7', the die's '♠S' 'spades'."""
    line = CARD_FACE.sub(lambda found: card_words(found[2] + found[3]), line)
    return SUIT_FACE.sub(lambda found: words(SUIT_WORDS[found[2]]), line)


class PapayooLines(Presenter):
    GAME_ID = "papayoo"
    HINT = "core.papayoo.hints:hint"

    def log_line(self, entry: dict[str, Any], names: list[str]) -> str | None:
        if entry["type"] == "play":  # the screen shows plays on the table; here they are told
            who, card = names[entry["seat"]], card_words(entry["card"])
            if is_you(who):  # the reader's own sentence, in the second person
                return words("You played {card}.", card=card)
            return words("{who} played {card}.", who=who, card=card)
        return log_line(entry, names)

    def turn(self) -> str:
        view = self.view
        hand = hand_words(view["hand"] or [])
        if view["phase"] == "pass":
            return words_n(
                "Your turn. Pass {count} card: pass and the card. Your hand: {hand}.",
                "Your turn. Pass {count} cards: pass and the cards. Your hand: {hand}.",
                view["pass_count"],
                hand=hand,
            )
        legal = listing(card_words(c) for c in view["legal"])
        if not view["trick"]:
            return words("Your turn. You lead; you may play {legal}. play and a card?", legal=legal)
        return words(
            "Your turn. On the table: {trick}; you may play {legal}. play and a card?",
            trick=self.trick_words(),
            legal=legal,
        )

    def trick_words(self) -> str:
        return listing(
            words("{who} {card}", who=in_line(self.names[seat]), card=card_words(card))
            for seat, card in self.view["trick"]
        ) or words("none")

    def waiting(self, waiting: list[int]) -> str | None:
        if self.view["phase"] != "pass":
            return None
        who = name_list([self.names[s] for s in waiting])
        return words_n(
            "{who} is choosing the cards to pass…",
            "{who} are choosing the cards to pass…",
            len(waiting),
            who=who,
        )

    def commands(self) -> list[Command]:
        mine = lambda: self.table.my_move  # noqa: E731
        passing = lambda: mine() and self.view["phase"] == "pass"  # noqa: E731
        playing = lambda: mine() and self.view["phase"] == "play"  # noqa: E731
        return [
            Command(
                "pass",
                N_("pass these cards to your neighbour"),
                self.pass_cards,
                usage="S7 H3 …",  # not words
                now=passing,
            ),
            Command("play", N_("play this card"), self.play, usage="S7", now=playing),  # not words
            Command(
                "trick",
                N_("the trick on the table"),
                lambda _: self.table.say(words("On the table: {trick}.", trick=self.trick_words())),
                keys=("t",),
            ),
        ]

    async def pass_cards(self, rest: str) -> None:
        cards = read_faces(rest, SUIT_WORDS, CODES)
        if isinstance(cards, str):
            self.table.say(cards)
            return
        await self.table.send({"kind": "pass_cards", "cards": cards})

    async def play(self, rest: str) -> None:
        cards = read_faces(rest, SUIT_WORDS, CODES)
        if isinstance(cards, str) or len(cards) != 1:
            self.table.say(cards if isinstance(cards, str) else words("Play one card: play S7."))
            return
        await self.table.send({"kind": "play", "card": cards[0]})

    def hand(self) -> list[str]:
        return [words("Your hand: {hand}.", hand=hand_words(self.view["hand"] or []))]

    def board(self) -> list[str]:
        view = self.view
        lines = [words("Deal {deal} of {deals}.", deal=view["deal"], deals=view["deals"])]
        if view["papayoo"]:
            lines.append(words("The Papayoo is {card}.", card=card_words(view["papayoo"])))
        lines.append(words("On the table: {trick}.", trick=self.trick_words()))
        lines += [
            words_n("{name}: {count} card left.", "{name}: {count} cards left.", size, name=name)
            for name, size in zip(self.names, view["hand_sizes"], strict=True)
        ]
        return lines

    def totals(self) -> list[int]:
        return list(self.view["totals"])

    def round_lines(self) -> list[str]:
        return [leaders_line(self.names, self.view["totals"], self.SCORE_UNIT)]
