"""Issue 25, the Rummikub part ("the table tells what happened"), by keys at the table: the final
table shows what was left on each rack, the log says what a play did to the table's sets, marks
land on the very tile, the joker has its own look, a run is laid in order, the initial meld's
rule is told at once, the footer holds a turn's keys at 80 columns, and the lobby shows the
options by their labels, uncut."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from textual.widgets import Label, Static

from tests.tui.pilots import SIZE, make_app, wait_until
from tests.tui.rummikub_pilots import go_to, open_at, pick_tile
from tests.tui.test_footers import assert_fits, drawn
from tests.tui.test_rummikub_turns import played, put
from tui.app import GamenightApp
from tui.games.rummikub.screen import RummikubScreen
from tui.games.rummikub.widgets import TilePanel
from tui.screens.final import FinalScreen
from tui.screens.help import HelpScreen
from tui.screens.host_lobby import HostLobbyScreen
from tui.table.plans import HostPlan
from tui.widgets.seats import settings_text

GROUP = ["K1", "R1", "O1"]
RUN = ["O2", "O3", "O4"]


def cells(screen: RummikubScreen, panel: str = "#table-tiles") -> dict[tuple, tuple[str, str]]:
    """The tiles a panel draws: place -> (face, style)."""
    rows = screen.query_one(panel, TilePanel).rows
    return {place: (face, style) for row in rows for face, style, place in row if place}


def status(screen: RummikubScreen) -> str:
    return str(screen.query_one("#status").render())


async def play_out(pilot, screen: RummikubScreen) -> FinalScreen:
    """Put R4 at the end of R1 R2 R3 and play it: our last tile, the game is over (RK-15)."""
    await put(pilot, screen, "R4", ("table", 0, 3))
    await pilot.press("p")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, FinalScreen))
    return pilot.app.screen


async def test_the_final_table_shows_the_tiles_left_beside_the_scores() -> None:
    """Item 3, RK-16: the bot's rack is counted face up; its tiles show in its row."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["R1", "R2", "R3"]], ["R4"], turn_seconds=0)
        final = await play_out(pilot, screen)
        end = next(e for e in final.state["view"]["log"] if e["type"] == "game_end")
        left = end["racks"][1]
        assert len(left) == 14 and end["racks"][0] == []
        text = Console(width=78, record=True)
        text.print(final.query_one("#scores").query_one(Static).content)
        rows = " ".join(text.export_text().split())
        faces = ["J☺" if t == "J" else t for t in left]
        assert f"Zoe (you) none {end['scores'][0]}" in rows
        assert " ".join(faces) in rows and str(end["scores"][1]) in rows


def test_snapshot_final_table(snap_compare) -> None:
    """The final table at 80x24: the winner ★ with no tile left, the bot's 14 tiles beside
    its score."""

    async def to_the_end(pilot) -> None:
        screen = await open_at(pilot.app, pilot, [["R1", "R2", "R3"]], ["R4"], turn_seconds=0)
        await play_out(pilot, screen)

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=to_the_end)


async def test_the_log_says_a_split() -> None:
    """Item 4, RK-11: our split of B3..B7 around a rack B5 is told by its sets."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["B3", "B4", "B5", "B6", "B7"]], ["B5", "O2", "O9"])
        await go_to(pilot, screen, ("table", 0, 3))
        await pilot.press("v")
        await put(pilot, screen, "B5", ("table", 1, 0))
        await pilot.press("p")
        await wait_until(pilot, lambda: played(screen) == ["B5"])
        shown = " ".join(line.strip() for line in screen.query_one("#log").lines)
        assert "You split B3–B7 into B3 B4 B5 and B5 B6 B7 (B5 from the rack)." in shown


async def test_my_mark_is_on_the_tile_i_put_down() -> None:
    """Item 5: the table holds K1 R1 O1; our O1 before O2 O3 O4 is marked there, +."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [GROUP, RUN], ["O1", "K9", "B2"], turn_seconds=0)
        await put(pilot, screen, "O1", ("table", 1, 0))
        drawn = cells(screen)
        assert drawn[("table", 1, 0)][0] == "O1+" and "underline" in drawn[("table", 1, 0)][1]
        assert drawn[("table", 0, 2)][0] == "O1"


async def test_the_joker_has_its_own_look() -> None:
    """Item 5: a joker is J☺ in magenta, not reversed: reversed video is the cursor's."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [["R5", "J", "R7"]], ["K2", "J"], turn_seconds=0)
        joker = cells(screen)[("table", 0, 1)]
        assert joker[0] == "J☺" and "magenta" in joker[1] and "reverse" not in joker[1]
        rack = cells(screen, "#rack")
        assert rack[("rack", 1)][0] == "J☺" and "reverse" in rack[("rack", 0)][1]
        await go_to(pilot, screen, ("rack", 1))
        assert "reverse" in cells(screen, "#rack")[("rack", 1)][1]  # the cursor on it


async def test_a_run_put_down_out_of_order_is_laid_in_order() -> None:
    """Item 5, RK-3: K10 put before K8 K9 makes the run K8 K9 K10, shown ✓ in that order."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [], ["K8", "K9", "K10", "O2"], turn_seconds=0)
        await pick_tile(pilot, screen, "K8")
        await pilot.press("n")
        await put(pilot, screen, "K9", ("table", 0, 1))
        await put(pilot, screen, "K10", ("table", 0, 0))
        assert screen.draft.table == [["K8", "K9", "K10"]]
        faces = [cells(screen)[("table", 0, i)][0] for i in range(3)]
        assert faces == ["K8+", "K9+", "K10+"] and cells(screen)[("set", 0)][0] == "✓"


async def test_touching_the_table_before_the_initial_meld_is_told_at_once() -> None:
    """Item 5, RK-8: picking up a table tile, or putting one into a table set, is refused
    the moment it is tried, with the rule in words; the draft stays as it was."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [RUN], ["O5", "K9", "R9"], False, turn_seconds=0)
        await go_to(pilot, screen, ("table", 0, 0))
        await pilot.press("space")
        assert "before your initial meld the sets on the table stay" in status(screen)
        assert screen.draft.held == [] and screen.draft.table == [RUN]
        await pick_tile(pilot, screen, "O5")
        await go_to(pilot, screen, ("table", 0, 3))
        await pilot.press("space")
        assert "before your initial meld" in status(screen)
        assert screen.draft.held == ["O5"] and screen.draft.table == [RUN]


async def test_the_footer_holds_a_turns_keys_and_help_has_the_rest() -> None:
    """Item 6 (and issue 36, item 12): at 80 columns the footer draws every key of the game,
    whole, in two rows, then ?: at a turn's start u, x, n and a are dimmed (they would do
    nothing yet); once a tile is held, n, u and x act. ? lists every key with what it does."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_at(app, pilot, [RUN], ["O5", "K9"], turn_seconds=0)
        await wait_until(pilot, lambda: bool(drawn(screen)))
        assert [key.action for key in drawn(screen)] == [
            *("commit", "draw_tile", "pick", "undo", "reset", "new_set", "split", "why"),
            *("hint", "apply_hint", "sort", "leave", "rules", "hurry", "help"),
        ]
        assert {key.action for key in drawn(screen) if key.has_class("-disabled")} == {
            *("undo", "reset", "new_set", "apply_hint"),
        }
        assert_fits(screen)
        await pick_tile(pilot, screen, "O5")
        await wait_until(pilot, lambda: "new_set" in [k.action for k in drawn(screen)])
        held = {key.action for key in drawn(screen) if not key.has_class("-disabled")}
        assert {"commit", "draw_tile", "pick", "undo", "reset", "new_set", "sort"} <= held
        assert_fits(screen)
        await pilot.press("u")
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        rows = dict(app.screen.rows)
        assert rows["s"] == "Sort your rack by colour or by number"
        assert rows["a"].startswith("Lay the last hint's play out")
        assert (
            rows["space, ⏎"].startswith("Pick up the tile") and rows["q, esc"] == "Leave the table"
        )
        assert {"h", "r", "v", "w", "shift+←", "shift+→"} <= set(rows)


def test_snapshot_a_turn_and_its_footer(snap_compare) -> None:
    """A turn at 80x24: our O1 put before O2 O3 O4 beside the group's O1 (+ on ours only),
    jokers J☺ on the table and the rack, and the footer's turn keys, whole, then ?."""

    async def turn(pilot) -> None:
        table = [["R5", "J", "R7"], GROUP, RUN]
        screen = await open_at(pilot.app, pilot, table, ["O1", "J", "K9", "B2"], turn_seconds=0)
        await put(pilot, screen, "O1", ("table", 2, 0))

    assert snap_compare(make_app(), terminal_size=SIZE, run_before=turn)


def test_the_lobby_says_the_options_by_their_labels() -> None:
    """Item 6: 'Seconds per turn 30 s', never 'turn_seconds 30'."""
    lobby = {
        "game": "rummikub",
        "options": {"turn_seconds": 30, "games": 2, "jokers_in_first_meld": True},
        "game_options": {"turn_seconds": 60, "games": 1, "jokers_in_first_meld": False},
        "settings": {"away_bot_seconds": None, "away_bot_level": "normal", "hints": True},
    }
    assert settings_text(lobby).startswith(
        "Options: Seconds per turn 30 s, Games 2, Jokers in the first meld on · Away players"
    )


async def test_the_hosts_lobby_shows_whole_option_labels() -> None:
    """Item 6: at 80x24 each Rummikub option's label is drawn whole, and the settings line
    under the seats says the options by those labels."""
    plan = HostPlan(game_id="rummikub", player="Zoe", port=0, bind="127.0.0.1", discovery=False)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zoe")
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HostLobbyScreen))
        lobby = app.screen
        await wait_until(
            pilot, lambda: "Seconds per turn" in str(lobby.query_one("#settings").render())
        )
        labels = list(lobby.query(".option-label").results(Label))
        assert [str(label.render()) for label in labels] == [
            "Seconds per turn",
            "Games",
            "Jokers in the first meld",
        ]
        for label in labels:
            assert label.size.width >= cell_len(str(label.render()))
            assert label.region.right <= SIZE[0]
        assert "turn_seconds" not in str(lobby.query_one("#settings").render())
