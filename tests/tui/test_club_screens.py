"""Issue 35, the organiser's evening on the screens: the club set-up chooses any games in any
order and offers only the table sizes they all allow (item 7); each person is told where they
stand, the plan line says the clock (item 9); names are never shortened where a suffix can be
(item 10); the join screen starts on a default name (item 12)."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.pilot import Pilot

from core import GAMES
from tests.tui.lan_pilots import on_screen
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.base.seats import PLAYER_WIDTH, seat_label
from tui.screens.club import plan_line, sizes_note, where_i_stand
from tui.screens.club_setup import ClubSetupScreen, rounds_line, table_sizes
from tui.screens.join import JoinScreen, table_line
from tui.table.plans import ClubHostPlan, JoinPlan
from tui.widgets.cycler import Cycler
from tui.widgets.game_picker import GamePicker
from tui.widgets.standings import standings_text


def games(*ids: str) -> list[Any]:
    return [GAMES[game_id] for game_id in ids]


def test_the_sizes_offered_are_those_every_game_played_allows() -> None:
    assert table_sizes(games("papayoo")) == range(3, 9)  # PY: 3 to 8, never 2
    assert table_sizes(games("nothanks", "rummikub")) == range(3, 5)
    assert table_sizes(games("pasovec", "rummikub")) == range(2, 5)


def test_the_rounds_line_says_which_games_are_left_out() -> None:
    every = games("nothanks", "papayoo", "pasovec", "rummikub")
    chosen = ("rummikub", "nothanks", "papayoo")
    assert rounds_line(every, chosen, 4) == (
        "Rounds: 1. Rummikub, 2. No Thanks!, 3. Papayoo, 4. Rummikub"
    )
    assert rounds_line(every, chosen, 1) == (
        "Rounds: 1. Rummikub; No Thanks! and Papayoo are left out: more games than rounds"
    )


async def open_setup(pilot: Pilot[None]) -> ClubSetupScreen:
    app = pilot.app
    app.action_club()  # type: ignore[attr-defined]
    await on_screen(pilot, ClubSetupScreen)
    screen = app.screen
    assert isinstance(screen, ClubSetupScreen)
    return screen


async def test_the_club_set_up_takes_any_games_in_any_order_and_its_own_rounds() -> None:
    """Papayoo alone is offered tables of 3 to 8; then Rummikub is taken before No Thanks!
    (its place in the order is the order taken), the rounds are set apart, and the plan the
    club opens with is those games in turn for as many rounds."""
    app = GamenightApp(bot_delay=0.0)
    plans: list[ClubHostPlan] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        picker = screen.query_one("#games", GamePicker)
        assert picker.chosen == ["nothanks", "papayoo", "pasovec", "rummikub"]
        picker.focus()
        await pilot.pause()
        await pilot.press("space", "right", "right", "space", "right", "space")  # PY alone
        assert picker.chosen == ["papayoo"]
        await pilot.press("left", "left", "space")  # the last game cannot be left out
        assert picker.chosen == ["papayoo"]
        sizes = [value for _, value in screen.query_one("#size", Cycler).choices]
        assert sizes == [None, 3, 4, 5, 6, 7, 8]
        await pilot.press("right", "right", "space", "right", "space")  # Rummikub, No Thanks!
        assert picker.chosen == ["papayoo", "rummikub", "nothanks"]
        await pilot.press("right", "space")  # Papayoo out again
        assert picker.chosen == ["rummikub", "nothanks"]
        sizes = [value for _, value in screen.query_one("#size", Cycler).choices]
        assert sizes == [None, 3, 4]
        assert "[1] Rummikub" in str(picker.render()) and "[2] No Thanks!" in str(picker.render())
        screen.query_one("#rounds", Cycler).focus()
        await pilot.pause()
        await pilot.press("right", "right")  # 5 rounds
        text = str(screen.query_one("#club-rounds").render())
        assert "5. Rummikub" in text and "left out" not in text
        app.host_club = plans.append  # type: ignore[method-assign] # the plan, no club opened
        await pilot.press("enter")
        await wait_until(pilot, lambda: bool(plans))
    (plan,) = plans
    assert plan.games == ("rummikub", "nothanks", "rummikub", "nothanks", "rummikub")


async def test_the_set_up_rows_keep_their_closing_arrow_at_80_columns() -> None:
    app = GamenightApp(bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(pilot)
        await pilot.pause()
        for cycler in screen.query(Cycler):
            assert cycler.region.right <= SIZE[0]
            assert cycler.content_region.width >= cycler.widest + 4  # '◀ ' label ' ▶'
        assert screen.query_one(GamePicker).region.right <= SIZE[0]


def table(number: int, people: str, over: bool = False) -> dict[str, Any]:
    return {"table": number, "game": "nothanks", "port": number + 1, "people": list(people),
            "bots": 0, "over": over}  # fmt: skip


def club_state(**changes: Any) -> dict[str, Any]:
    """Round 1 of 2 at fixed tables of 4 without bots: 13 people sit 5, 4 and 4."""
    plan = {"games": ["nothanks", "rummikub"], "table_size": 4, "draw": "fixed",
            "bots": False, "bot_level": "normal", "turn_seconds": None,
            "away_bot_seconds": 30, "seed": 0}  # fmt: skip
    state = {
        "club": "Ana's club",
        "phase": "playing",
        "plan": plan,
        "round": 0,
        "members": [],
        "tables": [table(0, "ABCDE"), table(1, "FGHI"), table(2, "JKLM", over=True)],
        "standings": [],
    }
    return state | changes


def test_a_table_bigger_than_asked_says_why_and_the_plan_line_says_the_clock() -> None:
    state = club_state()
    assert sizes_note(state) == "no bots: 13 people sit at tables of 5, 4 and 4"
    assert "turn clock" not in plan_line(state)  # No Thanks! has none
    between = club_state(phase="between", tables=[])
    assert plan_line(between).endswith("Rummikub · tables of 4 · fixed seats · no bots · "
                                       "turn clock 60 s")  # fmt: skip
    clocked = club_state(phase="between", plan={**between["plan"], "turn_seconds": 90})
    assert plan_line(clocked).endswith("turn clock 90 s")
    with_bots = club_state(plan={**state["plan"], "bots": True})
    assert sizes_note(with_bots) is None


def test_each_person_is_told_when_they_play() -> None:
    state = club_state()
    assert where_i_stand(state, "Zed") == "You play from round 2."  # a late arrival
    assert where_i_stand(state, "B") == (  # drawn at a running table, no seat: they left
        "You left your table: a bot plays it; you are out until round 2."
    )
    assert where_i_stand(state, "J") == "Your table has finished: you play again in round 2."
    last = club_state(round=1, plan={**state["plan"], "games": ["nothanks", "nothanks"]})
    assert where_i_stand(last, "Zed") == "This is the evening's last round: you watch it."
    assert where_i_stand(club_state(phase="between"), "Zed") is None


def test_names_keep_their_letters_where_a_suffix_can_be_shorter() -> None:
    """Three stand-ins at 20 cells used to read 'Bot m… (away, normal bot)' alike."""
    seats = [{"name": f"Bot member {n}", "kind": "bot", "level": "normal", "away": True}
             for n in range(3)]  # fmt: skip
    message = {"seat": None, "seats": seats}
    labels = [seat_label(message, i).plain for i in range(3)]  # type: ignore[arg-type]
    assert labels == [f"Bot member {n} (bot)" for n in range(3)]
    assert all(cell_len(label) <= PLAYER_WIDTH for label in labels)
    wide = [seat_label(message, i, 30).plain for i in range(3)]  # type: ignore[arg-type]
    assert wide == [f"Bot member {n} (away, bot)" for n in range(3)]
    assert seat_label(message, 0, 40).plain == "Bot member 0 (away, normal bot)"  # type: ignore[arg-type]


def test_the_standings_give_long_names_their_room() -> None:
    rows = [{"rank": n + 1, "player": f"Maximilian Member {n}", "points": 2 - n, "games": 2,
             "tied": False} for n in range(3)]  # fmt: skip
    text = standings_text(rows, 96, {f"Maximilian Member {n}": "12. asztal" for n in range(3)})
    for n, line in enumerate(text.plain.splitlines()):
        assert f"Maximilian Member {n}" in line and "12. asztal" in line and "2 games" in line
        assert cell_len(line) <= 96


def test_a_club_of_one_is_one_member() -> None:
    from net.discovery import FoundTable

    info = {"table": "Ana's club", "game": "papayoo", "taken": 1, "seats": 1, "phase": "lobby",
            "kind": "club"}  # fmt: skip
    assert " · 1 member · " in table_line(FoundTable("s", "10.0.0.5", 47475, info)).plain


async def test_the_join_screen_starts_on_the_name_while_it_is_the_default() -> None:
    for name, focused in (("Player", "name"), ("Kim", "found")):
        app = GamenightApp(bot_delay=0.0, join=JoinPlan(player=name), player=name)
        async with app.run_test(size=SIZE) as pilot:
            await on_screen(pilot, JoinScreen)
            await wait_until(pilot, lambda app=app: app.focused is not None)  # type: ignore[misc]
            assert app.focused is not None and app.focused.id == focused
            if focused == "name":
                await pilot.press(*"Ana")
                assert app.screen.query_one("#name").value == "Ana"  # type: ignore[attr-defined]
