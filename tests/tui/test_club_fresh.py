"""Issue 35, item 2: the club screen always shows the evening as it is. Two apps in one test
(the host Ana and the member Bo) leave their running tables for the club screen while the
evening went on without them (a late member came), and a member who left the club comes
back mid-round: each reads the evening as it stands and Enter does what the screen says."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from textual.pilot import Pilot

from net.club.club import Club
from net.club.member_bot import MemberBot
from tests.tui.lan_pilots import confirm, join_app, on_screen, text_of
from tests.tui.pilots import SIZE, wait_until
from tests.tui.test_club import club_app, footer_actions
from tui.app import GamenightApp
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.club import ClubScreen
from tui.screens.join import JoinScreen
from tui.screens.menu import MenuScreen
from tui.table.plans import JoinPlan


@dataclass
class Evening:
    """The two apps at their tables of round 1, the club, and its bot members."""

    ana: Pilot[None]
    bo: Pilot[None]
    host: GamenightApp
    guest: GamenightApp
    club: Club
    port: int
    bots: list[MemberBot]


def at_table(club: Club, name: str) -> bool:
    """Whether `name` is connected at their table of the round now."""
    for table in club.tables:
        seat = table.seat_of(name)
        if seat is not None and not table.over:
            return table.host.roster.connected(seat)
    return False


@asynccontextmanager
async def round_one() -> AsyncIterator[Evening]:
    """Ana hosts two rounds of No Thanks!, Bo joins, two bot members make four; round 1 is
    started and both people sit at their tables (the bots hold: nobody's game ends)."""
    host, guest = club_app(games=("nothanks", "nothanks")), join_app("Bo")
    bots: list[MemberBot] = []
    async with host.run_test(size=SIZE) as ana, guest.run_test(size=SIZE) as bo:
        await on_screen(ana, ClubScreen)
        assert host.club is not None and host.club.club is not None
        club = host.club.club
        assert club.port is not None
        await on_screen(bo, JoinScreen)
        await bo.press(*f"127.0.0.1:{club.port}", "enter")
        await on_screen(bo, ClubScreen)
        bots = [MemberBot("127.0.0.1", club.port, f"M{i}", seed=i) for i in range(2)]
        for bot in bots:
            bot.hold = True
            await bot.open()
        await wait_until(ana, lambda: len(club.players()) == 4 and club.not_ready() is None)
        await wait_until(ana, lambda: "s starts" in text_of(host.screen, "#club-status"))
        await ana.press("s")
        for pilot in (ana, bo):
            await on_screen(pilot, NoThanksScreen)
        await wait_until(ana, lambda: at_table(club, "Ana") and at_table(club, "Bo"))
        try:
            yield Evening(ana, bo, host, guest, club, club.port, bots)
        finally:
            for bot in bots:
                await bot.close()


async def late_member(evening: Evening, name: str = "Cy") -> MemberBot:
    """A member who comes while the round plays (the club changes under the tables)."""
    bot = MemberBot("127.0.0.1", evening.port, name, seed=9)
    evening.bots.append(bot)
    await bot.open()
    await wait_until(evening.ana, lambda: name in evening.club.players())
    return bot


async def back_at_the_club(pilot: Pilot[None]) -> ClubScreen:
    """Leave the running table (q, yes): the club screen, the seat kept."""
    await confirm(pilot)
    await on_screen(pilot, ClubScreen)
    screen = pilot.app.screen
    assert isinstance(screen, ClubScreen)
    return screen


def standings(screen: ClubScreen) -> str:
    return str(screen.query_one("#club-standings").render())


def tables(screen: ClubScreen) -> list[str]:
    from textual.widgets import OptionList

    found = screen.query_one("#club-tables", OptionList)
    return [str(found.get_option_at_index(i).prompt) for i in range(found.option_count)]


async def reads_the_evening_as_it_is(pilot: Pilot[None], screen: ClubScreen) -> None:
    """The late member in the standings, round 1's two tables playing, and the way back."""
    await wait_until(pilot, lambda: "Cy" in standings(screen))
    status = text_of(screen, "#club-status")
    assert "Round 1 is being played: 2 of 2 tables still playing" in status
    assert "Enter takes you back to your table" in status
    assert len(tables(screen)) == 2 and all("playing" in line for line in tables(screen))


async def test_a_member_back_from_a_running_table_reads_the_evening_as_it_is() -> None:
    async with round_one() as evening:
        await late_member(evening)
        screen = await back_at_the_club(evening.bo)
        await reads_the_evening_as_it_is(evening.bo, screen)
        await wait_until(evening.bo, lambda: bool(footer_actions(evening.guest)))  # drawn
        assert "start_round" not in footer_actions(evening.guest)  # the host's key (item 8)
        await evening.bo.press("enter")
        await on_screen(evening.bo, NoThanksScreen)
        await wait_until(evening.bo, lambda: at_table(evening.club, "Bo"))


async def test_the_host_back_from_a_running_table_reads_the_evening_and_why_not_start() -> None:
    async with round_one() as evening:
        await late_member(evening)
        screen = await back_at_the_club(evening.ana)
        await reads_the_evening_as_it_is(evening.ana, screen)
        assert "Drawing" not in text_of(screen, "#club-status")
        await wait_until(evening.ana, lambda: "start_round" in footer_actions(evening.host))
        await evening.ana.press("s")
        assert "round 1 is still being played" in text_of(screen, "#club-status")
        await evening.ana.press("enter")
        await on_screen(evening.ana, NoThanksScreen)
        await wait_until(evening.ana, lambda: at_table(evening.club, "Ana"))


async def test_a_member_who_left_and_came_back_is_told_when_they_play_again() -> None:
    """Bo leaves the club mid-round (a bot takes his seat for good) and joins again with his
    name: he is a member again, offered no table the round refuses him, and told he plays
    from round 2; the late Cy is told the same of herself in her own words."""
    async with round_one() as evening:
        bo, club = evening.bo, evening.club
        await back_at_the_club(bo)
        await confirm(bo)  # leave the club for the evening
        await on_screen(bo, MenuScreen)
        await wait_until(bo, lambda: club.lobby.named("Bo").left)
        evening.guest.join_table(JoinPlan("Bo", f"127.0.0.1:{evening.port}", discovery=False))
        await on_screen(bo, ClubScreen)
        screen = bo.app.screen
        assert isinstance(screen, ClubScreen)
        await wait_until(bo, lambda: not club.lobby.named("Bo").left)
        await wait_until(bo, lambda: "out until round 2" in text_of(screen, "#club-status"))
        status = text_of(screen, "#club-status")
        assert "You left your table: a bot plays it" in status
        assert "Enter takes you back" not in status
        assert evening.guest.club is not None and evening.guest.club.my_table() is None
        await bo.press("enter")  # watches the highlighted table instead of a refused seat
        await on_screen(bo, NoThanksScreen)
        assert evening.guest.table is not None and evening.guest.table.session.seat is None
