"""Papayoo's screen driven by keys alone (issue 9 part 3): the pass, then the end of a deal
from a late position (a resumed solo game, so the test does not draw every move of a deal),
and snapshots of the pass, trick and deal-summary screens. Seeded, easy bots, no pause."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.pilot import Pilot

from core import get_bot, get_game
from tests.tui.late import crashed_solo_game, resume_app
from tests.tui.pilots import SEED, SIZE, make_app, open_game, wait_until
from tui.games.papayoo.screen import PapayooScreen
from tui.games.papayoo.widgets import CARD_CELLS, CARDS_PER_LINE, HandPanel, score_table
from tui.screens.final import FinalScreen
from tui.screens.round_summary import RoundSummary
from tui.widgets.following_log import FollowingLog

GAME = get_game("papayoo")


async def open_papayoo(pilot: Pilot[None], more_players: int = 0) -> PapayooScreen:
    """Menu → solo set-up: Papayoo, one deal, easy bots; start by Enter."""
    screen = await open_game(
        pilot, more_players=more_players, game_id="papayoo", options={"deals": 1}
    )
    assert isinstance(screen, PapayooScreen)
    return screen


def late_actions(
    cards_left: int, players: int = 4, deals: int = 1, deal: int = 1
) -> list[tuple[int, dict]]:
    """The moves of a seeded game played by easy bots in every seat (PY-9 to PY-15), up to
    where seat 0 is to play with `cards_left` cards in deal number `deal`: a late position for
    a resumed solo game."""
    bot = get_bot("papayoo", "easy")
    rng = random.Random(0)
    state = GAME.new(players, SEED, {"deals": deals})
    actions: list[tuple[int, dict]] = []
    while not (
        state.deal == deal - 1
        and state.phase == "play"
        and state.turn == 0
        and len(state.hands[0]) == cards_left
    ):
        seat = GAME.to_act(state)[0]
        action = bot.act(GAME.view(state, seat), rng)
        actions.append((seat, action))
        state = GAME.apply(state, seat, action)
    return actions


async def resumed(
    pilot: Pilot[None], ready: Callable[[PapayooScreen], bool] = lambda _: True
) -> PapayooScreen:
    """The screen of the game `crashed_solo_game` left, once it waits for us and is `ready`."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PapayooScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PapayooScreen)
    await wait_until(pilot, lambda: my_move(screen) and ready(screen))
    return screen


def my_move(screen: PapayooScreen) -> bool:
    return screen.state is not None and screen.my_move


async def pass_by_keys(pilot: Pilot[None], screen: PapayooScreen) -> list[str]:
    """Mark the first cards by space and → and send them with enter (PY-9/10)."""
    await wait_until(pilot, lambda: my_move(screen))
    assert screen.state is not None
    view = screen.state["view"]
    assert view["phase"] == "pass"
    hand = view["hand"]
    for _ in range(view["pass_count"]):
        await pilot.press("space", "right")
    await pilot.press("enter")
    return hand[: view["pass_count"]]


def test_the_hand_is_sorted_and_suits_have_letters() -> None:
    from tui.games.papayoo.widgets import card_text, hand_text

    assert card_text("S7") == "♠S7" and card_text("P20") == "¤P20"
    text = hand_text(["S1", "H2", "P3"], 1, {"S1"}, {"P3"}, set()).plain
    assert "✓♠S1 " in text and "[ ♥H2  ]" in text and "¤P3 *" in text
    long = hand_text([f"P{n}" for n in range(1, 21)], None, set(), set(), set()).plain
    assert [len(line) for line in long.split("\n")] == [72, 72, 16]  # 9 cards of 8 cells a line


async def test_the_pass_by_keys_after_a_hint() -> None:
    """The pass by keys alone: h hints, space marks, → moves, enter sends; what we marked
    went left and what we got is ours (PY-9/10)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_papayoo(pilot)
        await wait_until(pilot, lambda: my_move(screen))
        await pilot.press("h")  # the hint says what hard would pass, and why
        await wait_until(
            pilot, lambda: str(screen.query_one("#status").render()).startswith("Hint: Pass")
        )
        passed = await pass_by_keys(pilot, screen)
        await wait_until(pilot, lambda: screen.state["view"]["phase"] == "play")
        view = screen.state["view"]
        assert view["my_pass"] == passed
        assert not set(passed) & set(view["hand"]) - set(view["received"])


async def test_the_end_of_a_deal_by_keys() -> None:
    """From late in the deal (a resumed solo game), the last cards by keys alone, to the final
    table: the cursor always rests on a legal card (PY-13) and 250 points were handed out
    (PY-17)."""
    cards_left = 3
    app = resume_at(late_actions(cards_left))
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        plays = 0
        while not screen.finished:
            await wait_until(pilot, lambda: my_move(screen) or screen.finished)
            if screen.finished:
                break
            view = screen.state["view"]
            before = len(view["hand"])
            assert view["hand"][screen.cursor] in view["legal"]
            await pilot.press("right", "enter")
            await wait_until(
                pilot,
                lambda: screen.finished or len(screen.state["view"]["hand"]) < before,  # noqa: B023
            )
            plays += 1
        assert plays == cards_left
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
        state = screen.state
        assert sum(state["view"]["totals"]) == 250  # PY-6
        lines = screen.log_lines_of(state)
        assert any(line.startswith("Deal 1 over") for line in lines)
        assert score_table(state).table().row_count == 4


def card_offset(index: int) -> tuple[int, int]:
    """Where to click card `index` of the hand panel: inside its border, mid-card."""
    return (1 + CARD_CELLS * (index % CARDS_PER_LINE) + 3, 1 + index // CARDS_PER_LINE)


async def click_card(pilot: Pilot[None], screen: PapayooScreen, index: int) -> None:
    version = screen.state["version"]
    marks = set(screen.chosen)
    await pilot.click(HandPanel, offset=card_offset(index))
    await wait_until(pilot, lambda: screen.state["version"] > version or screen.chosen != marks)


async def test_clicking_cards_marks_them_for_the_pass_and_plays_them() -> None:
    """The mouse does what space does with the cursor on the card: mark and unmark in the
    pass (PY-9), play in a trick; a card that does not follow suit is refused with the rules'
    reason (PY-13)."""
    async with resume_at([]).run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        hand = screen.state["view"]["hand"]
        for index in (0, 10, 2, 0):
            await click_card(pilot, screen, index)
        assert screen.chosen == {hand[10], hand[2]} and screen.cursor == 0
    async with resume_at(late_actions(7)).run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        view = screen.state["view"]
        hand, legal = view["hand"], view["legal"]
        assert view["lead_suit"] == "S" and legal == ["S10"]  # this seeded deal
        await pilot.click(HandPanel, offset=card_offset(hand.index("P4")))
        status = screen.query_one("#status")
        await wait_until(pilot, lambda: "must follow suit" in str(status.render()))
        assert screen.state["view"]["hand"] == hand
        await click_card(pilot, screen, hand.index("S10"))
        assert "S10" not in screen.state["view"]["hand"]


def resume_at(actions: list[tuple[int, dict]], players: int = 4, deals: int = 1):
    """An app that opens at the game these moves left (see `crashed_solo_game`)."""
    crashed_solo_game("papayoo", SEED, actions, players, {"deals": deals})
    return resume_app()


async def pass_screen(pilot: Pilot[None]) -> None:
    """8 players, the others passed, two cards marked by keys."""
    await resumed(pilot, lambda screen: screen.state["view"]["to_act"] == [0])
    await pilot.press("space", "right", "right", "space")


async def trick_screen(pilot: Pilot[None]) -> None:
    """8 players, two tricks played, a trick in progress waiting for our card."""
    await resumed(pilot)


async def deal_summary_screen(pilot: Pilot[None]) -> None:
    """Our last card of deal 1 played by enter, its summary read (enter): deal 2 waits for our
    pass, the points of deal 1 and the totals on show (PY-17)."""
    screen = await resumed(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, RoundSummary))
    await wait_until(pilot, lambda: pilot.app.screen.takes_keys)  # type: ignore[attr-defined]
    await pilot.press("enter")
    await wait_until(pilot, lambda: screen.state["view"]["to_act"] == [0])
    log = screen.query_one(FollowingLog)
    await wait_until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
    await wait_until(pilot, lambda: screen.calm)  # the play keys back in the footer


def test_pass_screen_8_players(snap_compare) -> None:
    app = resume_at([], players=8)
    assert snap_compare(app, terminal_size=SIZE, run_before=pass_screen)


def test_trick_screen_8_players(snap_compare) -> None:
    app = resume_at(late_actions(5, players=8), players=8)
    assert snap_compare(app, terminal_size=SIZE, run_before=trick_screen)


def test_deal_summary_screen(snap_compare) -> None:
    app = resume_at(late_actions(1, deals=2, deal=1), deals=2)
    assert snap_compare(app, terminal_size=SIZE, run_before=deal_summary_screen)
