"""Issue 25, item 7 (Papayoo): a sixth card cannot be marked for a pass of five (PY-8/9: the
pass is exactly that many), and says why; once the pass is sent the button and the title say
so, not 'Send pass' and someone's 'turn'; a hint counts one card in the singular."""

from __future__ import annotations

import random

from textual.widgets import Button

from core import get_bot
from core.papayoo.cards import SUIT, SUIT_NAMES
from core.papayoo.hints import _out_above, _play_reason
from tests.tui.late import crashed_solo_game
from tests.tui.pilots import SEED, SIZE, wait_until
from tests.tui.test_papayoo import GAME, resumed
from tui.app import GamenightApp


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def test_a_sixth_mark_is_refused_and_the_sent_pass_says_so() -> None:
    crashed_solo_game("papayoo", SEED, [], 4, {"deals": 1})
    app = GamenightApp(bot_delay=30.0, resume_solo=True)  # the bots still choose: we pass first
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        hand = screen.state["view"]["hand"]
        for _ in range(5):
            await pilot.press("space", "right")
        await pilot.press("space")  # a sixth card
        assert screen.chosen == set(hand[:5])
        assert "You pass 5 cards and 5 are marked" in status(screen)
        await pilot.press("left", "space")  # unmarking still works
        assert screen.chosen == set(hand[:5]) - {hand[4]}
        await pilot.press("right", "space", "enter")  # marks the sixth card instead, sends
        await wait_until(pilot, lambda: not screen.my_move)
        assert screen.state["view"]["my_pass"] == [*hand[:4], hand[5]]
        button = screen.query_one("#confirm", Button)
        assert str(button.label) == "Pass sent" and button.disabled
        title = str(screen.query_one("#game-title").render())
        assert title == "Papayoo — pass sent, waiting for 3 players"
        assert "turn" not in title
        assert status(screen).startswith(
            "Your pass is sent: Ana, Bruno and Chloé are choosing the cards to pass…"
        )


def test_a_hint_counts_one_higher_card_in_the_singular() -> None:
    """Leads with exactly one higher card of the suit still out read '1 higher club is'."""
    bot = get_bot("papayoo", "easy")
    rng = random.Random(1)
    state = GAME.new(4, SEED, {"deals": 1})
    said = []
    while state.phase != "over":
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        if view["phase"] == "play" and not view["trick"] and len(view["legal"]) > 1:
            for card in view["hand"]:
                above = _out_above(view, card)
                reason = str(_play_reason(view, card, {}))
                suit = SUIT_NAMES[SUIT[card]]
                if above == 1:
                    said.append(reason)
                    assert f"1 higher {suit[:-1]} is still out" in reason
                elif above > 1:
                    assert f"{above} higher {suit} are still out" in reason
        state = GAME.apply(state, seat, bot.act(view, rng))
    assert said  # the seeded game has such leads
