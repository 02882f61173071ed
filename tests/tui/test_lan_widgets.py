"""The small pieces of LAN play: the turn clock's countdown, and other people's text made safe."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tests.tui.pilots import wait_until
from tui.base.names import plain
from tui.widgets.clock import Countdown
from tui.widgets.following_log import WrappingLog
from tui.widgets.talk import talk_line


class ClockApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Countdown()


async def test_the_countdown_shows_a_clock_only_when_the_state_has_one() -> None:
    app = ClockApp()
    async with app.run_test() as pilot:
        clock = app.query_one(Countdown)
        await pilot.pause()
        assert not clock.display
        clock.show({"seats": [1], "seconds": 60, "seconds_left": 42.4}, 1)
        assert clock.display and str(clock.render()) == "⏱ you: 42 s"
        clock.show({"seats": [0], "seconds": 60, "seconds_left": 0.7}, 1)
        # It counts down from receipt, and never below 0.
        await wait_until(pilot, lambda: str(clock.render()) == "⏱ 0 s")
        clock.show(None, 1)
        assert not clock.display


def test_text_from_the_network_loses_control_characters_and_line_breaks() -> None:
    assert plain("A\x1b[31mnn\nB\u202eob\x07") == "A[31mnn Bob"
    chat = {"type": "chat", "seat": None, "name": "[b]Eve", "text": "hi\x1b[2J"}
    assert talk_line(chat) == "[b]Eve (watching): hi[2J"
    assert talk_line({"type": "notice", "text": "Ann dropped"}) == "· Ann dropped"


class TalkApp(App[None]):
    CSS = "WrappingLog { width: 40; height: 10; border: round white; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        yield WrappingLog()


async def test_a_long_chat_line_wraps_to_the_log_instead_of_running_off_its_edge() -> None:
    app = TalkApp()
    async with app.run_test(size=(60, 12)) as pilot:
        log = app.query_one(WrappingLog)
        await wait_until(pilot, lambda: log.content_region.width > 0)
        said = "Zoe: " + " ".join(["fine"] * 20)  # 104 cells: 4 lines of at most 34
        log.write_line(said)
        assert log.line_width == 36 - log.styles.scrollbar_size_vertical
        assert len(log.lines) == 4 and all(len(line) <= log.line_width for line in log.lines)
        assert log.lines[1].startswith("  fine") and " ".join(log.lines).split() == said.split()
