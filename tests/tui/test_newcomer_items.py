"""Small things a newcomer hit (issue 25, item 7), each pinned by keys: set-up choices never
cut, no key acting on a table hidden by the "too small" notice, log lines cut again after a
resize, the rules viewer's ←/→ and first game, the game "Resume" continues, Escape keeping the
set-up, Pásovec's names, the replay list's Winner column, and no export of an export."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, OptionList, TabbedContent
from textual.widgets._footer import FooterKey

from core import get_game, replay
from core.match import bot_record
from net import records
from tests.tui.lan_pilots import confirm, on_screen
from tests.tui.late import crashed_solo_game
from tests.tui.pilots import SEED, SIZE, make_app, my_turn, open_game, wait_until
from tests.tui.test_replays import keep, status
from tui.base.seats import seat_label
from tui.games.nothanks.screen import NoThanksScreen
from tui.games.papayoo.screen import PapayooScreen
from tui.games.pasovec.widgets import PlayersPanel
from tui.screens.game import GameScreen
from tui.screens.menu import ENTRIES, MenuScreen
from tui.screens.replay import ReplayMixin
from tui.screens.replays import ReplaysScreen
from tui.screens.rules import RulesScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.widgets.cycler import Cycler
from tui.widgets.following_log import FollowingLog

SMALL = (60, 20)


def footer_actions(screen: GameScreen) -> set[str]:
    return {key.action for key in screen.query(FooterKey)}


def assert_whole(cycler: Cycler) -> None:
    text = str(cycler.render())
    assert text.startswith("◀ ") and text.endswith(" ▶"), text
    assert cell_len(text) <= cycler.content_region.width, f"{text} is cut"
    assert cycler.region.right <= SIZE[0]


async def test_a_set_up_choice_switched_to_a_longer_value_is_never_cut() -> None:
    """`Game ◀ No`, `◀ normal` without ▶, `◀ 120 s`: every choice of every cycler, for every
    game, is drawn whole with both arrows, inside the screen."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        setup = app.screen
        game = setup.query_one("#game", Cycler)
        for _ in game.choices:
            shown = [c for c in setup.query(Cycler) if c.display and c is not game]
            for cycler in shown:
                for _ in cycler.choices:  # round to the first choice again
                    cycler.action_step(1)
                    await pilot.pause()
                    assert_whole(cycler)
            game.action_step(1)
            await pilot.pause()
            assert_whole(game)


async def test_no_key_acts_while_the_too_small_notice_hides_the_table() -> None:
    """A blind 'You took a token': at 60x20 the table is hidden, so t and p do nothing; only
    q (leave), r (rules) and ? stay, and the footer says so."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        await wait_until(pilot, lambda: my_turn(screen))
        assert screen.state is not None
        version = screen.state["version"]
        await pilot.resize_terminal(*SMALL)
        await wait_until(pilot, lambda: screen.query_one("#too-small").display)
        await pilot.press("t", "p", "space", "h", "up")
        await pilot.pause()
        assert screen.state["version"] == version
        await wait_until(pilot, lambda: footer_actions(screen) == {"leave", "rules", "help"})
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: screen.query_one("#game-body").display)
        await pilot.press("t")
        await wait_until(pilot, lambda: screen.state["version"] > version)


async def kept_replay(pilot: Pilot[None]) -> Screen[None]:
    """The replay of the kept No Thanks! game (`keep`), opened."""
    pilot.app.open_replay(records.records_dir() / "nothanks.json")  # type: ignore[attr-defined]
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReplayMixin))
    return pilot.app.screen


async def test_a_replay_does_not_step_while_it_is_hidden_either() -> None:
    keep("nothanks")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await kept_replay(pilot)
        await pilot.resize_terminal(*SMALL)
        await pilot.press("right", "end", "space")
        await pilot.pause()
        assert screen.position == 0 and screen.timer is None  # type: ignore[attr-defined]
        await pilot.resize_terminal(*SIZE)
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.position == 1)  # type: ignore[attr-defined]


async def test_log_lines_are_cut_again_after_a_resize() -> None:
    """Cut to 80 columns, a long line stayed in two rows at 140 (and one row of 130 cells was
    cut at 80); the line read at the top stays at the top."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        await wait_until(pilot, lambda: my_turn(screen))
        log = screen.query_one(FollowingLog)
        filler = [f"filler {n} " + "x " * 40 for n in range(40)]  # two rows each at 80
        log.write_lines(line.strip() for line in filler)
        await pilot.pause()
        assert log.lines[-2].startswith("filler 39") and log.lines[-1].startswith("  x")
        second = next(n for n, line in enumerate(log.lines) if line.startswith("filler 2 ")) + 1
        await pilot.press("home", *["down"] * second)  # the top row: the end of 'filler 2'
        await pilot.pause()
        top = int(log.scroll_y)
        assert log.lines[top].startswith("  x") and log.lines[top - 1].startswith("filler 2")

        await pilot.resize_terminal(140, 24)
        await wait_until(pilot, lambda: log.lines[-1] == filler[-1].strip())  # one row each
        assert log.lines[int(log.scroll_y)].startswith("filler 2")  # still read there
        assert not log.following

        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: log.lines[-1].startswith("  x"))
        assert max(cell_len(line) for line in log.lines) <= log.line_width
        assert log.lines[int(log.scroll_y)].startswith("filler 2")


async def test_the_rules_open_on_the_game_last_played_and_arrows_change_game() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # nothing played yet: the first game
        await on_screen(pilot, RulesScreen)
        rules = app.screen
        ids = [f"rules-{game_id}" for game_id in rules.texts]  # type: ignore[attr-defined]
        tabs = rules.query_one(TabbedContent)
        assert tabs.active == ids[0]
        await pilot.press("right")
        assert tabs.active == ids[1]
        assert rules.focused is rules.query_one(f"#{ids[1]} .rules-text")  # ↑/↓ scroll it
        await pilot.press("left", "left")  # round to the last game
        assert tabs.active == ids[-1]
        await pilot.press("q")

        await open_game(pilot, game_id="papayoo")
        await confirm(pilot)
        await on_screen(pilot, MenuScreen)
        await pilot.press("r")
        await on_screen(pilot, RulesScreen)
        assert app.screen.query_one(TabbedContent).active == "rules-papayoo"


async def test_resume_solo_game_says_which_game() -> None:
    crashed_solo_game("papayoo", SEED, [])
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        options = app.screen.query_one("#menu-options", OptionList)
        await wait_until(pilot, lambda: options.option_count == len(ENTRIES) + 1)
        prompt = str(options.get_option("resume_solo").prompt)
        assert prompt == "[g]  Resume solo game (Papayoo)"
        await pilot.press("g")
        await on_screen(pilot, PapayooScreen)


async def test_escape_in_the_set_up_keeps_the_table_chosen() -> None:
    """Escape kept nothing; now the game, players, bots and options are there next time (a
    name is only taken once played with: it is the player's at every table)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        setup = app.screen
        await pilot.press("ctrl+u", *"Ines", "tab")
        game = setup.query_one("#game", Cycler)
        while game.value.id != "pasovec":
            await pilot.press("right")
        await pilot.press("tab", "right")  # 5 players
        bot = setup.query_one("#level-1", Cycler)
        bot.focus()
        await pilot.press("right")  # Ana: hard
        await pilot.press("escape")
        await on_screen(pilot, MenuScreen)

        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        again = app.screen
        assert again is not setup
        assert again.query_one("#game", Cycler).value.id == "pasovec"
        assert again.query_one("#players", Cycler).value == 5
        assert again.query_one("#level-1", Cycler).value == "hard"
        assert again.query_one("#name", Input).value == "Player"


async def test_enter_starts_from_the_name_but_presses_a_focused_button() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        app.screen.query_one("#back", Button).focus()
        await pilot.press("enter")  # Back, not Start
        await on_screen(pilot, MenuScreen)
        assert app.table is None
        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        assert isinstance(app.screen.focused, Input)  # the name
        await pilot.press("enter")
        await on_screen(pilot, NoThanksScreen)


@pytest.mark.parametrize("how", ["click", "enter"])
async def test_the_start_button_starts_the_game(how: str) -> None:
    """Clicked, or focused and pressed with Enter, Start starts (only Back is kept from it)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        if how == "click":
            await pilot.click("#start")
        else:
            app.screen.query_one("#start", Button).focus()
            await pilot.press("enter")
        await on_screen(pilot, NoThanksScreen)


def players_rows(panel: PlayersPanel) -> list[str]:
    console = Console(width=panel.content_region.width, record=True, file=io.StringIO())
    console.print(panel.content)
    return console.export_text().splitlines()


@pytest.mark.parametrize("width", [80, 160])
async def test_pasovec_names_are_whole_and_their_numbers_beside_them(width: int) -> None:
    """At 80 columns 'Bruno (norm…'; at 160 the numbers sat at the far right."""
    app = make_app()
    async with app.run_test(size=(width, SIZE[1])) as pilot:
        screen = await open_game(pilot, game_id="pasovec", more_players=2, level_keys="")
        await wait_until(pilot, lambda: screen.state is not None)
        await pilot.pause()
        state = screen.state
        assert state is not None
        rows = players_rows(screen.query_one(PlayersPanel))
        widest = max(len(seat_label(state, seat, 99)) for seat in range(6))
        for seat in range(6):
            label = seat_label(state, seat, 99).plain
            (row,) = [row for row in rows if label in row]
            after = row.index(label) + len(label)
            gap = row.index(str(state["view"]["hand_sizes"][seat]), after) - after
            assert gap <= widest - len(label) + len("  Cards"), row  # the next column's
        assert any("Bruno (normal)" in row for row in rows)


def keep_long_names() -> None:
    """A Pásovec game of six with long names, kept as a host keeps it."""
    names = ["Maximiliana", "Bartholomew", "Christabel", "Desdemona", "Evangeline", "Fitzwilliam"]
    record = bot_record("pasovec", ["easy"] * 6, 3)
    seats = [{"name": name, "kind": "bot", "level": "easy"} for name in names]
    result = get_game("pasovec").result(replay(record))
    path = records.records_dir() / "pasovec.json"
    path.write_text(json.dumps({**record, "seats": seats, "result": result, "finished": 1.0}))


async def test_the_replay_list_shows_the_winner_whole_at_80_columns() -> None:
    keep_long_names()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await on_screen(pilot, ReplaysScreen)
        listing = app.screen
        table = listing.query_one(DataTable)
        await wait_until(pilot, lambda: table.row_count == 1)
        await pilot.pause()
        (entry,) = listing.entries  # type: ignore[attr-defined]
        row = [str(cell) for cell in table.get_row_at(0)]
        assert row[3] == entry.winner and row[0] == entry.when
        assert row[2].endswith("…") and entry.players.startswith(row[2][:-1])  # shortened
        assert table.virtual_size.width <= table.size.width  # no column off the right edge


async def test_a_replay_of_an_exported_file_offers_no_export() -> None:
    keep("nothanks")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        full = await kept_replay(pilot)
        await wait_until(pilot, lambda: "export" in footer_actions(full))  # type: ignore[arg-type]
        await pilot.press("x")
        exported = Path(status(full).split(" to ", 1)[1])
        await pilot.press("q")
        app.open_replay(exported)
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayMixin))
        seen = app.screen
        await wait_until(pilot, lambda: bool(seen.query(FooterKey)))
        assert "export" not in footer_actions(seen)  # type: ignore[arg-type]
        assert "x" not in seen.active_bindings
        said = status(seen)
        await pilot.press("x")
        await pilot.pause()
        assert status(seen) == said
        assert list(exported.parent.iterdir()) == [exported]
