"""Issue 35, a club crash survived in the TUI: `gamenight club --resume` of a club that was
still gathering opens the club screen with its members; a member at a club table whose club
came back on new ports rejoins (`j`) through the club, to the same seat; a member who left and
came back is sent to no table that would refuse them."""

from __future__ import annotations

from net.club.club import Club
from net.club.member_bot import MemberBot
from net.club.plan import ClubPlan
from tests.net.conftest import wait_for
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.screens.club import ClubScreen
from tui.table.plans import ClubHostPlan


async def crash(club: Club) -> None:
    """End the club as a crash would: its journal stays as it was last written."""
    if club.journal is not None:
        club.journal.close()
        club.journal = None
    await club.close()


def resumed_app() -> GamenightApp:
    plan = ClubHostPlan(player="Ana", resume=True, port=0, bind="127.0.0.1", discovery=False)
    return GamenightApp(bot_delay=0.0, host=plan, player="Ana")


async def test_a_club_that_crashed_while_gathering_resumes_to_its_screen() -> None:
    club = Club(ClubPlan(("nothanks", "papayoo"), seed=2), name="Ana", bind="127.0.0.1", joins=None)
    await club.serve()
    assert club.port is not None
    bot = MemberBot("127.0.0.1", club.port, "Bo")
    await bot.open()
    await wait_for(lambda: club.players() == ["Ana", "Bo"])
    headless = Club(ClubPlan(("papayoo",)), name=None, bind="127.0.0.1", joins=None)
    await headless.serve()  # a headless club's journal, newer: no host person to take back
    await crash(club)
    await bot.close()
    await crash(headless)
    app = resumed_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ClubScreen))
        assert app.club is not None and app.club.club is not None
        assert app.club.club.table_id == club.table_id
        state = app.club.state
        assert state is not None and state["phase"] == "gathering"
        assert [m["name"] for m in state["members"]] == ["Ana", "Bo"]
        assert state["plan"]["games"] == ["nothanks", "papayoo"]


async def test_a_club_closed_while_gathering_leaves_nothing_to_resume() -> None:
    from net.club.journal import unfinished_clubs

    club = Club(ClubPlan(("nothanks",)), name="Ana", bind="127.0.0.1", joins=None)
    await club.serve()
    assert unfinished_clubs()  # journaled from the start: a crash now would be survived
    await club.close()
    assert unfinished_clubs() == []
