"""After a game: the host reopens the lobby with everyone still seated and connected; and the
host person renames the table or themselves in the lobby."""

from __future__ import annotations

import pytest

from net.client import ClientSession
from net.protocol import ProtocolError
from tests.net.conftest import start_game, wait_for


async def test_new_game_reopens_the_lobby_with_everyone_seated_then_starts_again() -> None:
    game = await start_game(players=4, remote=2)
    try:
        with pytest.raises(ValueError, match="not over"):
            game.host.new_game()
        await game.finish()
        seats = [(s.kind, s.name, s.token) for s in game.host.lobby.seats]
        game.host.new_game()
        assert game.host.referee is None and game.host.info()["phase"] == "lobby"
        assert [(s.kind, s.name, s.token) for s in game.host.lobby.seats] == seats
        # The remote players' frames cross the socket.
        await wait_for(lambda: all(d.frames[-1]["type"] == "lobby" for d in game.drivers))
        game.host.start()  # the same players, a fresh deal
        await game.finish()
    finally:
        for session in game.sessions:
            if isinstance(session, ClientSession):
                await session.close()
        await game.host.close()


async def test_rename_in_the_lobby_only_and_printable_only() -> None:
    game = await start_game(players=3, remote=1)
    host = game.host
    try:
        with pytest.raises(ValueError, match="lobby is closed"):
            host.rename(table_name="Den")
        await game.finish()
        host.new_game()
        host.rename(table_name="Den", player="Ann")
        assert host.table_name == "Den" and host.lobby.seats[0].name == "Ann"
        await wait_for(lambda: game.drivers[1].frames[-1].get("table") == "Den")
        with pytest.raises(ProtocolError):
            host.rename(table_name="\x1b[2J")
        assert host.table_name == "Den"
    finally:
        await game.sessions[1].close()  # type: ignore[attr-defined]
        await host.close()
