"""The end of a round is a moment (issue 25): the table pauses on the round's summary.

A solo table waits for its player (net/pause.py): the bots do not pass or roll under the panel,
and Enter goes on. The panel's content is each game's own (`round_summary`).
"""

from __future__ import annotations

from rich.console import Console
from textual.pilot import Pilot

from tests.tui.pasovec_pilots import bots_record, open_late, our_move_in_round_two, phase_of
from tests.tui.pilots import SEED, SIZE, make_app, settled, wait_until
from tests.tui.test_papayoo import late_actions, resume_at, resumed
from tui.games.pasovec.screen import PasovecScreen
from tui.screens.round_summary import RoundSummary
from tui.widgets.following_log import FollowingLog


def panel_text(pilot: Pilot[None]) -> str:
    """The panel's title, body (as a terminal prints it) and waiting line."""
    panel = pilot.app.screen
    assert isinstance(panel, RoundSummary)
    console = Console(width=80, record=True)
    console.print(panel.title_text, panel.body, str(panel.query_one("#round-wait").render()))
    return console.export_text()


async def deal_one_ends(pilot: Pilot[None]) -> RoundSummary:
    """Our last card of deal 1 of 2, played by Enter: the table pauses on deal 1's summary."""
    screen = await resumed(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, RoundSummary))
    await wait_until(pilot, lambda: screen.state["view"]["deal"] == 2)
    log = screen.query_one(FollowingLog)  # under the panel, scrolled to the deal's end
    await wait_until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
    panel = pilot.app.screen
    assert isinstance(panel, RoundSummary)
    await wait_until(pilot, lambda: panel.takes_keys)
    await wait_until(pilot, lambda: log.scroll_y == log.max_scroll_y and log.following)
    await settled(pilot)  # the log under the panel laid out whole, at rest
    await wait_until(pilot, lambda: log.scroll_y == log.max_scroll_y and log.following)
    return panel


async def test_a_solo_deal_ends_on_its_summary_and_the_bots_wait_for_enter() -> None:
    """PY-7: deal 1's points and the totals, fewest first; nobody passes under the panel."""
    app = resume_at(late_actions(1, deals=2, deal=1), deals=2)
    async with app.run_test(size=SIZE) as pilot:
        await deal_one_ends(pilot)
        game = app.screen_stack[-2]
        view = game.state["view"]
        end = [e for e in view["log"] if e["type"] == "deal_end"][-1]
        shown = panel_text(pilot)
        assert "Deal 1 of 2 is over" in shown and "Esc: ready for the next round" in shown
        assert sum(end["points"]) == 250  # PY-6: every deal hands out 250 points
        assert game.state["pause"]["waiting"] == [0]
        assert view["passed_seats"] == []  # the bots wait while the table pauses
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is game)
        await wait_until(pilot, lambda: len(game.state["view"]["passed_seats"]) == 3)
        assert game.state["pause"] is None


def test_snapshot_of_a_deal_summary(snap_compare) -> None:
    app = resume_at(late_actions(1, deals=2, deal=1), deals=2)
    assert snap_compare(app, terminal_size=SIZE, run_before=deal_one_ends)


async def pasovec_round_one_summary(pilot: Pilot[None]) -> None:
    """PA-12/PA-14: round 1's penalties and the totals, drawn by the Pásovec screen (a table
    resumed in round 2, the summary opened over it)."""
    screen = await open_late(pilot, bots_record(4, SEED, our_move_in_round_two))
    await wait_until(pilot, lambda: phase_of(screen) is not None)
    assert isinstance(screen, PasovecScreen) and screen.state is not None
    summary = PasovecScreen.round_summary(screen.state)
    pause = {"waiting": [0], "seconds_left": None}
    pilot.app.push_screen(RoundSummary(summary, lambda: None, pause, 0, ["You"]))
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, RoundSummary))
    await pilot.pause()


async def test_the_pasovec_summary_tells_the_round_and_who_leads() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        await pasovec_round_one_summary(pilot)
        shown = panel_text(pilot)
        assert "Round 1 of 3 is over" in shown
        assert ("leads with" in shown) or ("lead with" in shown)


def test_snapshot_of_a_pasovec_round_summary(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=SIZE, run_before=pasovec_round_one_summary)


def test_the_waiting_line_counts_the_lan_pause_down() -> None:
    """'at most N s more' counts from when the pause was heard, not only at each message."""
    pause = {"waiting": [1], "seconds_left": 30.0}
    panel = RoundSummary(("Deal 1 of 4 is over", ""), lambda: None, pause, 0, ["You", "Kim"])
    assert panel.wait_text().startswith("Waiting for Kim (at most 30 s more)")
    panel.heard -= 10.4  # as if heard ten seconds ago
    left = int(panel.wait_text().split("at most ")[1].split(" s")[0])
    assert left in (19, 20)


def test_the_last_one_waited_for_sees_the_countdown_too() -> None:
    """Issue 34 item 11: with only this player left to be ready, the panel still says how long
    the LAN table waits at most; a solo table (no timeout) says no number."""
    pause = {"waiting": [0], "seconds_left": 30.0}
    panel = RoundSummary(("Deal 1 of 4 is over", ""), lambda: None, pause, 0, ["You", "Kim"])
    assert panel.wait_text() == (
        "Enter, space or Esc: ready for the next round (the table goes on in at most 30 s)."
    )
    panel.show_waiting({"waiting": [0, 1], "seconds_left": 12.2}, 0, ["You", "Kim"])
    assert panel.wait_text().endswith("(the table goes on in at most 12 s).")
    panel.show_waiting({"waiting": [0], "seconds_left": None}, 0, ["You", "Kim"])
    assert panel.wait_text() == "Enter, space or Esc: ready for the next round."
