"""A plain-mode player at a LAN table beside a full-screen one (issue 37), in each of the four
games: Zoe hosts in the Textual app, Kim joins by address with `gamenight --plain join` on a
pty, they talk, and they play a whole game (with a bot at three-seat games), Zoe by keys
(tests/tui/seat_keys.py), Kim by the game's typed commands (tests/tui/plain_moves.py), while
Ben watches in plain lines. The host sees two people, seated alike: the plain client speaks the
same protocol as the app (it is the same table link). Games are kept short by their options
(one Papayoo deal; no Rummikub turn clock)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.tui.lan_pilots import log_lines, on_screen
from tests.tui.pilots import SIZE, wait_until
from tests.tui.plain_moves import TABLES, WHOLE_GAME, play_game
from tests.tui.plain_pty import SCREEN_ESCAPES, PlainProcess
from tests.tui.seat_keys import take_a_turn
from tui.app import GamenightApp
from tui.games import screen_class
from tui.screens.final import FinalScreen
from tui.screens.host_lobby import HostLobbyScreen
from tui.table.plans import HostPlan

RANKED = re.compile(r"^\d\. (.+?): (-?\d+) ")


def said(process: PlainProcess, pattern: str) -> bool:
    """Whether the plain player has been told `pattern` (from the reading position on)."""
    return re.search(pattern, process.output[process.at :], re.MULTILINE) is not None


@pytest.mark.parametrize("game_id", list(TABLES))
async def test_a_plain_player_and_a_tui_player_play_a_whole_game_together(
    tmp_path: Path, game_id: str
) -> None:
    players, options = TABLES[game_id]
    plan = HostPlan(game_id, player="Zoe", port=0, bind="127.0.0.1", discovery=False)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Zoe")
    async with app.run_test(size=SIZE) as zoe:
        await on_screen(zoe, HostLobbyScreen)
        lobby = app.screen
        assert app.table is not None and app.table.host is not None
        host = app.table.host
        host.set_players(players)
        host.set_options(options)
        kim = PlainProcess(
            ["--plain", "join", f"127.0.0.1:{host.port}", "--player", "Kim"],
            tmp_path,
            {"GAMENIGHT_BOT_DELAY": "0"},
        )
        ben = PlainProcess(
            ["--plain", "join", f"127.0.0.1:{host.port}", "--player", "Ben", "--spectate"],
            tmp_path / "ben",
        )
        try:
            await wait_until(zoe, lambda: said(kim, r"^2\. Kim \(you\)$"), 60)
            await wait_until(zoe, lambda: said(ben, r"\(you are watching\)$"), 60)
            kim.type("say hello from the plain mode")
            await wait_until(
                zoe, lambda: "Kim: hello from the plain mode" in log_lines(lobby, "#talk"), 60
            )
            seats = host.lobby.seats
            assert [seats[0].kind, seats[1].kind] == ["human", "human"]  # alike to the host

            if players == 3:
                await zoe.press("down", "down", "b")
            await wait_until(zoe, lambda: host.lobby.not_ready() is None)
            await wait_until(zoe, lambda: said(kim, r"^waiting for the host$"), 60)
            await zoe.press("s")
            await on_screen(zoe, screen_class(game_id))
            screen = app.screen
            kim_plays = asyncio.ensure_future(asyncio.to_thread(play_game, kim, game_id))
            async with asyncio.timeout(WHOLE_GAME):
                while not (kim_plays.done() and isinstance(app.screen, FinalScreen)):
                    if kim_plays.done() and kim_plays.exception() is not None:
                        break
                    if not await take_a_turn(zoe, screen):
                        await zoe.pause(0.02)
            typed = kim_plays.result()
            assert sum(typed.values()) >= 5, typed
            final = app.screen
            assert isinstance(final, FinalScreen)
            block = kim.last_block()
            result = final.state["view"]["result"]
            scores = dict(zip(["Zoe", "Kim", "bot"], result["scores"], strict=False))
            ranked = [RANKED.match(line) for line in block[1 : 1 + players]]
            assert all(ranked), block
            for row in ranked:
                assert row is not None
                name = {"You": "Kim"}.get(row[1], row[1])
                if name in ("Zoe", "Kim"):
                    assert scores[name] == int(row[2]), (block, result)
            assert not SCREEN_ESCAPES.search(kim.output), SCREEN_ESCAPES.search(kim.output)
            await wait_until(zoe, lambda: said(ben, r"^(> )?Game over — "), 60)
            assert re.search(r"^(?:> )?Kim \w+", ben.output, re.MULTILINE)  # Kim's moves told
            ben.type("look")
            await wait_until(zoe, lambda: said(ben, r"^(> )?The game is over\.$"))
            assert not SCREEN_ESCAPES.search(ben.output)
        finally:
            kim.close()
            ben.close()
