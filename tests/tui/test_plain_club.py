"""A club night with a member in plain lines (issue 37): Ana hosts the club in the app, Bo
joins it with `gamenight --plain join`, is drawn to a table of the round, plays it by typed
commands, leaves it with `quit` and is back at the club, whose standings are read as lines."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from net.club.member_bot import MemberBot
from tests.evenings.conftest import free_port
from tests.tui.pilots import SIZE, wait_until
from tests.tui.plain_moves import play_game
from tests.tui.plain_pty import SCREEN_ESCAPES, PlainProcess
from tests.tui.test_club import club_app
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.club import ClubScreen
from tui.screens.final import ClubFinalScreen

TURN = re.compile(r"(take or pass|take)\?$", re.MULTILINE)


async def test_a_plain_member_plays_a_round_and_hears_the_standings(tmp_path: Path) -> None:
    app = club_app()
    bots: list[MemberBot] = []
    async with app.run_test(size=SIZE) as ana:
        await wait_until(ana, lambda: isinstance(app.screen, ClubScreen) and app.club is not None)
        club = app.club.club  # type: ignore[union-attr]
        assert club is not None and club.port is not None
        bo = PlainProcess(
            ["--plain", "join", f"127.0.0.1:{club.port}", "--player", "Bo"],
            tmp_path,
            {"GAMENIGHT_BOT_DELAY": "0"},
        )
        try:
            await wait_until(ana, lambda: club.players() == ["Ana", "Bo"], 60)
            bots = [
                MemberBot("127.0.0.1", club.port, n, seed=i) for i, n in enumerate(["M1", "M2"])
            ]
            for bot in bots:
                await bot.open()
            await wait_until(ana, lambda: len(club.players()) == 4)
            await wait_until(
                ana, lambda: "s starts" in str(app.screen.query_one("#club-status").render())
            )
            await ana.press("s")
            await wait_until(ana, lambda: isinstance(app.screen, NoThanksScreen), 60)
            moves = 0
            while not ("Game over — " in bo.output and isinstance(app.screen, ClubFinalScreen)):
                turn = TURN.search(bo.output, bo.at)
                if turn is not None:
                    bo.at = turn.end()
                    bo.type("take")
                    moves += 1
                screen = app.screen
                if isinstance(screen, NoThanksScreen) and screen.my_move:
                    await ana.press("t")
                await ana.pause(0.02)
            assert moves >= 3
            bo.type("quit")
            await wait_until(
                ana,
                lambda: (
                    re.search(r"^(> )?\d=?\. Bo: [\d.]+ points, 1 game$", bo.output, re.MULTILINE)
                    is not None
                ),
                60,
            )
            assert not SCREEN_ESCAPES.search(bo.output)
        finally:
            bo.close()
            for bot in bots:
                await bot.close()


async def test_a_plain_organiser_runs_a_club_night(tmp_path: Path) -> None:
    """`gamenight --plain club nothanks`: Ana organises in lines. She hears the club, who has
    come (`members`), starts the round (`start`) once a member is there, plays her table by
    typed commands, is back at the club with the standings read out, reads the round's tables
    (`tables`), and `quit` closes the club for everyone."""
    port = free_port()
    args = ["--plain", "club", "nothanks", "--player", "Ana", "--port", str(port)]
    ana = PlainProcess(
        [*args, "--no-discovery", "--table-size", "3"],
        tmp_path,
        {"GAMENIGHT_BOT_DELAY": "0"},
    )
    bot = MemberBot("127.0.0.1", port, "M1", seed=1)

    async def expect(pattern: str) -> re.Match[str]:
        return await asyncio.to_thread(ana.expect, pattern, 60)

    try:
        await expect(r"^(> )?Ana's club$")
        await expect(r"^(> )?1\. Ana: 0\.00 points, 0 games$")
        await bot.open()
        await expect(r"^(> )?1=\. M1: 0\.00 points, 0 games$")  # the club tells her M1 came
        await expect(r"^(> )?start begins the next round\.$")
        ana.type("members")
        await expect(r"^(> )?M1: here$")
        ana.type("start")
        await expect(r"^(> )?Drawing the round's seats…$")
        typed = await asyncio.to_thread(play_game, ana, "nothanks")
        assert typed["take"] + typed["pass"] >= 3
        ana.type("quit")  # leaves the table: back at the club
        await expect(r"^(> )?You left the table\.$")
        await expect(r"^(> )?1=?\. \w+: [\d.]+ points, 1 game$")
        ana.type("tables")
        await expect(r"^(> )?Table 1 · No Thanks! · (Ana, M1|M1, Ana) \+ 1 bot · finished$")
        ana.type("watch 1")
        await expect(r"^(> )?Table 1 has finished\.$")
        ana.type("quit")  # the organiser leaving closes the club
        assert await asyncio.to_thread(ana.process.wait, 60) == 0
        assert not SCREEN_ESCAPES.search(ana.output), SCREEN_ESCAPES.search(ana.output)
    finally:
        ana.close()
        await bot.close()


def test_the_plain_menu_opens_a_club_night_after_asking_about_it(tmp_path: Path) -> None:
    """The menu's Host a club night: the game, the name, the rounds and the bots asked; alone
    and without bots the round cannot start, and `start` says why; `quit` closes the club and
    the menu is back."""
    process = PlainProcess(["--plain"], tmp_path)
    try:
        process.expect(r"^\d\. Host a club night \(several tables, standings\) \(c\)$")
        process.type("c")
        process.expect(r"^(> )?Game: .*Enter takes No Thanks!\.$")
        process.type("")
        process.expect(r"Your name: Enter takes")
        process.type("Ana")
        process.expect(r"^(> )?Rounds: 1, 2, .*Enter takes 3\.$")
        process.type("2")
        process.expect(r"^(> )?Bots: .*no bots\. Enter takes fill empty seats \(normal\)\.$")
        process.type("no")
        process.expect(r"^(> )?Round 1 of 2: No Thanks! · .* · no bots$")
        process.expect(r"^(> )?Cannot start: .+\.$")
        process.type("help")
        process.expect(r"^  start \(s\): start the next round")
        process.type("start")
        process.expect(r"^(> )?Cannot start: .+\.$")
        process.type("watch 1")
        process.expect(r"^(> )?No table is being played now\.$")
        process.type("quit")
        process.expect(r"^(> )?Gamenight — a terminal game table$")
        process.type("q")
        assert process.process.wait(30) == 0
        assert not SCREEN_ESCAPES.search(process.output)
    finally:
        process.close()
