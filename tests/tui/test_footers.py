"""Every key in sight (issue 25, item 6): each game screen's footer fits 80 columns (and 100 for
a LAN host, whose frame adds chat, stand-in and hurry), nothing in it is cut, and every binding
acting on the screen is in the footer or in `?` — which lists them all, hidden keys, the app's
and the focused widget's included.

The checks are made from the bindings themselves (`Screen.active_bindings`), never from a list
kept by hand, so a key added tomorrow is checked too.
"""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import DataTable
from textual.widgets._footer import FooterKey

from tests.tui.lan_pilots import confirm, host_lobby, on_screen
from tests.tui.pilots import SEED, SIZE, make_app, open_game, wait_until
from tests.tui.test_replays import keep
from tui.app import GamenightApp
from tui.games import screen_class
from tui.screens.game import GameScreen
from tui.screens.help import HelpScreen
from tui.screens.replays import ReplaysScreen
from tui.screens.solo_setup import SoloSetupScreen
from tui.table.plans import HostPlan
from tui.widgets.cycler import Cycler
from tui.widgets.footer import KEY_CELLS, TIGHT_CELLS, FittingFooter, FooterEntry, rows

GAMES = ("nothanks", "papayoo", "pasovec", "rummikub")
FOCUS_ACTIONS = {"app.focus_next", "app.focus_previous"}


def hosted_app(game_id: str) -> GamenightApp:
    """An app hosting a loopback table of `game_id` (no discovery), as `gamenight host GAME`."""
    plan = HostPlan(game_id=game_id, player="Zoe", port=0, bind="127.0.0.1", discovery=False)
    return GamenightApp(bot_delay=0.0, host=plan, player="Zoe")


async def host_a_game(pilot: Pilot[None], game_id: str) -> GameScreen:
    """From the host's lobby: easy bots in the open seats, a fixed deal, s; the host's game
    screen once it is the host's move."""
    await host_lobby(pilot)
    host = pilot.app.table.host  # type: ignore[attr-defined]
    for seat, place in enumerate(host.lobby.seats):
        if place.kind == "open":
            host.set_bot(seat, "easy")
    await wait_until(pilot, lambda: host.lobby.not_ready() is None)
    host.seed = SEED
    await pilot.press("s")
    return await until_my_move(pilot, screen_class(game_id))


async def until_my_move(pilot: Pilot[None], kind: type[GameScreen]) -> GameScreen:
    await on_screen(pilot, kind)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    await wait_until(pilot, lambda: screen.my_move)
    await wait_until(pilot, lambda: bool(screen.query(FooterKey)))
    await pilot.pause()
    return screen


def drawn(screen: GameScreen) -> list[FooterKey]:
    return list(screen.query_one(FittingFooter).query(FooterKey))


def laid_out(screen: GameScreen) -> bool:
    """Whether every key the footer draws has its place yet: a key just mounted after a resize
    is 0 wide until the next layout (under load that is a frame later than the resize)."""
    return all(key.size.width for key in drawn(screen))


def assert_fits(screen: GameScreen) -> None:
    """The footer's keys are laid out whole inside the footer: nothing is cut at its edge."""
    footer = screen.query_one(FittingFooter)
    keys = drawn(screen)
    assert keys, "the footer draws no key"
    for row in {key.region.y for key in keys}:  # one row, or two (FOOTER_ROWS)
        line = [key for key in keys if key.region.y == row]
        assert sum(key.outer_size.width for key in line) <= footer.size.width
    for key in keys:
        text = str(key.render())
        assert key.region.right <= footer.region.right, f"'{text}' is cut"
        assert cell_len(text) <= key.size.width, f"'{text}' is cut"
    assert keys[-1].action == "help", "? (the way to every other key) is drawn last"


async def help_rows(pilot: Pilot[None], screen: GameScreen) -> list[tuple[str, str]]:
    """The rows `?` lists over `screen`; the overlay is closed again."""
    await pilot.press("question_mark")
    helper = pilot.app.screen
    assert isinstance(helper, HelpScreen)
    rows = helper.rows
    await pilot.press("escape")
    assert pilot.app.screen is screen
    return rows


def unlisted(screen: GameScreen, rows: list[tuple[str, str]]) -> list[str]:
    """The keys acting on `screen` that `?` does not list. Every one must be there, whether
    the footer draws it or not (stronger than "in the footer or in `?`")."""
    listed = {display for keys, _ in rows for display in keys.split(", ")}
    missing = []
    for key, (_node, binding, _enabled, _tooltip) in screen.active_bindings.items():
        if binding.system or (binding.action in FOCUS_ACTIONS and not screen.focus_chain):
            continue  # Textual's own fallback, and Tab where nothing can take the focus
        display = screen.app.get_key_display(Binding(key, binding.action))
        if display not in listed:
            missing.append(f"{display} ({binding.description})")
    return missing


async def check_keys(pilot: Pilot[None], screen: GameScreen) -> None:
    assert not screen.focus_chain, "keys, not focus, drive a game: nothing may take the focus"
    assert_fits(screen)
    assert unlisted(screen, await help_rows(pilot, screen)) == []


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_solo_game_footer_fits_80_columns_and_help_lists_every_key(game_id: str) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot, game_id=game_id)
        await check_keys(pilot, await until_my_move(pilot, screen_class(game_id)))


@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("game_id", GAMES)
async def test_a_lan_hosts_game_footer_fits_and_help_lists_every_key(
    game_id: str, width: int
) -> None:
    """The host's frame has the most keys: hint, hurry, stand-in, rules, leave, chat."""
    app = hosted_app(game_id)
    async with app.run_test(size=(width, SIZE[1])) as pilot:
        screen = await host_a_game(pilot, game_id)
        await check_keys(pilot, screen)
        rows = dict(await help_rows(pilot, screen))
        assert rows["b"] == "Seat a bot for an away player"  # the host's own, in words
        assert rows["c"] == "Chat"


async def test_rummikubs_many_keys_take_two_rows_at_80_columns() -> None:
    """Rummikub's host has the most keys: at 140 columns they fit one row; at 80 they take two
    and none is left out (issue 36, item 12), in the same order."""
    app = hosted_app("rummikub")
    async with app.run_test(size=(140, 24)) as pilot:
        screen = await host_a_game(pilot, "rummikub")
        wide = [key.action for key in drawn(screen)]
        assert len({key.region.y for key in drawn(screen)}) == 1
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen.query_one(FittingFooter).fitted_width == 80)
        await wait_until(
            pilot, lambda: laid_out(screen) and len({key.region.y for key in drawn(screen)}) == 2
        )
        assert_fits(screen)
        assert [key.action for key in drawn(screen)] == wide


def entry(action: str, cells: int, pinned: bool = False, enabled: bool = True) -> FooterEntry:
    """A footer key of `cells` cells as Textual draws it (KEY_CELLS of padding)."""
    description = "x" * (cells - 1 - KEY_CELLS)
    return FooterEntry(Binding(action[0], action, description), action[0], enabled, "", pinned)


@pytest.mark.parametrize("most", [1, 2])
def test_keys_that_do_not_fit_give_way_least_important_and_dimmed_first(most: int) -> None:
    keys = [entry(f"k{i}", 12) for i in range(16)] + [entry("help", 8, pinned=True)]
    keys[3] = entry("k3", 12, enabled=False)
    lines, padding = rows(keys, 80, most)
    assert len(lines) == most and padding == TIGHT_CELLS
    assert all(sum(e.width(padding) for e in line) <= 80 for line in lines)
    kept = [e.binding.action for line in lines for e in line]
    assert kept[-1] == "help" and "k3" not in kept  # the dimmed key gave way first
    assert kept[:-1] == [f"k{i}" for i in range(len(kept)) if i != 3][: len(kept) - 1]


def test_keys_that_fit_one_row_keep_one_row_and_textuals_padding() -> None:
    keys = [entry(f"k{i}", 10) for i in range(7)] + [entry("help", 8, pinned=True)]
    assert rows(keys, 80, 2) == ([keys], KEY_CELLS)


async def test_enter_is_the_games_key_not_a_focused_buttons() -> None:
    """Papayoo's send and Pásovec's roll: a button focused on mount took Enter (and hid it
    from the footer and from `?`)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game_id="papayoo")
        await until_my_move(pilot, screen_class("papayoo"))
        active = screen.active_bindings["enter"]
        assert active.node is screen and active.binding.action == "confirm"
        assert "confirm" in {key.action for key in drawn(screen)}
        assert ("⏎", "Send/play") in await help_rows(pilot, screen)


async def test_help_lists_hidden_keys_the_apps_and_the_focused_widgets() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        rows = await help_rows(pilot, await until_my_move(pilot, screen_class("nothanks")))
        assert ("↑", "Log: a line back") in rows  # show=False, never in the footer
        assert ("end", "Log: follow the game again") in rows
        assert ("^q", "Quit the app and return to the command prompt.") in rows  # the app's
        assert rows[-1] == ("?, f1", "Help")
        await confirm(pilot)  # leave: back at the menu

        await pilot.press("s")
        await on_screen(pilot, SoloSetupScreen)
        await pilot.press("tab")  # the game's choice has the focus
        assert isinstance(app.screen.focused, Cycler)
        await pilot.press("question_mark")
        rows = app.screen.rows  # type: ignore[attr-defined]
        assert rows[:2] == [("←", "Previous choice"), ("→", "Next choice")]  # the focused one's
        assert ("⏎", "Start the game") in rows  # the screen's Enter, whatever has the focus
        assert ("esc, q", "Back, keeping your choices") in rows


async def test_the_replay_list_keys_include_its_tables() -> None:
    keep("nothanks")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await on_screen(pilot, ReplaysScreen)
        listing = app.screen
        await wait_until(pilot, lambda: listing.query_one(DataTable).row_count == 1)
        await pilot.press("question_mark")
        rows = app.screen.rows  # type: ignore[attr-defined]
        assert ("⏎", "Watch the game highlighted") in rows  # not the table's own "Select"
        assert ("↑", "Cursor up") in rows  # the focused list's keys
        await pilot.press("escape", "enter")
        await on_screen(pilot, GameScreen)  # mounted before the test ends


def only_the_footer(screen: GameScreen) -> None:
    """Everything but the footer hidden: the snapshot is of the footer alone, so a change to a
    game's table never touches it."""
    for child in screen.children:
        child.display = isinstance(child, FittingFooter)


@pytest.mark.parametrize("game_id", GAMES)
def test_snapshot_of_a_lan_hosts_footer(snap_compare, game_id: str) -> None:
    async def at_my_move(pilot: Pilot[None]) -> None:
        only_the_footer(await host_a_game(pilot, game_id))
        await pilot.pause()

    assert snap_compare(hosted_app(game_id), terminal_size=SIZE, run_before=at_my_move)
