"""Issue 26, in the TUI: the host opens a club, a friend joins it from their own terminal, the
host starts a round, the two land at different tables by themselves, play their games by keys,
and each reads the standings back at the club."""

from __future__ import annotations

from textual.pilot import Pilot

from net.club.member_bot import MemberBot
from tests.net.conftest import wait_for
from tests.tui.lan_pilots import join_app, on_screen
from tests.tui.pilots import SIZE, wait_until
from tui.app import GamenightApp
from tui.games.nothanks.screen import NoThanksScreen
from tui.screens.club import ClubScreen
from tui.screens.final import ClubFinalScreen
from tui.screens.join import JoinScreen
from tui.table.plans import ClubHostPlan

APART = 0  # the seed whose first draw seats Ana and Bo at different tables (see the test)


def club_app(games: tuple[str, ...] = ("nothanks",)) -> GamenightApp:
    plan = ClubHostPlan(
        games=games,
        player="Ana",
        table_size=3,
        seed=APART,
        port=0,
        bind="127.0.0.1",
        discovery=False,
    )
    return GamenightApp(bot_delay=0.0, host=plan, player="Ana")


def standings_text(app: GamenightApp) -> str:
    return str(app.screen.query_one("#club-standings").render())


async def play_to_the_end(pilots: list[Pilot[None]]) -> None:
    """Each person takes every card offered when it is their turn, until their game ends."""

    def ended(pilot: Pilot[None]) -> bool:
        return isinstance(pilot.app.screen, ClubFinalScreen)

    def moving(pilot: Pilot[None]) -> bool:
        screen = pilot.app.screen
        return isinstance(screen, NoThanksScreen) and screen.my_move

    while not all(ended(p) for p in pilots):
        await wait_until(
            pilots[0], lambda: any(moving(p) for p in pilots) or all(ended(p) for p in pilots)
        )
        for pilot in pilots:
            if moving(pilot):
                await pilot.press("t")


async def test_two_friends_land_at_their_own_tables_and_read_the_standings() -> None:
    host, guest = club_app(), join_app("Bo")
    bots: list[MemberBot] = []
    async with host.run_test(size=SIZE) as ana, guest.run_test(size=SIZE) as bo:
        await on_screen(ana, ClubScreen)
        club = host.club
        assert club is not None and club.club is not None and club.club.port is not None
        port = club.club.port
        await on_screen(bo, JoinScreen)
        await bo.press(*f"127.0.0.1:{port}", "enter")
        await on_screen(bo, ClubScreen)
        await wait_until(ana, lambda: club.club.players() == ["Ana", "Bo"])  # type: ignore[union-attr]
        bots = [MemberBot("127.0.0.1", port, name, seed=i) for i, name in enumerate(["M1", "M2"])]
        for bot in bots:
            await bot.open()
        await wait_until(ana, lambda: len(club.club.players()) == 4)  # type: ignore[union-attr]
        await wait_until(
            ana, lambda: "s starts" in str(host.screen.query_one("#club-status").render())
        )
        await ana.press("s")
        await on_screen(ana, NoThanksScreen)
        await on_screen(bo, NoThanksScreen)
        assert host.table is not None and guest.table is not None
        ports = {host.table.session.port, guest.table.session.port}  # type: ignore[attr-defined]
        assert len(ports) == 2  # two tables: each friend at their own
        await play_to_the_end([ana, bo])
        for pilot in (ana, bo):
            await on_screen(pilot, ClubFinalScreen)  # past its first moment, when m is taken
            await pilot.press("m")
            await on_screen(pilot, ClubScreen)
        await wait_until(ana, lambda: host.club.state["phase"] == "over")  # type: ignore[union-attr]
        await wait_until(bo, lambda: guest.club is not None and guest.club.state["phase"] == "over")  # type: ignore[union-attr]
        for app in (host, guest):
            await wait_until(ana, lambda app=app: "1 game" in standings_text(app))
            state = app.club.state  # type: ignore[union-attr]
            assert sorted(row["player"] for row in state["standings"]) == ["Ana", "Bo", "M1", "M2"]
            assert all(row["games"] == 1 for row in state["standings"])
            for name in ("Ana", "Bo", "M1", "M2"):
                assert name in standings_text(app)
        await wait_until(bo, lambda: len(guest.club.own_games) == 1)  # type: ignore[union-attr]
        # The evening is over (item 8): the footer drawn again without the round's key.
        await wait_until(ana, lambda: "start_round" not in footer_actions(host))
    for bot in bots:
        await bot.close()
    kept_here_too()


def footer_actions(app: GamenightApp) -> list[str]:
    from textual.widgets._footer import FooterKey

    from tui.widgets.footer import FittingFooter

    return [key.action for key in app.screen.query_one(FittingFooter).query(FooterKey)]


def kept_here_too() -> None:
    """Issue 35, item 11 (the two apps share one data folder here): each game is one line of
    the replays, its whole record opening on the seat played; Bo's machine keeps the evening
    too, the standings as the club sent them and his own game."""
    from net.club.record import kept_clubs
    from tui.table.club_records import MEMBER, club_game_replay
    from tui.table.replays import kept_games

    games = kept_games()
    assert len(games) == 2  # two tables; four files (each table's whole record, each seat's)
    assert all(game.every_seat and game.own is not None for game in games)
    nights = [data for _, data in kept_clubs()]
    (member,) = [data for data in nights if data.get("kept_by") == MEMBER]
    (host,) = [data for data in nights if data.get("kept_by") != MEMBER]
    assert member["standings"] == host["standings"] and member["over"]
    assert [sorted(game["names"]) for game in member["games"]] == [
        sorted(game["names"]) for game in host["games"] if "Bo" in game["names"]
    ]
    replay = club_game_replay(member["games"][0])  # his seat's eyes only: a seen record
    assert [replay.seats[seat]["name"] for seat in replay.positions.eyes] == ["Bo"]


def test_the_join_list_tells_a_club_from_a_table() -> None:
    from net.discovery import FoundTable
    from tui.screens.join import table_line

    info = {"table": "Ana's club", "game": "papayoo", "taken": 9, "seats": 9, "phase": "playing"}
    club = FoundTable("s", "10.0.0.5", 47475, {**info, "kind": "club"})
    line = table_line(club).plain
    assert line == (
        "Ana's club · club night (Papayoo next) · 9 members · rounds under way (join) · "
        "10.0.0.5:47475"
    )
    assert "9/9 seats" in table_line(FoundTable("s", "10.0.0.5", 1, info)).plain


async def kept_club_night() -> str:
    """A club night of four bot members, two rounds, played over the wire: its record kept."""
    from net.club.club import Club
    from net.club.plan import ClubPlan

    club = Club(
        ClubPlan(("nothanks", "pasovec"), table_size=2, seed=3),
        name=None,
        bind="127.0.0.1",
        joins=None,
    )
    await club.serve()
    assert club.port is not None
    bots = [MemberBot("127.0.0.1", club.port, f"P{i}", seed=i) for i in range(4)]
    for bot in bots:
        await bot.open()
    for _ in range(2):
        await wait_for(lambda: len(club.players()) == 4 and club.not_ready() is None, 30)
        await club.start_round()
        await wait_for(lambda: not club.playing, 30)
    for bot in bots:
        await bot.close()
    await club.close()
    return club.table_name


async def test_a_kept_club_night_shows_its_standings_replays_its_games_and_exports_csv() -> None:
    from net.paths import data_dir
    from tui.screens.club_records import ClubRecordScreen, ClubRecordsScreen
    from tui.screens.replay import ReplayMixin
    from tui.screens.replays import ReplaysScreen

    name = await kept_club_night()
    app = GamenightApp(bot_delay=0.0, replays=True)
    async with app.run_test(size=SIZE) as pilot:
        await on_screen(pilot, ReplaysScreen)
        await pilot.press("c")
        await on_screen(pilot, ClubRecordsScreen)
        await wait_until(pilot, lambda: app.screen.entries)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await on_screen(pilot, ClubRecordScreen)
        standings = str(app.screen.query_one("#club-standings").render())
        assert all(f"P{i}" in standings for i in range(4)) and "2 games" in standings
        assert app.screen.query_one("#club-games").option_count == 4  # type: ignore[attr-defined]
        await pilot.press("e")
        exports = list((data_dir() / "exports").glob("*-standings.csv"))
        assert len(exports) == 1
        rows = exports[0].read_text().splitlines()
        assert rows[0] == "rank,player,points,games,tie_break" and len(rows) == 5
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayMixin))
    assert name == "Gamenight's club"


async def test_the_host_resumes_a_club_night_with_gamenight_club_resume() -> None:
    """`gamenight club --resume`: the newest club a crash cut off, its host person back as its
    first member, the round being played and its table where they stood."""
    from net.club.club import Club
    from net.club.plan import ClubPlan

    club = Club(
        ClubPlan(("nothanks", "papayoo"), table_size=3, seed=1),
        name="Ana",
        bind="127.0.0.1",
        joins=None,
    )
    await club.serve()
    assert club.port is not None
    bots = [MemberBot("127.0.0.1", club.port, f"R{i}") for i in range(2)]
    for bot in bots:
        await bot.open()
        bot.hold = True  # the round stays where it is
    await wait_for(lambda: len(club.players()) == 3, 30)
    (table,) = await club.start_round()
    table_id = table.draw.table_id
    for bot in bots:
        await bot.close()
    await club.close()  # as good as a crash: the journals stay
    plan = ClubHostPlan(player="Ana", resume=True, port=0, bind="127.0.0.1", discovery=False)
    app = GamenightApp(bot_delay=0.0, host=plan, player="Ana")
    async with app.run_test(size=SIZE) as pilot:
        await on_screen(pilot, NoThanksScreen)  # her table, mounted before the test ends
        resumed = app.club.club  # type: ignore[union-attr]
        assert resumed is not None and resumed.table_id == club.table_id
        assert [t.draw.table_id for t in resumed.tables] == [table_id]
        assert resumed.local is not None and resumed.local.seat == 0


async def test_quitting_the_program_keeps_a_members_place_in_the_club() -> None:
    """Quitting (or a closed browser at a door) is not leaving the evening: the member is away
    and comes back with their token; only the club screen's q, confirmed, leaves it."""
    from net.club.club import Club
    from net.club.plan import ClubPlan

    club = Club(ClubPlan(("nothanks",)), name=None, bind="127.0.0.1", joins=None)
    port = await club.serve()
    try:
        guest = join_app("Bo", address=f"127.0.0.1:{port}")
        async with guest.run_test(size=SIZE) as bo:
            await on_screen(bo, ClubScreen)
            await wait_until(bo, lambda: club.players() == ["Bo"])
        await wait_for(lambda: club.players() == [])  # gone from the room
        assert not club.lobby.named("Bo").left  # still a member, drawn again once back
    finally:
        await club.close()
