"""Papayoo's screen driven by keys alone (issue 9 part 3): a whole deal, the pass included,
and snapshots of the pass and trick screens. Seeded, easy bots, no pause."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.pilots import SIZE, make_app, wait_until
from tui.games.papayoo.screen import PapayooScreen
from tui.games.papayoo.widgets import score_table
from tui.screens.final import FinalScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.widgets.cycler import Cycler


async def open_papayoo(pilot: Pilot[None], more_players: int = 0) -> PapayooScreen:
    """Menu → solo set-up: Game cycled to Papayoo, one deal, easy bots; start by Enter."""
    await pilot.press("s")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SoloSetupScreen))
    setup = pilot.app.screen
    await pilot.press("ctrl+u", *"Zoe", "tab")
    game = setup.query_one("#game", Cycler)
    while game.value.id != "papayoo":
        await pilot.press("right")
    await pilot.press("tab", *["right"] * more_players, "tab", "tab")
    deals = setup.query_one("#opt-papayoo-deals", Cycler)
    assert setup.focused is deals
    while deals.value != 1:
        await pilot.press("left")
    for _ in range(3 + more_players):
        await pilot.press("tab", "left")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PapayooScreen))
    screen = pilot.app.screen
    assert isinstance(screen, PapayooScreen)
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


async def test_a_whole_deal_by_keys() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_papayoo(pilot)
        await wait_until(pilot, lambda: my_move(screen))
        await pilot.press("h")  # the hint says what hard would pass, and why
        await wait_until(
            pilot, lambda: str(screen.query_one("#status").render()).startswith("Hint")
        )
        passed = await pass_by_keys(pilot, screen)
        await wait_until(pilot, lambda: screen.finished or screen.state["view"]["phase"] == "play")
        view = screen.state["view"]
        assert view["my_pass"] == passed  # PY-10: what we marked went left
        assert not set(passed) & set(view["hand"]) - set(view["received"])
        plays = 0
        while not screen.finished:
            await wait_until(pilot, lambda: my_move(screen) or screen.finished)
            if screen.finished:
                break
            view = screen.state["view"]
            before = len(view["hand"])
            # PY-13: the cursor rests on a legal card, so enter always plays one.
            assert screen.state["view"]["hand"][screen.cursor] in view["legal"]
            await pilot.press("right", "enter")
            await wait_until(
                pilot,
                lambda: screen.finished or len(screen.state["view"]["hand"]) < before,  # noqa: B023
            )
            plays += 1
        assert plays == 15  # PY-8: 15 cards each with 4 players
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
        state = screen.state
        assert sum(state["view"]["totals"]) == 250  # PY-6
        lines = screen.log_lines_of(state)
        assert any(line.startswith("Deal 1 over") for line in lines)
        table = score_table(state)
        assert table.row_count == 4


async def pass_screen(pilot: Pilot[None]) -> None:
    screen = await open_papayoo(pilot, more_players=4)
    await wait_until(pilot, lambda: my_move(screen) and screen.state["view"]["to_act"] == [0])
    await pilot.press("space", "right", "right", "space")


async def trick_screen(pilot: Pilot[None]) -> None:
    screen = await open_papayoo(pilot, more_players=4)
    await pass_by_keys(pilot, screen)
    for _ in range(2):
        await wait_until(pilot, lambda: my_move(screen) and screen.state["view"]["phase"] == "play")
        before = len(screen.state["view"]["hand"])
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.state["view"]["hand"]) < before)  # noqa: B023
    await wait_until(pilot, lambda: my_move(screen))


def test_pass_screen_8_players(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=pass_screen)


def test_trick_screen_8_players(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=trick_screen)
