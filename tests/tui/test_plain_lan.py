"""A plain-mode player at a LAN table beside a full-screen one (issue 37): Zoe hosts in the
Textual app, Kim joins by address with `gamenight --plain join` on a pty, they talk, and they
play a whole No Thanks! game with a bot, each in their own way, while Ben watches in plain
lines. The host sees two people, seated alike: the plain client speaks the same protocol as the
app (it is the same table link)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.tui.lan_pilots import host_app, host_lobby, log_lines, on_screen
from tests.tui.pilots import SIZE, my_turn, quick_key, wait_until
from tests.tui.plain_pty import SCREEN_ESCAPES, PlainProcess
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.final import FinalScreen

KIM_TURN = re.compile(r"take or pass\?$|take\?$", re.MULTILINE)


def said(process: PlainProcess, pattern: str) -> bool:
    """Whether the plain player has been told `pattern` (from the reading position on)."""
    return re.search(pattern, process.output[process.at :], re.MULTILINE) is not None


async def test_a_plain_player_and_a_tui_player_play_a_whole_game_together(tmp_path: Path) -> None:
    app = host_app()
    async with app.run_test(size=SIZE) as zoe:
        lobby = await host_lobby(zoe)
        assert app.table is not None and app.table.host is not None
        host = app.table.host
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

            await zoe.press("down", "down", "b")
            await wait_until(zoe, lambda: host.lobby.not_ready() is None)
            await wait_until(zoe, lambda: said(kim, r"^waiting for the host$"), 60)
            await zoe.press("s")
            await on_screen(zoe, NoThanksScreen)
            screen = app.screen
            assert isinstance(screen, NoThanksScreen)

            def over() -> bool:
                return isinstance(app.screen, FinalScreen) and said(kim, r"^(> )?Game over — ")

            kim_moves = 0
            while not over():
                turn = KIM_TURN.search(kim.output, kim.at)
                if turn is not None:
                    kim.at = turn.end()
                    kim.type("take" if turn[0] == "take?" or kim_moves % 3 == 2 else "pass")
                    kim_moves += 1
                elif my_turn(screen) and screen.state is not None and not screen.finished:
                    await zoe.press(quick_key(screen.state))
                await zoe.pause(0.02)
            final = app.screen
            assert isinstance(final, FinalScreen)
            kim.expect(r"^(> )?Game over — .*$")
            assert kim_moves >= 5
            names = {"You": "Kim", "Zoe": "Zoe"}
            ranked = [kim.expect(r"^(?:> )?\d\. (\w+): (-?\d+) points?$") for _ in range(3)]
            result = final.state["view"]["result"]
            scores = dict(zip(["Zoe", "Kim", "bot"], result["scores"], strict=True))
            for row in ranked:
                if row[1] in names:
                    assert scores[names[row[1]]] == int(row[2])
            assert not SCREEN_ESCAPES.search(kim.output)
            await wait_until(zoe, lambda: said(ben, r"^(> )?Game over — "), 60)
            assert said(ben, r"^Kim took \d+ with ") or "Kim took" in ben.output
            ben.type("look")
            await wait_until(zoe, lambda: said(ben, r"^(> )?The game is over\.$"))
        finally:
            kim.close()
            ben.close()
