"""A club night with a member in plain lines (issue 37): Ana hosts the club in the app, Bo
joins it with `gamenight --plain join`, is drawn to a table of the round, plays it by typed
commands, leaves it with `quit` and is back at the club, whose standings are read as lines."""

from __future__ import annotations

import re
from pathlib import Path

from net.club.member_bot import MemberBot
from tests.tui.pilots import SIZE, wait_until
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
