"""Pásovec in the TUI, by keys alone: choosing dice, rolling, deciding, a whole round."""

from __future__ import annotations

from core.pasovec import PasovecState
from core.pasovec.dice import COLOURS
from tests.tui.pasovec_pilots import (
    bots_record,
    decide,
    open_late,
    open_pasovec,
    our_roll,
    phase_of,
)
from tests.tui.pilots import SEED, SIZE, make_app, wait_until
from tui.base.seats import seat_names
from tui.games.pasovec.screen import PasovecScreen
from tui.games.pasovec.words import log_line
from tui.widgets.following_log import FollowingLog, wrapped


def status(screen: PasovecScreen) -> str:
    return str(screen.query_one("#status").render())


def log_text(screen: PasovecScreen) -> str:
    return "\n".join(str(line) for line in screen.query_one(FollowingLog).lines)


async def test_the_solo_setup_starts_pasovec_by_keys() -> None:
    """The set-up screen's Game cycler reaches Pásovec; Enter seats us with three easy bots."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_pasovec(pilot)
        await wait_until(pilot, lambda: screen.state is not None)
        state = screen.state
        assert state is not None and state["view"]["game"] == "pasovec"
        assert [seat["kind"] for seat in state["seats"]] == ["human", "bot", "bot", "bot"]
        assert {seat["level"] for seat in state["seats"][1:]} == {"easy"}


def near_the_end(state: PasovecState) -> bool:
    """Our roll, with a hand down to one card: the round ends within a few rolls (seed 5)."""
    return our_roll(state) and min(len(hand) for hand in state.hands) <= 1


async def test_the_end_of_a_round_by_keys_alone() -> None:
    """Dice chosen with 1/2/3 and rolled with Enter (PA-7); every decision by d or t (PA-8);
    the round ends on the roll a hand empties, with its penalties in the log (PA-11, PA-12).
    The round's first rolls are played by bots at core speed: keys take over near its end."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_late(pilot, bots_record(4, 5, near_the_end))
        keys: set[str] = set()
        rolled: list[dict[str, int]] = []
        while True:
            await wait_until(
                pilot, lambda: phase_of(screen) is not None or screen.state["view"]["round"] > 1
            )
            view = screen.state["view"]  # type: ignore[index]
            if view["round"] > 1:
                break
            if view["phase"] == "roll":
                if not rolled:  # one more blue die, red cycled to none: (1, 1, 1) to (2, 1, 0)
                    await pilot.press("1", "3", "3", "h")
                    await wait_until(pilot, lambda: "Hint: Roll " in status(screen))
                assert screen.combo == (2, 1, 0)  # the dice stay chosen for the next roll
                assert "Sums 6–12" in str(screen.query_one("#dice-body").render())
                await pilot.press("enter")
                keys.add("enter")
                await wait_until(pilot, lambda: screen.phase == "decide")
                rolled.append(screen.state["view"]["dice"])  # type: ignore[index]
            else:
                version = screen.state["version"]  # type: ignore[index]
                keys.add(await decide(pilot, screen))
                await wait_until(pilot, lambda v=version: screen.state["version"] > v)
        round_end = next(e for e in view["log"] if e["type"] == "round_end")
        assert rolled and all(dice == dict(zip(COLOURS, (2, 1, 0), strict=True)) for dice in rolled)
        assert keys >= {"enter", "d", "t"}
        assert 0 in round_end["penalties"]  # PA-11: a hand emptied
        assert view["penalties"] == round_end["penalties"]  # PA-12: one per card left
        assert "Round 1 over. Cards left = penalties:" in log_text(screen)


async def test_the_status_says_who_rolls_and_who_decides() -> None:
    """While a bot chooses its dice nobody decides (PA-7); the dice tumble; once the sum is
    known everyone decides, and after our decision the status names it and whom we wait for
    (PA-8, PA-15)."""
    app = make_app(bot_delay=60.0)  # bots wait until hurried: no status is missed under load
    async with app.run_test(size=SIZE) as pilot:
        record = bots_record(4, SEED, lambda s: s.phase == "roll" and s.active != 0)
        screen = await open_late(pilot, record)
        said: list[str] = []  # every status, so a brief one (the tumble) is seen under load
        shown = screen.say
        screen.say = lambda text: (said.append(text), shown(text))[1]  # type: ignore[method-assign]
        roller = seat_names(screen.state)[screen.state["view"]["active"]]  # type: ignore[arg-type,index]
        await wait_until(pilot, lambda: f"{roller} is choosing dice to roll…" in status(screen))
        assert "deciding" not in status(screen)
        await pilot.press("f")  # hurry the roller: the dice tumble, then the sum is told
        await wait_until(pilot, lambda: any(text.startswith("Sum ") for text in said))
        total = screen.state["view"]["sum"]  # type: ignore[index]
        rolling = [text for text in said if text.startswith(f"{roller} rolls ")]
        assert rolling and all("Sum" not in text for text in rolling)  # told once landed
        first_sum = next(i for i, text in enumerate(said) if text.startswith("Sum "))
        assert said.index(rolling[0]) < first_sum and said[first_sum].startswith(f"Sum {total}: ")
        await pilot.press("t")
        await wait_until(pilot, lambda: "You take a token; waiting for " in status(screen))
        assert f"to decide on {total}…" in status(screen)


async def test_mouse_and_keys_choose_dice_and_cards_and_refusals_are_explained() -> None:
    """A click on a die chooser or a card works like its key; ←/→ move the selection; a card
    out of reach is refused with the rule's reason (PA-8)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_late(pilot, bots_record(4, SEED, our_roll))
        await wait_until(pilot, lambda: phase_of(screen) == "roll")
        await pilot.click("#die-yellow")
        await wait_until(pilot, lambda: screen.combo == (1, 2, 1))
        await pilot.press("2", "3")
        assert screen.combo == (1, 0, 2)  # sums 15 to 21
        await pilot.click("#roll")
        await wait_until(pilot, lambda: phase_of(screen) == "decide")
        await pilot.click("CardCell", offset=(2, 0))
        await wait_until(pilot, lambda: screen.selected == 0)
        state = screen.state
        assert state is not None
        view = state["view"]
        hand, total, purse = view["hand"], view["sum"], view["tokens"][state["seat"]]
        start = screen.selected
        await pilot.press("right")
        assert screen.selected == (start + 1) % len(hand)
        await pilot.press("left", "left")
        assert screen.selected == (start - 1) % len(hand)
        far = [i for i, card in enumerate(hand) if min(abs(card - total), 4) > purse]
        assert far
        steps = (far[0] - screen.selected) % len(hand)
        await pilot.press(*["right"] * steps, "d")
        await wait_until(pilot, lambda: "Not allowed" in status(screen))
        said = status(screen)
        assert "costs" in said and f"you hold {purse}" in said and "PA-8" not in said
        version = state["version"]
        await pilot.press("t")
        await wait_until(pilot, lambda: screen.state["version"] > version)  # accepted


def test_reveal_is_one_line_of_everyone_in_words() -> None:
    """PA-9: the decisions of a roll are told together, as the issue words them."""
    entry = {
        "type": "reveal",
        "sum": 10,
        "decisions": [
            {"seat": 0, "kind": "discard", "card": 12, "cost": 2},
            {"seat": 1, "kind": "token", "gained": 1},
            {"seat": 2, "kind": "token", "gained": 0},
            {"seat": 3, "kind": "discard", "card": 7, "cost": 0},
        ],
    }
    line = log_line(entry, ["Ana", "Bruno", "You", "Chen"])
    assert line == (
        "Sum 10: Ana discarded 12 for 2 tokens, Bruno took a token, you stayed at 5 tokens, "
        "Chen discarded 7 for free."
    )
    assert wrapped([line]) == [  # as the log shows it at 80 columns: the rest indented
        "Sum 10: Ana discarded 12 for 2 tokens, Bruno took a token, you stayed at 5",
        "  tokens, Chen discarded 7 for free.",
    ]


def test_final_table_explains_a_tie_broken_by_tokens() -> None:
    """PA-14: fewest penalties, a tie to the one with more tokens, and the table says so."""
    from rich.console import Console

    from tui.games.pasovec.screen import PasovecScreen

    seats = [{"name": n, "kind": "bot", "level": "easy", "away": False} for n in "ABC"]
    state = {
        "seat": None,
        "seats": seats,
        "view": {
            "players": 3,
            "tokens": [4, 2, 5],
            "round_penalties": [[0, 3, 1], [2, 0, 4], [1, 0, 0]],
            "result": {"scores": [3, 3, 5], "winners": [0]},
            "log": [{"type": "game_end", "winners": [0], "tie_break": "tokens"}],
        },
    }
    console = Console(width=80, record=True)
    console.print(PasovecScreen.final_summary(state))
    text = console.export_text()
    assert text.index("A (easy)") < text.index("B (easy)") < text.index("C (easy)")
    assert "★" in text.splitlines()[1]
    assert "Tie on 3 penalty points: A (4 tokens) and B (2 tokens). More tokens wins." in text
