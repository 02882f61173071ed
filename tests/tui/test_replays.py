"""Replays in the app (issue 16): the list, a game's own screen read-only, its keys, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from core import get_game, replay
from core.match import bot_record
from core.replay_views import RecordReplay, SeenReplay
from net import records
from tests.tui.pilots import SIZE, make_app, wait_until
from tui.programs.cli import main
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayFinalScreen, ReplayMixin
from tui.screens.replays import ReplaysScreen

SEATS = {
    "nothanks": ["Zoe", "Bot 2", "Bot 3"],
    "papayoo": ["Zoe", "Bot 2", "Bot 3", "Bot 4"],
}


def keep(game_id: str, options: dict | None = None, finished: float = 1.0) -> Path:
    """A finished game kept as a host keeps it: seat 0 a person, the others easy bots."""
    record = bot_record(game_id, ["easy"] * len(SEATS[game_id]), 5, options)
    seats = [
        {"name": name, "kind": "bot" if i else "human", "level": "easy" if i else None}
        for i, name in enumerate(SEATS[game_id])
    ]
    result = get_game(game_id).result(replay(record))
    path = records.records_dir() / f"{game_id}.json"
    path.write_text(json.dumps({**record, "seats": seats, "result": result, "finished": finished}))
    return path


def status(screen: object) -> str:
    return str(screen.query_one("#status").render())  # type: ignore[attr-defined]


async def open_replays(pilot: Pilot[None]) -> ReplaysScreen:
    await pilot.press("p")
    screen = pilot.app.screen
    assert isinstance(screen, ReplaysScreen)
    await wait_until(pilot, lambda: bool(screen.entries))
    return screen


async def test_open_step_jump_change_eyes_and_reach_the_final_table() -> None:
    old = keep("nothanks", finished=1.0)
    old.write_text(json.dumps({**json.loads(old.read_text()), "result": None}))  # an old record
    path = keep("papayoo", {"deals": 2}, finished=2.0)
    truth = RecordReplay(json.loads(path.read_text()))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        listing = await open_replays(pilot)
        assert [e.game for e in listing.entries] == ["Papayoo", "No Thanks!"]  # newest first
        assert "Bot 2 (easy)" in listing.entries[0].players
        assert all(entry.winner != "?" for entry in listing.entries)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, ReplayMixin)
        assert (screen.position, screen.eyes) == (0, 0)  # the person's seat
        assert not any(button.display for button in screen.query(Button))  # nothing to play
        await pilot.press("right", "right", "left")
        assert screen.position == 1
        assert screen.state["view"] == truth.view(1, 0)
        await pilot.press("pagedown")  # the second deal
        second = truth.segment_starts()[1]
        assert screen.position == second and screen.state["view"]["deal"] == 2
        await pilot.press("e")
        assert screen.eyes == 1 and screen.state["view"] == truth.view(second, 1)
        await pilot.press("e", "e", "e")  # seats 2, 3, then the spectator
        assert screen.eyes is None and screen.state["view"]["hand"] is None
        await pilot.press("pageup", "home")
        assert screen.position == 0 and screen.logged == len(truth.view(0, None)["log"])
        await pilot.press("end")
        assert isinstance(app.screen, ReplayFinalScreen)
        assert "Replay over" in str(app.screen.query_one("#verdict").render())
        await pilot.press("q")
        assert app.screen is screen and screen.position == truth.count - 1
        await pilot.press("q", "g")
        assert [e.game for e in listing._shown()] == ["No Thanks!"]


async def test_hint_for_the_seat_to_move_and_export_of_what_it_saw() -> None:
    path = keep("nothanks")
    truth = RecordReplay(json.loads(path.read_text()))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(path)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayMixin)
        mover = truth.mover(0)
        while screen.eyes != mover:
            await pilot.press("e")
        await pilot.press("h")
        await wait_until(pilot, lambda: status(screen).startswith("Hint:"))
        assert "Played:" in status(screen)
        await pilot.press("right", "h")
        assert status(screen).startswith("A hint is for a move of the seat watched")
        await pilot.press("x")
        exported = Path(status(screen).split(" to ", 1)[1])
        await pilot.press("q")
        app.open_replay(exported)
        await pilot.pause()
        seen = app.screen
        assert isinstance(seen, ReplayMixin) and isinstance(seen.replay.positions, SeenReplay)
        assert seen.eyes == mover and not seen.check_action("eyes", ())
        assert '"seed"' not in exported.read_text()


async def test_a_corrupt_or_foreign_file_is_said_and_nothing_changes(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "nothanks", "players": 3, "seed": 1, "actions": [[0, {"kind": 1}]]}')
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.open_replay(bad)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("bad.json is not a Gamenight record" in n.message for n in app._notifications)


@pytest.mark.parametrize("text", ["not json", "[1, 2]", '{"format": "gamenight-seen"}'])
def test_the_command_line_refuses_a_file_that_is_not_a_record(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "x.json"
    bad.write_text(text)
    assert main(["replay", str(bad)]) == 1
    assert "x.json is not a Gamenight record" in capsys.readouterr().err


def test_snapshot_of_a_replay(snap_compare) -> None:
    async def at_move_five(pilot: Pilot[None]) -> None:
        await open_replays(pilot)
        await pilot.press("enter", *["right"] * 5)

    keep("nothanks")
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=at_move_five)


class Posted:
    """The app as a table link sees it: screens asked for are merely noted."""

    def __init__(self) -> None:
        self.messages: list[object] = []

    def post_message(self, message: object) -> None:
        self.messages.append(message)


def test_a_lan_player_keeps_what_their_seat_saw() -> None:
    from net.session import Session
    from tui.table.link import TableLink

    truth = RecordReplay(bot_record("nothanks", ["easy"] * 3, 9))
    link = TableLink(Posted(), Session())  # type: ignore[arg-type]
    link._receive({"type": "welcome", "table_id": "f00d", "seat": 2})
    seats = [{"name": n, "kind": "human", "level": None, "away": False} for n in "ABC"]
    for position in range(truth.count):
        view = truth.view(position, 2)
        link._receive(
            {"type": "state", "version": position, "seat": 2, "seats": seats, "view": view}
        )
    (path,) = records.records_dir().glob("*f00d-seen.json")
    seen = SeenReplay(records.load(path))
    assert seen.views[-1] == truth.view(truth.count - 1, 2) and seen.eyes == [2]
