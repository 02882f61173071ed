"""The host's own inputs: names, options and a journal that cannot be written, refused cleanly."""

from __future__ import annotations

import asyncio

import pytest

from net import journal
from net.host import Host
from net.lobby import Lobby
from net.protocol import ProtocolError
from net.session import Session


@pytest.mark.parametrize("kwargs", [{"name": "\x1b[2J"}, {"table_name": "Ann\n\x1b]0;x\x07"}])
def test_unprintable_names_are_a_value_error(kwargs: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="control characters") as refused:
        Host("nothanks", **kwargs)
    assert isinstance(refused.value, ProtocolError)


def test_the_table_name_is_trimmed_and_the_default_uses_the_clean_name() -> None:
    assert Host("nothanks", name="  Ann ", table_name="  Friday  ").table_name == "Friday"
    assert Host("nothanks", name="  Ann ").table_name == "Ann's table"


def test_a_deck_is_never_a_lobby_option() -> None:
    with pytest.raises(ValueError, match="deck"):
        Host("nothanks", options={"deck": [3, 4, 5]})
    lobby = Lobby("nothanks")
    with pytest.raises(ValueError, match="deck"):
        lobby.set_options({"deck": [3, 4, 5]})
    lobby.options = {"first": 1, "deck": [3, 4, 5]}  # however it got there, it is not sent
    assert lobby.public(lambda seat: False)["options"] == {"first": 1}


async def test_a_journal_that_cannot_be_created_leaves_the_lobby_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = Host("nothanks", name="H", players=3)
    host.set_bot(1, "easy")
    host.set_bot(2, "easy")

    def disk_full(path: object, header: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal.Journal, "create", disk_full)
    with pytest.raises(OSError):
        host.start()
    assert host.referee is None and host.journal is None
    host.set_players(3)  # still a lobby
    monkeypatch.undo()
    assert host.start() is host.referee and host.journal is not None
    await host.close()


async def test_a_verdict_with_a_boolean_id_is_not_taken_for_a_request() -> None:
    session = Session()
    future = session._pending[1] = asyncio.get_running_loop().create_future()
    session.push({"type": "error", "id": True, "code": "x", "message": "m", "fatal": False})
    assert not future.done() and session._queue.get_nowait()["id"] is True
