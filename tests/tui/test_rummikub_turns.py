"""Rummikub turns late in a game, by keys and mouse (issue 12): each test starts from a built
position (rummikub_pilots.open_at), not from a game played up to it."""

from __future__ import annotations

from rich.console import Console

from tests.tui.pilots import SIZE, make_app, wait_until
from tests.tui.rummikub_pilots import continue_at, go_to, mine, open_at, pick_tile
from tests.tui.test_rummikub_screen import click
from tui.games.rummikub.screen import RummikubScreen
from tui.games.rummikub.widgets import TilePanel, match_table
from tui.screens.final import FinalScreen
from tui.screens.round_summary import RoundSummary


def played(screen: RummikubScreen) -> list[str] | None:
    """The tiles of our last play in the log, None before it."""
    plays = [e for e in screen.state["view"]["log"] if e["type"] == "play" and e["seat"] == 0]
    return plays[-1]["tiles"] if plays else None


async def put(pilot, screen: RummikubScreen, tile: str, place: tuple) -> None:
    """Pick `tile` from the rack and put it down at `place`, by keys."""
    await pick_tile(pilot, screen, tile)
    await go_to(pilot, screen, place)
    await pilot.press("space")


async def test_split_a_run_with_a_new_tile() -> None:
    """RK-11: B3 B4 B5 B6 B7 split before B6 (v), B5 from the rack starts the second half:
    B3 B4 B5 and B5 B6 B7."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["B3", "B4", "B5", "B6", "B7"]], ["B5", "O2", "O9"])
        await go_to(pilot, screen, ("table", 0, 3))
        await pilot.press("v")
        assert screen.draft.table == [["B3", "B4", "B5"], ["B6", "B7"]]
        await put(pilot, screen, "B5", ("table", 1, 0))
        assert screen.draft.table == [["B3", "B4", "B5"], ["B5", "B6", "B7"]]
        await pilot.press("p")
        await wait_until(pilot, lambda: played(screen) == ["B5"])
        table = screen.state["view"]["table"]
        assert ["B3", "B4", "B5"] in table and ["B5", "B6", "B7"] in table


async def test_free_a_joker_and_reuse_it_in_the_same_turn() -> None:
    """RK-12: R6 from the rack takes the joker's place in R5 J R7; the freed joker makes a new
    group with K9 and B9 in the same turn."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["R5", "J", "R7"]], ["R6", "K9", "B9", "O2"])
        await put(pilot, screen, "R6", ("table", 0, 1))
        await go_to(pilot, screen, ("table", 0, 2))
        await pilot.press("space", "n")  # the joker, lifted, goes down as a new set
        assert screen.draft.table == [["R5", "R6", "R7"], ["J"]]
        await put(pilot, screen, "K9", ("table", 1, 1))
        await put(pilot, screen, "B9", ("table", 1, 2))
        await pilot.press("p")
        await wait_until(pilot, lambda: played(screen) is not None)
        assert sorted(played(screen)) == ["B9", "K9", "R6"]
        table = screen.state["view"]["table"]
        assert ["R5", "R6", "R7"] in table and ["B9", "J", "K9"] in map(sorted, table)


async def test_move_a_range_of_a_set_by_keys() -> None:
    """Issue 12: shift+→ selects K4 K5 K6 of K1..K6, space lifts them as one, n lays them as
    a new set; K7 joins it (RK-11)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        run = [f"K{n}" for n in range(1, 7)]
        screen = await open_at(app, pilot, [run], ["K7", "R2", "B11"])
        await go_to(pilot, screen, ("table", 0, 3))
        await pilot.press("shift+right", "shift+right")
        assert screen.selected() == [("table", 0, i) for i in (3, 4, 5)]
        await pilot.press("space")
        assert screen.draft.held == ["K4", "K5", "K6"]
        await pilot.press("n")
        assert screen.draft.table == [run[:3], run[3:]]
        await put(pilot, screen, "K7", ("table", 1, 3))
        await pilot.press("p")
        await wait_until(pilot, lambda: played(screen) == ["K7"])


async def test_move_a_range_and_a_whole_set_by_mouse() -> None:
    """Shift+clicks select K2..K3, a click in the range lifts it, a click on [new set] lays it;
    a click on a set's ✓ lifts the whole set and a click on another's ✓ puts it at its end,
    where the run is laid in order (issue 25)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["K1", "K2", "K3", "K4"]], ["K7", "R2", "B11"])
        panel = screen.query_one("#table-tiles", TilePanel)
        await click(pilot, panel, ("table", 0, 1), shift=True)
        await click(pilot, panel, ("table", 0, 2), shift=True)
        await click(pilot, panel, ("table", 0, 1))
        assert screen.draft.held == ["K2", "K3"]
        await click(pilot, panel, ("new",))
        assert screen.draft.table == [["K1", "K4"], ["K2", "K3"]]
        await click(pilot, panel, ("set", 0))
        assert screen.draft.held == ["K1", "K4"]
        await click(pilot, panel, ("set", 0))  # now K2 K3, the only set
        assert screen.draft.table == [["K1", "K2", "K3", "K4"]] and screen.draft.held == []


async def test_a_score_table_between_games_then_the_final_table() -> None:
    """RK-15/RK-18: going out ends game 1 of 2; that game's scores and the totals show before
    game 2. Game 2, from a late position, ends on the final table with both games' columns."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["R1", "R2", "R3"]], ["R4"], games=2)
        await put(pilot, screen, "R4", ("table", 0, 3))
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, RoundSummary))
        panel = app.screen
        assert isinstance(panel, RoundSummary)
        assert panel.title_text == "Game 1 is over: you went out."
        body = Console(width=80, record=True)
        body.print(panel.body)
        assert "Game 2 of 2 comes next." in body.export_text()
        assert screen.state["pause"]["waiting"] == [0]  # the table waits for us to read it
        await wait_until(pilot, lambda: panel.takes_keys)
        end = next(e for e in screen.state["view"]["log"] if e["type"] == "game_end")
        assert end["winners"] == [0] and end["scores"][0] == -end["scores"][1] > 0
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and mine(screen) and screen.calm)
        assert screen.state["view"]["game_no"] == 2
        await continue_at(pilot, screen, [["O9", "O10", "O11"]], ["O12"])
        await put(pilot, screen, "O12", ("table", 0, 3))
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, FinalScreen))
        final = app.screen
        assert str(final.query_one("#verdict").render()).startswith("Game over — you win")
        text = Console(width=80, record=True)
        text.print(RummikubScreen.final_summary(final.state))
        head = text.export_text().splitlines()[0].split()
        assert head == ["Player", "Tiles", "left", "Game", "1", "Game", "2", "Total"]


def test_the_match_table_has_a_column_per_game() -> None:
    """RK-18: each game's scores and the running total, best total first; RK-16: the tiles
    left on each rack at the end of the game shown."""
    first = {"scores": [30, -30], "winners": [0], "how": "out", "racks": [[], ["K10", "J"]]}
    second = {"scores": [-50, 50], "winners": [1], "how": "out", "racks": [["R10", "O10", "J"], []]}
    log = [
        {"type": "game_end", "game_no": 1, **first},
        {"type": "game_end", "game_no": 2, **second},
    ]
    view = {"log": log, "players": 2, "games": 3, "game_no": 3, "rack_sizes": [14, 14]}
    seats = [{"name": n, "kind": "human", "level": None, "away": False} for n in ("Zoe", "Ana")]
    state = {"type": "state", "version": 1, "seat": 0, "seats": seats, "view": view}
    text = Console(width=80, record=True)
    text.print(match_table(state, 2))
    lines = [line.split() for line in text.export_text().splitlines() if line.strip()]
    assert lines[0] == ["Player", "Tiles", "left", "Game", "1", "Game", "2", "Total"]
    assert lines[1][-5:] == ["Ana", "none", "-30", "+50", "20"] and lines[1][0] == "★"
    assert lines[2][-6:] == ["R10", "O10", "J☺", "+30", "-50", "-20"] and "Zoe" in lines[2]
