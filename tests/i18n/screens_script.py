"""Draw each game's screen and final table in one language at 80x24 (its own process: the
language is chosen once, before the screens are imported) and write them as SVG screenshots
into a folder: `python -m tests.i18n.screens_script LANG FOLDER`; it prints, as JSON, the texts
each screen cuts short (none, when every line fits).

The game screen is a seeded solo table against easy bots, set up by keys and shown at the
player's first move; the final table is a late game (tests/tui/late.py) played out with the
easy bot's moves for the player too, and the first round summary on its way is drawn too. The
host's lobby has a guest with a Persian name and a bot in its seats, and its table is drawn
once started (a LAN table: its chat key in the footer). Everything is seeded, so every run draws
the same; each shot is taken once its screen says it is drawn (its footer shows its keys, its
table its rows), then at rest.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from tui.base import i18n

GAMES = ("nothanks", "papayoo", "pasovec", "rummikub")
LANGUAGES = ("en", "hu", "cs", "ro", "fa")
UNTIMED = {"rummikub": {"turn_seconds": 0}}  # no turn clock: its seconds would tick in the shots
ROUNDS = {"papayoo": "deal", "pasovec": "round"}
"""The games played in rounds (deals), with the view's key that counts them."""
LOBBY_PORT = 47031  # + the language's place: the address the lobby shows, one per process
GUEST = "سارا"  # a guest's Persian name, in every language's lobby and at its table


def clipped(app: Any) -> list[str]:
    """The texts cut short on the screen and the screens under it (a round's summary stands
    over the table): a `Static` whose words need more lines at its width than it has (a long
    translation pushing a status line over its room), and a table's cell that does not fit
    its column (cut with an ellipsis: Persian Pásovec's 'فکر می‌کن…')."""
    from rich.table import Table
    from textual.widgets import Static

    cut = []
    for widget in (w for screen in app.screen_stack for w in screen.query(Static)):
        if not widget.display or widget.content_region.width <= 0:
            continue
        size = widget.content_region.size
        needed = widget.get_content_height(size, size, size.width)
        name = widget.id or type(widget).__name__
        if needed > size.height:
            cut.append(f"{name}: {needed} lines in {size.height}")
        if isinstance(widget.content, Table):
            cut += [
                f"{name}: {text}" for text in cut_cells(app.console, widget.content, size.width)
            ]
    return cut


def cut_cells(console: Any, table: Any, width: int) -> list[str]:
    """The cells of `table`, drawn `width` cells wide, that are wider than their column (with
    its padding) where the column does not wrap: Rich cuts them short."""
    from rich.measure import Measurement

    options = console.options.update_width(width - table._extra_width)
    widths = table._calculate_column_widths(console, options)
    cut = []
    for column, column_width in zip(table.columns, widths, strict=True):
        if not column.no_wrap:
            continue
        for cell in table._get_cells(console, column._index, column):
            needed = Measurement.get(console, options, cell.renderable).maximum
            if needed > column_width:
                text = getattr(cell.renderable.renderable, "plain", cell.renderable.renderable)
                cut.append(f"{text!r} needs {needed} cells in {column_width}")
    return cut


async def draw(language: str, folder: Path) -> None:
    i18n.use(language)
    report: dict[str, list[str]] = {
        "menu": await draw_menu(folder / f"{language}_menu.svg"),
        "setup": await draw_setup(folder / f"{language}_setup.svg"),
        "lobby": await draw_lobby(LOBBY_PORT + LANGUAGES.index(language), folder, language),
    }
    for game_id in GAMES:
        report[f"{game_id}_play"] = await draw_play(
            game_id, folder / f"{language}_{game_id}_play.svg"
        )
        report[f"{game_id}_final"] = await draw_final(
            game_id, folder / f"{language}_{game_id}_final.svg"
        )
    for game_id in ROUNDS:
        report[f"{game_id}_summary"] = await draw_summary(
            game_id, folder / f"{language}_{game_id}_summary.svg"
        )
    print(json.dumps(report))


def moves_after_first_round(game_id: str) -> int:
    """How many moves of the seeded easy bots' game come after its first round (deal) ends."""
    from core import get_game
    from core.match import bot_record
    from tests.tui.pilots import SEED

    game, record = get_game(game_id), bot_record(game_id, ["easy"] * 4, SEED)
    state = game.new(record["players"], record["seed"], record["options"])
    first = ROUNDS[game_id]
    for index, (seat, action) in enumerate(record["actions"]):
        state = game.apply(state, seat, action)
        if game.view(state, 0)[first] != 1:
            return len(record["actions"]) - index - 1
    raise AssertionError(f"{game_id}: one round only")


async def draw_summary(game_id: str, svg: Path) -> list[str]:
    """The summary of the first round, the easy bot playing the player's last moves of it."""
    from tests.tui.late import open_late_game
    from tests.tui.pilots import SIZE, make_app, wait_until
    from tui.screens.round_summary import RoundSummary

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        left = moves_after_first_round(game_id) + 3
        screen = await open_late_game(pilot, game_id=game_id, left=left)
        await bot_plays(pilot, screen, game_id, RoundSummary)
        await wait_until(pilot, lambda: app.screen.takes_keys)
        return await shot(pilot, svg)


async def bot_plays(pilot: Any, screen: Any, game_id: str, until: type) -> None:
    """Play the player's moves with the easy bot until an `until` screen is in front; a round
    summary on the way is read (enter)."""
    from core import get_bot
    from tests.tui.pilots import wait_until
    from tui.screens.final import FinalScreen
    from tui.screens.round_summary import RoundSummary

    app = pilot.app
    bot, rng = get_bot(game_id, "easy"), random.Random(0)
    played = None

    def moved_on() -> bool:
        return isinstance(app.screen, until | FinalScreen | RoundSummary) or (
            screen.my_move and screen.calm and screen.state is not played and not held(screen)
        )

    while not isinstance(app.screen, until):
        await wait_until(pilot, moved_on)
        if isinstance(app.screen, until):
            return
        if isinstance(app.screen, RoundSummary):
            await pilot.press("enter")
            await wait_until(pilot, lambda: not isinstance(app.screen, RoundSummary))
        elif not isinstance(app.screen, FinalScreen):
            assert screen.state is not None
            played = screen.state
            await screen.send(bot.act(played["view"], rng))


def held(screen: Any) -> bool:
    """Whether the table waits for the player to read a round's summary: its panel opens a
    frame after the state, and a move sent before it (acting is being ready) went on past it,
    so that on a busy machine the shot caught a later round's summary."""
    pause = screen.state.get("pause") if screen.state is not None else None
    return pause is not None and screen.state["seat"] in pause["waiting"]


def alone_to_act(screen: Any) -> bool:
    """The player's move, and nobody else's: at a Papayoo pass the bots decide at the same
    time, and a slow one (a busy machine) passed after the shot."""
    state = screen.state
    return state is not None and screen.my_move and state["view"]["to_act"] == [state["seat"]]


def drawn(app: Any) -> bool:
    """Whether the screen in front is drawn: mounted, its focus given (a final table focuses
    its button once mounted), and its footer (if it has one) showing its keys, which Textual
    composes a frame or more after the screen (the Rummikub final table's footer was still
    empty when a shot was taken on a busy machine)."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    screen = app.screen
    if not screen.is_mounted or (screen.focused is None and screen.focus_chain):
        return False
    return all(len(footer.query(FooterKey)) > 0 for footer in screen.query(Footer))


async def shot(pilot: Any, svg: Path) -> list[str]:
    """The screen in front as an SVG, once drawn and at rest; the texts it cuts short."""
    from tests.tui.pilots import settled, wait_until

    await wait_until(pilot, lambda: drawn(pilot.app))
    await settled(pilot)
    svg.write_text(pilot.app.export_screenshot())
    return clipped(pilot.app)


async def draw_menu(svg: Path) -> list[str]:
    """The main menu, once its footer shows the keys (composed after the first frame)."""
    from tests.tui.pilots import SIZE, make_app

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        return await shot(pilot, svg)


async def draw_lobby(port: int, folder: Path, language: str) -> list[str]:
    """The host's lobby of a No Thanks! table with a guest (a Persian name) and an easy bot in
    its seats; then its table, started, at the host's first move: a LAN table."""
    from tests.tui.lan_pilots import host_app, port_to_ourselves

    app = host_app(port=port)
    with port_to_ourselves(port):
        return await draw_table(app, folder, language)


async def draw_table(app: Any, folder: Path, language: str) -> list[str]:
    """`draw_lobby`'s pictures, its port held."""
    from textual.widgets import Log

    from tests.tui.lan_pilots import host_lobby, remote_player
    from tests.tui.pilots import SEED, SIZE, wait_until
    from tui.screens.game import GameScreen
    from tui.screens.host_lobby import HostLobbyScreen

    async with app.run_test(size=SIZE) as pilot:
        lobby = await host_lobby(pilot)
        session, _driver = await remote_player(pilot, GUEST)
        await pilot.press("down", "down", "b")
        seats = app.table.host.lobby.seats  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: len(seats) > 2 and seats[2].kind == "bot")
        await wait_until(pilot, lambda: lobby.query_one("#seat-list").option_count >= 3)
        talk = lobby.query_one("#talk", Log)  # the guest's arrival told there, in its words
        await wait_until(pilot, lambda: any(GUEST in line for line in talk.lines))
        cut = await shot(pilot, folder / f"{language}_lobby.svg")
        app.table.host.seed = SEED  # type: ignore[attr-defined]  # the same deal every run
        await pilot.press("s")
        await wait_until(pilot, lambda: not isinstance(app.screen, HostLobbyScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: alone_to_act(screen))
        cut += [f"table: {text}" for text in await shot(pilot, folder / f"{language}_lan.svg")]
        await session.close()
        return cut


async def draw_setup(svg: Path) -> list[str]:
    """The solo set-up with Rummikub chosen (the game with the most options)."""
    from tests.tui.pilots import SIZE, make_app, wait_until
    from tui.screens.solo_setup import SoloSetupScreen
    from tui.widgets.cycler import Cycler

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SoloSetupScreen))
        await pilot.press("tab")
        while app.screen.query_one("#game", Cycler).value.id != "rummikub":
            await pilot.press("right")
        return await shot(pilot, svg)


async def draw_play(game_id: str, svg: Path) -> list[str]:
    """The game screen at the player's first move, and the help over it; the texts either cuts
    short."""
    from tests.tui.pilots import SIZE, make_app, open_game, wait_until
    from tui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot, game_id=game_id, options=UNTIMED.get(game_id))
        await wait_until(pilot, lambda: alone_to_act(screen))
        cut = await shot(pilot, svg)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        helped = await shot(pilot, svg.with_name(svg.name.replace("_play", "_help")))
        return cut + [f"help: {text}" for text in helped]


async def draw_final(game_id: str, svg: Path) -> list[str]:
    """The final table of a late game played out by the easy bot; the texts it cuts short."""
    from tests.tui.late import open_late_game
    from tests.tui.pilots import SIZE, make_app
    from tui.screens.final import FinalScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_late_game(pilot, game_id=game_id, left=2)
        await bot_plays(pilot, screen, game_id, FinalScreen)
        return await shot(pilot, svg)


if __name__ == "__main__":
    asyncio.run(draw(sys.argv[1], Path(sys.argv[2])))
