"""`gamenight host` and `gamenight join`: their help, the plans they hand to the app, and
`--resume` continuing a host's unfinished game from its journal."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from net.host import Host
from tests.tui.lan_pilots import on_screen
from tests.tui.pilots import SIZE, my_turn, wait_until
from tui.app import GamenightApp
from tui.games.nothanks.screen import NoThanksScreen
from tui.programs.cli import main
from tui.screens.menu import MenuScreen
from tui.table.plans import DEFAULT_PORT, HostPlan, JoinPlan, parse_address

HOST_OPTIONS = ("GAME", "--port", "--name", "--player", "--resume", "--mdns-interface")
JOIN_OPTIONS = ("HOST:PORT", "--player", "--spectate", "--mdns-interface")


@pytest.mark.parametrize(
    ("command", "options"),
    [("host", (*HOST_OPTIONS, "--no-discovery")), ("join", JOIN_OPTIONS)],
)
def test_each_subcommand_documents_every_option(
    command: str, options: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    for option in options:
        assert option in text.replace("{nothanks}", "GAME")
    with pytest.raises(SystemExit):
        main(["--help"])
    overview = capsys.readouterr().out
    assert "host" in overview and "join" in overview


def test_the_commands_open_the_app_with_what_was_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("tui.app.run_app", lambda **kwargs: seen.update(kwargs) or 0)
    monkeypatch.setattr("tui.programs.cli._nothing_to_resume", lambda **_: None)
    args = ["host", "--port", "5000", "--name", "Den", "--player", "Zoe", "--resume", "ab12"]
    args += ["--mdns-interface", "10.0.0.1", "--mdns-interface", "10.0.0.2", "--no-discovery"]
    assert main(args) == 0
    assert seen["host"] == HostPlan(
        player="Zoe",
        table_name="Den",
        port=5000,
        resume=True,
        resume_table="ab12",
        interfaces="10.0.0.1,10.0.0.2",
        discovery=False,
    )
    main(["host", "--resume"])
    assert seen["host"].resume and seen["host"].resume_table is None
    main(["join", "10.0.0.5:5000", "--spectate", "--player", "Kim"])
    assert seen["join"] == JoinPlan(player="Kim", address="10.0.0.5:5000", spectate=True)
    main(["club", "--player", "Ana"])  # issue 35: no game named is the default evening
    assert seen["host"].games == ("nothanks", "papayoo", "rummikub") and not seen["host"].resume
    assert seen["host"].player == "Ana"
    monkeypatch.setattr("tui.programs.cli._no_club_to_resume", lambda: None)
    main(["club", "--resume"])
    assert seen["host"].resume
    main(["club", "pasovec", "nothanks"])
    assert seen["host"].games == ("pasovec", "nothanks")
    main(["solo", "--resume"])
    assert seen["resume_solo"]
    seen.clear()
    main(["solo", "pasovec"])
    assert seen == {"solo": "pasovec"}
    main(["solo"])
    assert seen == {"solo": ""}


def test_solo_resume_takes_no_game(capsys: Any) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["solo", "papayoo", "--resume"])
    assert exited.value.code == 2
    assert "leave out the game" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["host", "--resume"], "no unfinished LAN game to resume"),
        (["solo", "--resume"], "no unfinished solo game to resume"),
        (["club", "--resume"], "no unfinished club night to resume"),
    ],
)
def test_nothing_to_resume_is_said_on_the_command_line(
    args: list[str], said: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: Any
) -> None:
    """Issue 7 item 15: an error and a non-zero exit, not a menu with a toast."""
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("tui.app.run_app", lambda **kwargs: pytest.fail("the app opened"))
    assert main(args) == 1
    assert said in capsys.readouterr().err


def test_addresses_typed_by_hand() -> None:
    assert parse_address(" 10.0.0.5:5000 ") == ("10.0.0.5", 5000)
    assert parse_address("den.local") == ("den.local", DEFAULT_PORT)
    for bad in ("", ":5000", "host:port", "host:70000"):
        with pytest.raises(ValueError):
            parse_address(bad)


async def test_resume_continues_the_newest_unfinished_game(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path))
    plan = HostPlan(player="Zoe", port=0, bind="127.0.0.1", discovery=False, resume=True)
    app = GamenightApp(bot_delay=0.0, host=plan)
    async with app.run_test(size=SIZE) as pilot:  # nothing to resume yet: said, not raised
        said = lambda: any("Cannot host" in str(n.message) for n in app._notifications)  # noqa: E731
        await wait_until(pilot, said)
        assert isinstance(app.screen, MenuScreen) and app.table is None

    crashed = Host("nothanks", name="Zoe", players=3)
    await crashed.serve("127.0.0.1", 0)
    crashed.set_bot(1, "easy")
    crashed.set_bot(2, "easy")
    table = crashed.start()
    async with asyncio.timeout(5):
        while table.game.to_act(table.state) != [0]:
            await asyncio.sleep(0.01)
    version = table.version
    await crashed.close()  # the journal stays: the game is not over

    app = GamenightApp(bot_delay=0.0, host=plan)
    async with app.run_test(size=SIZE) as pilot:
        await on_screen(pilot, NoThanksScreen)
        game = app.screen
        assert isinstance(game, NoThanksScreen)
        await wait_until(pilot, lambda: game.state is not None and my_turn(game))
        assert game.state is not None and game.state["version"] == version
        await pilot.press("t")
        await wait_until(pilot, lambda: game.state is not None and game.state["version"] > version)
