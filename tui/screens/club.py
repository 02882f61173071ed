"""The club screen: the evening as it stands, between rounds and while they play.

Drawn from the club's `club` messages alone (net/club/club.py), so the host sees what every
member sees: the plan's line for the round, the round's tables (any running one may be
watched), and everyone in the standings with what they are doing now. When the host starts a
round, each person drawn is taken to their table by the app (the `club_seat` message); leaving
that table, or its final table, comes back here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core import get_game
from tui.base.game_names import game_name
from tui.base.i18n import N_, listing, t, words, words_n
from tui.base.messages import GoToMenu, SeatMessage
from tui.base.names import error_words, not_ready_words, plain
from tui.base.seats import level_name, name_list
from tui.base.table_names import table_title
from tui.screens.confirm import ConfirmScreen
from tui.table.club_link import ClubLink, SitAtClubTable
from tui.table.link import TakeSeat
from tui.widgets.footer import FittingFooter
from tui.widgets.options import seconds_text
from tui.widgets.standings import standings_text

if TYPE_CHECKING:
    from net.session import Message

PHASES = {
    "gathering": N_("Gathering before the first round"),
    "playing": N_("Round {round} is being played"),
    "between": N_("Round {round} is over"),
    "over": N_("The evening is over"),
}
DRAWS = {"mix": N_("mixed seats"), "swiss": N_("Swiss"), "fixed": N_("fixed seats")}


def table_line(table: Message, state: Message) -> str:
    """'Table 2 · Papayoo · Ana, Bo, Cy + 1 bot · playing', in reading order."""
    people = listing(table["people"])
    bots = table["bots"]
    people += words_n(" + {count} bot", " + {count} bots", bots) if bots else ""
    title = game_name(str(table["game"]))
    status = words("finished") if table["over"] else words("playing")
    number = table["table"] + 1
    return words("Table {number} · {game} · {people} · {status}", number=number, game=title,
                 people=people, status=status)  # fmt: skip


def member_status(state: Message) -> dict[str, str]:
    """What each member is doing now, in a few words."""
    status = {}
    for member in state["members"]:
        if member["left"]:
            status[member["name"]] = t("left")
        elif member["table"] is not None:
            status[member["name"]] = t("table {number}", number=member["table"] + 1)
        elif not member["connected"]:
            status[member["name"]] = t("away")
        else:
            status[member["name"]] = t("here")
    return status


def phase_line(state: Message) -> str:
    """Where the evening stands, in reading order."""
    number = (state["round"] or 0) + 1
    rounds = len(state["plan"]["games"])
    phase = words(PHASES[state["phase"]], round=number)
    playing = sum(not table["over"] for table in state["tables"])
    if state["phase"] == "playing":
        tables = len(state["tables"])
        phase += words(": {playing} of {tables} tables still playing", playing=playing,
                       tables=tables)  # fmt: skip
    elif state["phase"] != "over":
        left = rounds - (state["round"] + 1 if state["round"] is not None else 0)
        phase += words(" ({left} to go)", left=left)
    return phase


def round_size(plan: Message, game_id: str) -> int:
    """The tables' size in a round of `game_id`: the plan's, brought within the game's limits
    (as net/club/plan.py's `rule`: a plan of tables of 6 plays Rummikub at 4)."""
    game = get_game(game_id)
    size = plan["table_size"] or game.max_players
    return int(max(game.min_players, min(game.max_players, size)))


def clock_words(plan: Message, game_id: str) -> str | None:
    """'turn clock 60 s' for a game that has one (the plan's, else the game's own), else None."""
    options = get_game(game_id).options
    if "turn_seconds" not in options:
        return None
    seconds = plan.get("turn_seconds") or options["turn_seconds"]
    return words("turn clock {seconds}", seconds=seconds_text(seconds))


def plan_line(state: Message) -> str:
    """The next (or current) round's game and the evening's settings, in one line."""
    plan = state["plan"]
    games = plan["games"]
    index = min(shown_round(state), len(games) - 1)
    game_id = games[index]
    draw = words(DRAWS[plan["draw"]])
    level = plan["bot_level"]
    bots = (
        words("bots ({level}) fill seats", level=level_name(level))
        if plan["bots"]
        else words("no bots")
    )
    line = words(
        "Round {number} of {rounds}: {game} · tables of {size} · {draw} · {bots}",
        number=index + 1,
        rounds=len(games),
        game=game_name(game_id),
        size=round_size(plan, game_id),
        draw=draw,
        bots=bots,
    )
    clock = clock_words(plan, game_id)
    return words("{line} · {clock}", line=line, clock=clock) if clock else line


def shown_round(state: Message) -> int:
    """The round the plan line is about (from 0): the one being played, else the next."""
    if state["round"] is None:
        return 0
    return int(state["round"]) if state["phase"] == "playing" else int(state["round"]) + 1


def sizes_note(state: Message) -> str | None:
    """Why the round's tables are not all of the size asked, when people alone fill them
    (no bots): 'no bots: 13 people sit at tables of 5, 4 and 4', in reading order; None
    when they are."""
    tables, plan = state["tables"], state["plan"]
    if not tables or plan["bots"]:
        return None
    size = round_size(plan, str(tables[0]["game"]))
    seats = [len(table["people"]) + table["bots"] for table in tables]
    if all(count == size for count in seats):
        return None
    people = sum(len(table["people"]) for table in tables)
    return words_n(
        "no bots: {count} person sits at tables of {sizes}",
        "no bots: {count} people sit at tables of {sizes}",
        people,
        sizes=name_list([str(count) for count in seats]),
    )


def where_i_stand(state: Message, me: str) -> str | None:
    """What a member not at a table of the round being played is told: when they play again
    (a late arrival, someone away when it was drawn, back after leaving: their seat is a bot's
    until the round ends, or done at a table that has finished); None outside a round."""
    if state["phase"] != "playing":
        return None
    number = int(state["round"]) + 2
    if number > len(state["plan"]["games"]):
        return words("This is the evening's last round: you watch it.")
    mine = [table for table in state["tables"] if me in table["people"]]
    if mine and not mine[0]["over"]:
        return words(
            "You left your table: a bot plays it; you are out until round {number}.",
            number=number,
        )
    if mine:
        return words("Your table has finished: you play again in round {number}.", number=number)
    return words("You play from round {number}.", number=number)


class ClubScreen(Screen[None]):
    """The club between rounds, and the place to come back to from a table."""

    HELP = t(
        "The host starts each round (s); everyone drawn is taken to their table. ↑/↓ pick a "
        "table of the round and Enter watches it (or takes you back to your own). e writes the "
        "standings as a CSV file. The standings give each game's places: first 1, last 0, ties "
        "share; each game's own score breaks ties. q leaves the club."
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "start_round", t("Start round")),
        Binding("enter", "open_table", t("My table / watch"), priority=True),
        Binding("e", "export", t("Export CSV")),
        Binding("r", "rules", t("Rules")),
        Binding("q,escape", "leave", t("Leave"), key_display="q"),
    ]

    def __init__(self, club: ClubLink) -> None:
        super().__init__()
        self.club = club

    def compose(self) -> ComposeResult:
        yield Static(id="club-title", classes="screen-title", markup=False)
        yield Static(id="club-plan", markup=False)
        yield Static(id="club-where", markup=False)
        yield OptionList(id="club-tables")
        yield Static(id="club-standings", markup=False)
        yield Static(id="club-status", markup=False)
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#club-tables").border_title = t("Tables of the round")
        self.query_one("#club-standings").border_title = t("Standings")
        self.club.listen(self._heard)
        where = self.query_one("#club-where", Static)
        if self.club.hosting and self.club.addresses:
            where.update(
                t(
                    "Friends join at {addresses} or from their list",
                    addresses=listing(self.club.addresses),
                )
            )
        else:
            where.display = False
        if self.club.state is not None:
            self.show(self.club.state)

    def on_unmount(self) -> None:
        self.club.unlisten(self._heard)

    def on_screen_resume(self) -> None:
        """Back from a table: the evening as last heard (the club sends it again as the
        table is left), never the screen as it was when covered."""
        if self.club.state is not None:
            self.show(self.club.state)

    def _heard(self, message: Message) -> None:
        self.post_message(SeatMessage(message))

    def on_seat_message(self, event: SeatMessage) -> None:
        message = event.message
        if message["type"] == "club":
            self.show(message)
        elif message["type"] == "club_seat" and self.club.state is not None:
            self.say(self._status(self.club.state))
        elif message["type"] == "error":
            said = error_words(message.get("code"), message.get("params"), message.get("message"))
            self.say(said)
        elif message["type"] == "closed" and not self.club.left:
            if message.get("by_host"):
                reason = words("the host closed the club")
            else:
                reason = plain(message.get("reason"))
            self.say(t("The club is gone: {reason}. q goes back.", reason=reason))

    def show(self, state: Message) -> None:
        club = table_title(state["club"], state.get("club_words"))
        title = club if self.club.member else words("{club} (you are watching)", club=club)
        self.query_one("#club-title", Static).update(title)
        self.query_one("#club-plan", Static).update(plan_line(state))
        tables = self.query_one("#club-tables", OptionList)
        highlighted = tables.highlighted
        tables.clear_options()
        tables.add_options([Option(table_line(table, state)) for table in state["tables"]])
        if state["tables"]:
            tables.highlighted = min(highlighted or 0, len(state["tables"]) - 1)
        tables.display = bool(state["tables"])
        note = sizes_note(state)
        tables.border_subtitle = note or None
        width = max(40, (self.size.width or self.app.size.width) - 4)
        text = standings_text(state["standings"], width, member_status(state), self.club.name)
        self.query_one("#club-standings", Static).update(text or Text(t("No one yet.")))
        self.say(self._status(state))
        self.refresh_bindings()

    def _status(self, state: Message) -> str:
        line = phase_line(state)
        if self.club.my_table() is not None:
            return t("{line}. Enter takes you back to your table.", line=line)
        if state["phase"] in ("gathering", "between"):
            if not self.club.hosting:
                return t("{line}. The host starts the next round.", line=line)
            reason = not_ready_words(state)
            if reason:
                return t("{line}. Cannot start: {reason}.", line=line, reason=reason)
            return t("{line}. s starts it.", line=line)
        stand = where_i_stand(state, self.club.name) if self.club.member else None
        if stand:
            return t("{line}. {stand}", line=line, stand=stand)
        return t("{line}.", line=line)

    def say(self, text: str) -> None:
        self.query_one("#club-status", Static).update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The host's key is the host's alone, and goes once the evening is over (while a
        round plays, pressing it says why it cannot start)."""
        if action == "start_round":
            state = self.club.state
            over = state is not None and state["phase"] == "over"
            return self.club.hosting and not over
        return True

    def action_start_round(self) -> None:
        refused = self.club.start_round()
        self.say(refused if refused else t("Drawing the round's seats…"))

    def action_open_table(self) -> None:
        """Back to one's own table while it plays, else watch the highlighted one."""
        state = self.club.state
        mine = self.club.my_table()
        if mine is not None:
            self.app.post_message(SitAtClubTable(self.club, mine))
            return
        tables = self.query_one("#club-tables", OptionList)
        if state is None or not state["tables"] or tables.highlighted is None:
            self.say(t("No table is being played now."))
            return
        table = state["tables"][tables.highlighted]
        if table["over"]:
            self.say(t("Table {number} has finished.", number=table["table"] + 1))
            return
        self._watch(int(table["port"]))

    @on(OptionList.OptionSelected, "#club-tables")
    def _picked(self) -> None:
        self.action_open_table()

    @work(exclusive=True, group="watch")
    async def _watch(self, port: int) -> None:
        try:
            table = await self.club.watch(port)
        except Exception as err:  # refused, gone, unreachable: said, never a crash
            self.say(t("Cannot watch that table: {err}", err=plain(err)))
            return
        table.club_table = True
        self.post_message(TakeSeat(table, self.club.name))

    def action_export(self) -> None:
        from tui.table.club_records import export_standings

        state = self.club.state
        if state is None:
            return
        try:
            path = export_standings(state["club"], state["standings"])
        except OSError as err:
            self.say(t("Could not write the standings: {err}", err=err))
            return
        self.say(t("Standings written to {path}", path=path))

    def action_rules(self) -> None:
        from tui.base.messages import ShowRules

        state = self.club.state
        game = state["plan"]["games"][max(0, state["round"] or 0)] if state else ""
        self.post_message(ShowRules(game))

    def action_leave(self) -> None:
        def leave(yes: bool | None) -> None:
            if yes:
                self.post_message(GoToMenu())

        if self.club.dropped is not None and not self.club.hosting:
            self.post_message(GoToMenu())
            return
        self.app.push_screen(ConfirmScreen(self.club.leave_question, t("Leave"), t("Stay")), leave)
