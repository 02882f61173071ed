"""The Rummikub table editor driven by keys alone (issue 12), on a fixed deck."""

from __future__ import annotations

import random

from rich.console import Console

from core.rummikub.rules import GAME
from tests.tui.late import crashed_solo_game, resume_app, table_screen
from tests.tui.pilots import SIZE, make_app, wait_until
from tests.tui.rummikub_pilots import go_to, mine, open_fixed, pick_tile
from tui.games.rummikub.screen import RummikubScreen
from tui.games.rummikub.widgets import TilePanel, log_line, table_chunks


async def meld(pilot, screen) -> None:
    """Lay R10 R11 R12 as a new set by keys: pick R10, n; then R11 and R12 onto its end."""
    await pick_tile(pilot, screen, "R10")
    await pilot.press("n")
    for tile in ("R11", "R12"):
        await pick_tile(pilot, screen, tile)
        await go_to(pilot, screen, ("table", 0, len(screen.draft.table[0])))
        await pilot.press("space")


async def test_initial_meld_then_add_to_the_run() -> None:
    """RK-8: a 33-point run as the initial meld; RK-10: later R13 joins that run."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=0)
        await meld(pilot, screen)
        assert screen.draft.table == [["R10", "R11", "R12"]]
        assert screen.draft.meld_value() == 33
        assert "initial meld 33/30" in str(screen.query_one("#table").border_subtitle)
        await pilot.press("p")
        await wait_until(pilot, lambda: len(screen.state["view"]["log"]) == 3 and mine(screen))
        view = screen.state["view"]
        assert view["table"] == [["R10", "R11", "R12"]] and view["melded"][0]
        await pick_tile(pilot, screen, "R13")
        await go_to(pilot, screen, ("table", 0, 3))
        await pilot.press("space", "p")
        await wait_until(pilot, lambda: screen.state["view"]["table"][0][-1] == "R13")
        assert screen.state["view"]["table"] == [["R10", "R11", "R12", "R13"]]


async def test_a_refused_commit_keeps_the_draft() -> None:
    """RK-2/RK-6: a two-tile set is refused; the reason shows and the draft stays."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=0)
        await pick_tile(pilot, screen, "R10")
        await pilot.press("n")
        await pick_tile(pilot, screen, "R11")
        await go_to(pilot, screen, ("table", 0, 1))
        await pilot.press("space")
        await pilot.press("w")
        assert "too short" in str(screen.query_one("#status").render())
        await pilot.press("p")
        await pilot.pause()
        assert "Not allowed" in str(screen.query_one("#status").render())
        assert screen.my_move and screen.draft.table == [["R10", "R11"]]
        await pilot.press("u")
        assert screen.draft.table == [["R10"]] and screen.draft.held == ["R11"]
        await pilot.press("x")
        assert screen.draft.table == [] and len(screen.draft.rack) == 14


async def test_a_table_tile_cannot_go_back_to_the_rack_and_draw_ends_the_turn() -> None:
    """RK-6: tiles on the table stay there; d draws (RK-7) and the next draft starts fresh."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=0)
        await pick_tile(pilot, screen, "K1")
        await go_to(pilot, screen, ("rack", 0))
        await pilot.press("space")
        assert screen.draft.held == [] and "K1" in screen.draft.rack
        await pilot.press("s")
        assert screen.draft.rack[0] == "K1" and screen.draft.rack[1] == "B2"  # number first
        await pilot.press("d")
        await wait_until(pilot, lambda: len(screen.state["view"]["log"]) == 3 and mine(screen))
        assert len(screen.draft.rack) == 15 and screen.draft.held == []


async def test_the_clock_running_out_applies_the_penalty() -> None:
    """RK-14: at zero the draft is dropped and three tiles are taken.

    The turn starts with a 30-second clock; once the draft is made, the host's clock is
    restarted with a tenth of a second, so time runs out after the draft however busy the
    machine is (a 2-second clock could run out before the draft was made)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=30)
        assert screen.query_one("#clock").display
        await pick_tile(pilot, screen, "R10")
        await pilot.press("n")
        assert screen.draft.table  # the draft holds the new set
        host = app.table.host  # type: ignore[union-attr]
        clock = host.running.clock
        clock.seconds = 0.1
        clock.restart()
        clock.seconds = 30  # the turns after this one get their 30 seconds again
        await wait_until(pilot, lambda: len(screen.state["view"]["log"]) >= 3 and mine(screen))
        log = screen.state["view"]["log"]
        assert log[1] == {"type": "timeout", "seat": 0, "count": 3, "tiles": ["K13", "O13", "B13"]}
        assert screen.draft.table == [] and screen.draft.held == []  # the draft was dropped
        assert len(screen.draft.rack) == 17
        assert "ran out of time and took K13 O13 B13" in str(screen.query_one("#log").lines)


async def test_the_hint_applies_to_the_draft() -> None:
    """h asks the solver; a puts its play in the draft (RK-8: an initial meld of 30 or more)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=0)
        await pilot.press("h")
        await wait_until(pilot, lambda: screen.hint_action is not None)
        await pilot.press("a")
        assert screen.draft.meld_value() >= 30 and screen.draft.table
        await pilot.press("p")
        await wait_until(pilot, lambda: screen.state["view"]["melded"][0])


def test_snapshot_editing_a_turn(snap_compare) -> None:
    """The main state: a valid meld (✓, its counter at 33/30), an invalid set (✗) and a tile
    in hand, the cursor on the table."""

    async def editing(pilot) -> None:
        screen = await open_fixed(pilot.app, pilot, turn_seconds=0)
        await meld(pilot, screen)
        await pick_tile(pilot, screen, "K1")
        await pilot.press("n")
        await pick_tile(pilot, screen, "O8")
        await pilot.press("up")

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=editing)


async def test_clicks_pick_and_drop() -> None:
    """Mouse: a click on a rack tile picks it, a click on [new set] puts it down there."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_fixed(app, pilot, turn_seconds=0)
        await click(pilot, screen.query_one("#rack", TilePanel), ("rack", 0))
        await wait_until(pilot, lambda: screen.draft.held == ["K1"])  # a busy machine's click
        await click(pilot, screen.query_one("#table-tiles", TilePanel), ("new",))
        await wait_until(pilot, lambda: screen.draft.table == [["K1"]] and not screen.draft.held)


async def click(pilot, panel: TilePanel, place: tuple, shift: bool = False) -> None:
    """Click the cell of `panel` that shows `place`, where the player sees it."""
    x, y = next(xy for xy, shown in panel.places.items() if shown == place)
    inside = panel.content_region.offset - panel.region.offset
    await pilot.click(panel, offset=(inside.x + x, inside.y + y), shift=shift)


def test_log_lines_of_draws_and_timeouts() -> None:
    names = ["You", "Ana"]
    assert log_line({"type": "draw", "seat": 1}, names) == "Ana drew a tile."
    assert log_line({"type": "timeout", "seat": 1, "count": 3}, names) == (
        "Ana ran out of time and took 3 tiles."
    )


def test_final_summary_ranks_the_match_totals() -> None:
    """RK-16/RK-17: a game played out at random; the final table lists the best total first."""
    state = GAME.new(2, 3)
    rng = random.Random(1)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.random_action(state, seat, rng))
    seats = [{"name": n, "kind": "human", "level": None, "away": False} for n in ("Zoe", "Ana")]
    message = {"type": "state", "version": 1, "seat": 0, "seats": seats, "clock": None}
    message["view"] = GAME.view(state, 0)
    text = Console(width=80, record=True)
    text.print(RummikubScreen.final_summary(message))
    rows = [line for line in text.export_text().splitlines() if "★" in line]
    winner = message["view"]["result"]["winners"][0]
    assert rows and ("Zoe" if winner == 0 else "Ana") in rows[0]
    assert RummikubScreen.log_lines_of(message)[-1].startswith("Game 1 is over")


def test_marks_are_drawn_on_their_tiles() -> None:
    """A tile's mark (* new from the others, + laid this turn) is drawn on that tile only, as a
    suffix, never colour alone; an invalid set is marked ✗."""
    table = [["K9", "B9", "O9"], ["K9", "K10"]]
    chunks = table_chunks(table, [], False, [["*", "", ""], ["", "+"]])
    faces = [[text for text, _, place in chunk if place and place[0] != "set"] for chunk in chunks]
    assert faces == [["K9*", "B9", "O9"], ["K9", "K10+"], ["[ ]"]]
    assert [chunk[0][0] for chunk in chunks[:2]] == ["✓", "✗"]


async def test_a_resumed_game_lays_the_rack_to_the_panels_width() -> None:
    """The first state of a resumed game arrives before the layout; the rack, laid then at a
    guessed width (4 tiles a row), is laid again once the panel has its width."""
    crashed_solo_game("rummikub", seed=3, actions=[])
    app = resume_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: table_screen(app) is not None)
        rack = app.screen.query_one("#rack", TilePanel)
        await wait_until(pilot, lambda: rack.size.width > 0)
        await wait_until(pilot, lambda: len(rack.rows) == 1, timeout=5)
        screen = table_screen(app)
        assert screen is not None and screen.state is not None
        assert len(screen.state["view"]["rack"]) in (14, 15)  # one row holds them all at 80
