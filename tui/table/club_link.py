"""The app's membership of a club night — one it hosts here, or one it joined — kept across
rounds while its tables come and go.

The club's messages decide what is shown (net/club/club.py): `club` is the evening as it
stands (the club screen draws it), and `club_seat` names this person's table of the round, so
the link sits down there at once — a `TableLink` to that table, reached over TCP with the seat's
token as if coming back to it (the host person too: their tables are plain hosts on loopback).
Between rounds, and after their own table ends, a member may watch any running table.
Leaving a table returns to the club screen; leaving the club (`leave`) ends the membership.

A member's connection to the club that drops without the host closing it (the club host
crashed, the network) is taken back by itself, with the token, every few seconds until the club
answers (`net.client.come_back`): a club resumed after a crash opens its tables on new ports,
and its `club_seat` takes the member to theirs. `j` at a club table (`ClubTableLink.rejoin`)
goes the same way, through the club, when the club's connection is down too; a table's old
port is never tried once the club has said where the table is now.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.message import Message as TextualMessage

from net.client import ClientSession, HandshakeError, come_back
from net.session import Message, Session
from tui.base.i18n import t, words
from tui.base.names import refusal_words
from tui.table.club_records import keep_member_night, own_game
from tui.table.link import TableLink

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import App

    from net.club.club import Club
    from net.discovery import Advertiser
    from tui.table.doors import Door


class ClubLink:
    """This app's member (or watcher) of a club; `club` set when hosted here."""

    def __init__(
        self,
        app: App[None],
        session: Session,
        address: str,
        *,
        club: Club | None = None,
        advertiser: Advertiser | None = None,
        addresses: list[str] | None = None,
        doors: list[Door] | None = None,
    ) -> None:
        self.app = app
        self.session = session
        self.address = address  # where the club's tables are (its host's address)
        self.club = club
        self.advertiser = advertiser
        self.addresses = addresses or []
        self.doors = doors or []
        self.state: Message | None = None  # the latest `club` message
        self.seat: Message | None = None  # the latest `club_seat`: this person's table
        self.name = ""
        self.dropped: str | None = None
        self.left = False
        self.shown = False
        self.club_id = ""  # the club's id (its `welcome`'s table_id)
        self.own_games: list[dict[str, Any]] = []  # this member's finished games, to keep
        self._kept: object = None  # what was last kept of the evening (see `_keep`)
        self._keep_failed = False  # said once
        self._listeners: list[Callable[[Message], None]] = []
        self._coming_back: asyncio.Task[bool] | None = None

    @property
    def hosting(self) -> bool:
        return self.club is not None

    @property
    def member(self) -> bool:
        """A member (drawn to tables), not a watcher."""
        return self.session.seat is not None

    def start(self) -> None:
        self.session.connect(self._receive)

    def listen(self, push: Callable[[Message], None]) -> None:
        self._listeners.append(push)

    def unlisten(self, push: Callable[[Message], None]) -> None:
        if push in self._listeners:
            self._listeners.remove(push)

    def _receive(self, message: Message) -> None:
        if self.left:
            return
        kind = message["type"]
        if kind == "welcome":
            self.name = str(message.get("name"))
            self.club_id = str(message.get("table_id"))
            self.dropped = None
        elif kind == "club":
            self.state = message
            self._keep()
            if not self.shown:
                self.shown = True
                self.app.post_message(ShowClub(self))
        elif kind == "club_seat":
            self.seat = message
            self.app.post_message(SitAtClubTable(self, message))
        elif kind == "closed":
            self.dropped = str(message.get("reason"))
            if not message.get("by_host"):
                self._keep_coming_back()
        for push in list(self._listeners):
            push(message)

    # ---- keeping the evening -------------------------------------------------------------------
    def _keep(self) -> None:
        """A member keeps the evening on their machine (the host's club keeps its own, every
        game whole): the standings as they change, and their own games."""
        if self.club is not None or not self.member or self.state is None:
            return
        if self.state["round"] is None:
            return  # nothing played yet
        now = (self.state["phase"], self.state["round"], self.state["standings"],
               len(self.own_games))  # fmt: skip
        if now == self._kept:
            return
        self._kept = now
        try:
            keep_member_night(self.club_id, self.state, self.own_games)
        except OSError as err:  # the evening goes on; only this machine's keepsake is lost
            if not self._keep_failed:
                self._keep_failed = True
                said = t("The club night cannot be kept on this machine: {err}", err=err)
                self.app.notify(said, severity="warning", markup=False)

    def _game_kept(self, seat: Message, path: Path) -> None:
        """This member's table wrote their seat's record of a finished game: kept with the
        evening."""
        game = own_game(seat, path)
        if game is None:
            return
        where = (game["round"], game["table"])
        self.own_games = [g for g in self.own_games if (g["round"], g["table"]) != where]
        self.own_games.append(game)
        self._keep()

    # ---- tables -------------------------------------------------------------------------------
    async def table_link(self, seat: Message) -> TableLink:
        """Connect to this person's table of the round with the seat's token."""
        session = ClientSession(self.address, int(seat["port"]), self.name)
        session.token = str(seat["token"])
        await session.open()
        link = ClubTableLink(self, session, seat)
        link.on_kept = lambda path: self._game_kept(seat, path)
        return link

    async def watch(self, port: int) -> TableLink:
        """Watch a running table of the club (HandshakeError, OSError if it cannot be). At
        the table someone left, a bot plays on under their name, so they watch it as
        'Bo watching'."""
        name = self.name or words("Watcher")
        session = ClientSession(self.address, port, name, spectate=True)
        try:
            await session.open()
        except HandshakeError as err:
            if err.code != "name_taken":
                raise
            watching = words("{name} watching", name=name)
            session = ClientSession(self.address, port, watching, spectate=True)
            await session.open()
        return TableLink(self.app, session)

    def my_table(self) -> Message | None:
        """This person's table of the round, while its game runs and the seat is still theirs.
        A seat of a round newer than the evening last heard of is this round's (the club sends
        someone at their table no `club` message: the seat came first); otherwise the club
        must list them at it (a member who left and came back plays from the next round,
        their seat a bot's for good), and a finished table is nobody's."""
        if self.seat is None or self.state is None:
            return None
        heard = self.state["round"]
        if heard is None or self.seat["round"] > heard:
            return self.seat
        me = next((m for m in self.state["members"] if m["name"] == self.name), None)
        if me is None or me["table"] != self.seat["table"]:
            return None
        for table in self.state["tables"]:
            if table["table"] == self.seat["table"] and heard == self.seat["round"]:
                return None if table["over"] else self.seat
        return None

    def start_round(self) -> str | None:
        """Start the next round (the host's key); why not, in words (reading order)."""
        if self.club is None:
            return words("Only the host starts a round.")
        refusal = self.club.not_ready_reason()
        if refusal is not None or self.club.starting:
            reason = refusal_words(refusal) if refusal is not None else words("a round is starting")
            return words("Cannot start: {reason}.", reason=reason)
        self.club.start_soon()
        return None

    # ---- leaving ------------------------------------------------------------------------------
    @property
    def leave_question(self) -> str:
        if self.club is not None:
            return t("Close the club? Every table and everyone at them is disconnected.")
        if not self.member:
            return t("Stop watching this club?")
        return t(
            "Leave the club for the evening? A bot plays your seat until the round ends; "
            "your points so far stay in the standings."
        )

    async def rejoin(self) -> None:
        """Come back now after a drop (`j`): the token gives back the membership, and the
        club's `club_seat` the table; the tries by itself go on if the club is not back yet."""
        assert isinstance(self.session, ClientSession)
        self._stop_coming_back()
        try:
            await self.session.open_paced()
        except BaseException:
            self._keep_coming_back()
            raise

    def _keep_coming_back(self) -> None:
        """Try to come back by itself (a member's program, not the host's, which is the club)."""
        if self.left or self.hosting or not isinstance(self.session, ClientSession):
            return
        if self._coming_back is None or self._coming_back.done():
            trying = come_back(self.session, self._still_away)
            self._coming_back = asyncio.get_running_loop().create_task(trying)

    def _still_away(self) -> bool:
        return not self.left and self.dropped is not None

    def _stop_coming_back(self) -> None:
        if self._coming_back is not None:
            self._coming_back.cancel()
            self._coming_back = None

    async def leave(self, for_good: bool = True) -> None:
        """Leave the club (`for_good`: for the evening, so no more rounds), or close it."""
        self.left = True
        self._listeners.clear()
        self._stop_coming_back()
        try:
            if for_good and self.member and self.club is None:
                self.session.send({"type": "leave"})
            for door in self.doors:
                await door.close()
            if self.advertiser is not None:
                await self.advertiser.close()
        finally:
            await self.session.close()


class ClubTableLink(TableLink):
    """The app's seat at its table of a club's round: rejoining goes through the club, which
    knows where the table is now (a resumed club reopens its tables on new ports)."""

    def __init__(self, club: ClubLink, session: ClientSession, seat: Message) -> None:
        super().__init__(club.app, session)
        self.club_link = club
        self.seat = seat  # the `club_seat` this link sat down with
        self.club_table = True

    async def rejoin(self) -> None:
        """With the club there, back at the table where the club last said it is; with the
        club gone too, back to the club, whose `club_seat` brings the table (the app sits
        this person there, in a new link)."""
        if self.club_link.dropped is not None:
            await self.club_link.rejoin()
            return
        latest = self.club_link.seat
        if latest is not None and _same_table(latest, self.seat):
            assert isinstance(self.session, ClientSession)
            self.session.port = int(latest["port"])
            self.session.token = str(latest["token"])
        await super().rejoin()


def _same_table(one: Message, other: Message) -> bool:
    return (one["round"], one["table"]) == (other["round"], other["table"])


class ShowClub(TextualMessage):
    """A club calls for its screen (its first `club` message)."""

    def __init__(self, club: ClubLink) -> None:
        super().__init__()
        self.club = club


class SitAtClubTable(TextualMessage):
    """The club drew this person to a table (`club_seat`): the app sits them there."""

    def __init__(self, club: ClubLink, seat: Message) -> None:
        super().__init__()
        self.club = club
        self.seat = seat
