"""Issue 25, item 1: the table tells what happened to a trick. The trick just taken stays on the
table, each card on its player's row and the taker's marked, until the next card is played (the
bots' pause, at a table of bots); t shows the last trick at any time; the log line names every
card's player; a replay's step after the last card of a trick shows the trick taken too.
Seeded positions, easy bots (PY-13 to PY-15, PY-20)."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console
from textual.pilot import Pilot
from textual.widget import Widget

from core import get_bot
from core.replay_views import RecordReplay
from tests.tui.late import crashed_solo_game
from tests.tui.pilots import SEED, SIZE, make_app, wait_until
from tests.tui.test_papayoo import GAME, late_actions, my_move, resume_at, resumed
from tests.tui.test_replays import keep
from tui.app import GamenightApp
from tui.games.papayoo.screen import PapayooScreen
from tui.games.papayoo.widgets import PlayersPanel, TablePanel, log_line
from tui.screens.replay import ReplayMixin

SIX_LAST = 10  # 6 players: seat 0 plays last to a trick of S1 S3 P14 S4 S2 with 10 cards left
FOUR_LAST = 15  # 4 players: the first trick, D1 D4 D6 led to seat 0, which holds D3 and D7


def paused(cards_left: int, players: int) -> GamenightApp:
    """The seeded game at seat 0's move with `cards_left` cards, bots pausing longer than any
    test runs: what the table shows between two bot moves stays until f skips the pause."""
    crashed_solo_game("papayoo", SEED, late_actions(cards_left, players), players, {"deals": 1})
    return GamenightApp(bot_delay=30.0, resume_solo=True)


def panel_text(widget: Widget) -> str:
    """What a panel shows, as plain text."""
    console = Console(width=widget.content_region.width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def rows(screen: PapayooScreen) -> dict[str, str]:
    """The players panel by row: the header ('header') and each name's row."""
    lines = panel_text(screen.query_one(PlayersPanel)).splitlines()
    named = {line.split("(")[0].split()[-1]: line for line in lines[1:] if "(" in line}
    return {"header": lines[0], **named}


def taken(screen: PapayooScreen) -> bool:
    """The table waits with the trick just taken on it: nobody has played to the next one."""
    view = screen.state["view"]
    return view["phase"] == "play" and not view["trick"] and view["last_trick"] is not None


async def test_the_trick_we_take_stays_on_the_table_until_we_lead() -> None:
    """We play S10 last and take the trick (PY-14: the highest spade) with Chloé's P14: every
    card stays on its player's row, ours marked 'took', the table says who took how much, the
    log names each card's player; our lead clears it for the next trick (PY-15)."""
    async with paused(SIX_LAST, 6).run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        await pilot.press("right", "enter")  # S10, the second legal spade
        await wait_until(pilot, lambda: taken(screen) and my_move(screen))
        table = rows(screen)
        assert "Last trick" in table["header"]
        assert "♠S10 took" in table["Zoe"] and "14" in table["Zoe"]
        for name, card in [("Ana", "♠S1"), ("Bruno", "♠S3"), ("Chloé", "¤P14"), ("Emi", "♠S2")]:
            assert card in table[name] and "took" not in table[name]
        said = panel_text(screen.query_one(TablePanel))
        assert "Trick taken: you" in said and "worth 14 points" in said
        log = " ".join(" ".join(screen.query_one("#log").lines).split())
        assert "You took 14 points: Ana led ♠S1, Bruno ♠S3, Chloé ¤P14, Dario ♠S4," in log
        await pilot.press("enter")  # our lead; Ana, a bot, is in her pause
        await wait_until(pilot, lambda: len(screen.state["view"]["trick"]) == 1)
        assert "Last trick" not in rows(screen)["header"]
        assert "took" not in " ".join(rows(screen).values())


async def test_a_bot_takes_the_trick_and_it_stays_through_the_bots_pause() -> None:
    """We play D3 under Chloé's D6: Chloé, a bot, takes the trick and leads after the bots'
    pause; all that time the trick is on the table. Skipping the pause (f) brings her lead."""
    async with paused(FOUR_LAST, 4).run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        assert screen.state["view"]["legal"] == ["D3", "D7"]
        await pilot.press("enter")  # D3: the cursor rests on the first legal card
        await wait_until(pilot, lambda: taken(screen))
        await pilot.pause(0.3)  # the bot's pause goes on: the trick stays
        assert taken(screen)
        table = rows(screen)
        assert "♦D6 took" in table["Chloé"] and "♦D3" in table["Zoe"]
        assert "♦D1" in table["Ana"] and "♦D4" in table["Bruno"]
        assert "Trick taken: Chloé" in panel_text(screen.query_one(TablePanel))
        await pilot.press("f")
        await wait_until(pilot, lambda: bool(screen.state["view"]["trick"]))
        table = rows(screen)
        assert "Last trick" not in table["header"] and "took" not in table["Chloé"]
        assert screen.state["view"]["trick"][0][0] == 3  # Chloé led the next trick


async def test_t_shows_the_last_trick_and_t_again_the_trick_being_played() -> None:
    """8 players, the third trick under way: t puts the second trick (Dario took the Papayoo
    with D10) in the Trick column, t again the trick being played; asked for, it stays until a
    card is played. Before any trick is over, t says there is none yet."""
    app = resume_at(late_actions(5, players=8), players=8)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        assert "¤P4" in rows(screen)["Dario"]
        await pilot.press("t")
        table = rows(screen)
        assert "Last trick" in table["header"]
        assert "♦D10 took" in table["Dario"] and "♣C7" in table["Bruno"]
        assert "t again hides it" in str(screen.query_one("#status").render())
        assert "t again hides it" in panel_text(screen.query_one(TablePanel))
        await pilot.press("t")
        assert "Last trick" not in rows(screen)["header"] and "¤P4" in rows(screen)["Dario"]
        await pilot.press("t", "enter")  # asked for, then a card played: the trick now again
        await wait_until(pilot, lambda: not screen.want_last)
        assert not screen.want_last
    async with resume_at(late_actions(FOUR_LAST)).run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        await pilot.press("t")
        assert "No trick has been taken yet" in str(screen.query_one("#status").render())
        assert "Last trick" not in rows(screen)["header"]


def to_the_second_deal() -> list[tuple[int, dict]]:
    """Easy bots' moves through the whole first deal of a 2-deal game: deal 2 waits for the
    passes."""
    bot, rng = get_bot("papayoo", "easy"), random.Random(0)
    state = GAME.new(4, SEED, {"deals": 2})
    actions: list[tuple[int, dict]] = []
    while state.deal == 0:
        seat = GAME.to_act(state)[0]
        actions.append((seat, bot.act(GAME.view(state, seat), rng)))
        state = GAME.apply(state, *actions[-1])
    return actions


async def test_t_in_the_next_deal_s_pass_shows_the_last_trick_of_the_deal_before() -> None:
    """PY-20: every trick stays public; in deal 2's pass, t shows deal 1's last trick."""
    actions = to_the_second_deal()
    app = resume_at(actions, deals=2)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resumed(pilot)
        assert screen.state["view"]["phase"] == "pass" and screen.state["view"]["deal"] == 2
        assert "Last trick" not in rows(screen)["header"]
        await pilot.press("t")
        table = rows(screen)
        entry = [e for e in screen.state["view"]["log"] if e["type"] == "trick"][-1]
        winner = ["Zoe", "Ana", "Bruno", "Chloé"][entry["winner"]]
        assert "Last trick" in table["header"] and "took" in table[winner]
        said = panel_text(screen.query_one(TablePanel))
        assert f"Last trick: {'You' if winner == 'Zoe' else winner}" in said
        await pilot.press("t")
        assert "Last trick" not in rows(screen)["header"]


def test_the_trick_log_line_names_each_card_s_player() -> None:
    entry = {
        "type": "trick",
        "winner": 2,
        "points": 13,
        "cards": [[1, "D1"], [2, "P13"], [0, "D3"]],
    }
    line = log_line(entry, ["You", "Ana", "Bruno"])
    assert line == "Bruno took 13 points: Ana led ♦D1, Bruno ¤P13, you ♦D3"
    one = {"type": "trick", "winner": 0, "points": 1, "cards": [[0, "P1"], [1, "S2"], [2, "S3"]]}
    assert log_line(one, ["You", "Ana", "Bruno"]).startswith("You took 1 point: you led ¤P1")


async def test_a_replay_shows_the_trick_taken_after_its_last_card() -> None:
    """The report: 'move 7 shows three cards and move 8 is already cleared'. Now move 8 shows
    the four cards of the trick taken, its taker marked."""
    path = keep("papayoo", {"deals": 2})
    truth = RecordReplay(json.loads(path.read_text()))
    first = next(p for p in range(truth.count) if truth.view(p, 0)["last_trick"] is not None)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayMixin) and isinstance(screen, PapayooScreen)
        await pilot.press(*["right"] * (first - 1))
        assert len(screen.state["view"]["trick"]) == 3
        before = rows(screen)
        assert "Last trick" not in before["header"]
        await pilot.press("right")
        assert screen.position == first and not screen.state["view"]["trick"]
        trick = screen.state["view"]["last_trick"]
        table = rows(screen)
        assert "Last trick" in table["header"]
        names = ["Zoe", "Bot 2", "Bot 3", "Bot 4"]
        lines = panel_text(screen.query_one(PlayersPanel)).splitlines()[1:]
        for seat, card in trick["cards"]:
            row = next(line for line in lines if names[seat] in line)
            assert card in row and (("took" in row) == (seat == trick["winner"]))


async def finished_trick_screen(pilot: Pilot[None]) -> None:
    """6 players: our S10 takes the trick; the table waits for our lead with it on show."""
    screen = await resumed(pilot)
    await pilot.press("right", "enter")
    await wait_until(pilot, lambda: taken(screen) and my_move(screen))


def test_snapshot_of_the_trick_taken_on_the_table(snap_compare) -> None:
    app = resume_at(late_actions(SIX_LAST, players=6), players=6)
    assert snap_compare(app, terminal_size=SIZE, run_before=finished_trick_screen)
