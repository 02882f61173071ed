"""Issue 35, a club crash survived in the TUI: `gamenight club --resume` of a club that was
still gathering opens the club screen with its members; a member at a club table whose club
came back on new ports rejoins (`j`) through the club, to the same seat; a member who left and
came back is sent to no table that would refuse them."""

from __future__ import annotations

import signal

from net.club.club import Club
from net.club.member_bot import MemberBot
from net.club.plan import ClubPlan
from tests.net.conftest import start_process, wait_for
from tests.net.test_club_faults import stop
from tests.tui.lan_pilots import confirm, join_app, on_screen
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.club import ClubScreen
from tui.table.club_link import ClubTableLink
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


async def test_j_at_a_club_table_after_a_club_kill_rejoins_through_the_club() -> None:
    """A real headless club, killed with -9 mid-round and resumed on its port: the tables come
    back on new ports; `j` at Bo's table takes him back through the club, to the same seat
    (the old port is never the way back), and the other member comes back by itself."""
    settings = ["--games", "nothanks", "--table-size", "3", "--start-with", "2"]
    settings += ["--away-bot", "600"]
    process, started = start_process("net.club.cli", *settings)
    port = int(started["port"])
    other = MemberBot("127.0.0.1", port, "Mo")
    resumed = None
    guest = join_app("Bo", address=f"127.0.0.1:{port}")
    try:
        async with guest.run_test(size=SIZE) as bo:
            await on_screen(bo, ClubScreen)
            other.hold = True
            await other.open()
            await on_screen(bo, NoThanksScreen)
            old = guest.table
            assert isinstance(old, ClubTableLink) and old.state is not None
            seat, old_port = old.session.seat, old.session.port  # type: ignore[attr-defined]
            process.send_signal(signal.SIGKILL)
            process.wait()
            await wait_until(bo, lambda: old.dropped is not None)
            resumed, _ = start_process("net.club.cli", "--resume", started["journal"],
                                       "--port", str(port), *settings)  # fmt: skip
            await bo.press("j")
            await wait_until(bo, lambda: guest.table not in (None, old) and guest.table.state)
            back = guest.table
            assert isinstance(back, ClubTableLink) and back.session.seat == seat
            assert back.session.port != old_port  # type: ignore[attr-defined]
            assert back.session.port == guest.club.seat["port"]  # type: ignore[attr-defined,union-attr]
            await on_screen(bo, NoThanksScreen)
            assert bo.app.screen.table is back  # type: ignore[attr-defined]
            await wait_for(lambda: other.comebacks == 1 and other.table is not None, 30)
    finally:
        await other.close()
        stop(process, resumed)


async def test_a_member_who_left_and_came_back_is_told_they_play_from_the_next_round() -> None:
    """Bo leaves the club mid-round (his seat goes to a bot for good) and joins again with his
    name: the club screen says he plays from round 2, not "Enter takes you back", and Enter
    takes him to no table that would say "the host removed you"."""
    from tui.screens.menu import MenuScreen
    from tui.table.plans import JoinPlan

    club = Club(ClubPlan(("nothanks", "nothanks"), table_size=4, seed=3), name=None,
                bind="127.0.0.1", joins=None)  # fmt: skip
    port = await club.serve()
    bots = [MemberBot("127.0.0.1", port, f"H{i}", seed=i) for i in range(3)]
    guest = join_app("Bo", address=f"127.0.0.1:{port}")
    try:
        async with guest.run_test(size=SIZE) as bo:
            await on_screen(bo, ClubScreen)
            for bot in bots:
                bot.hold = True
                await bot.open()
            await wait_until(bo, lambda: len(club.players()) == 4)
            await club.start_round()
            await on_screen(bo, NoThanksScreen)
            await confirm(bo, "q")  # back to the club: the seat stays his
            await on_screen(bo, ClubScreen)
            await confirm(bo, "q")  # leave the club for the evening
            await on_screen(bo, MenuScreen)
            await wait_until(bo, lambda: club.lobby.named("Bo").left)  # type: ignore[union-attr]
            guest.join_table(JoinPlan(player="Bo", address=f"127.0.0.1:{port}", discovery=False))
            await on_screen(bo, ClubScreen)
            await wait_until(bo, lambda: not club.lobby.named("Bo").left)  # type: ignore[union-attr]
            status = bo.app.screen.query_one("#club-status")
            await wait_until(bo, lambda: "out until round 2" in str(status.render()))
            assert guest.club is not None and guest.club.my_table() is None
            assert "removed you" not in str(status.render())
            await bo.press("enter")  # he watches his old table (a bot plays his seat there)
            await on_screen(bo, NoThanksScreen)
            assert guest.table is not None and guest.table.session.seat is None
    finally:
        for bot in bots:
            await bot.close()
        await club.close()
