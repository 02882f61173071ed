"""Whole games over loopback TCP: every seat ends with the host's view, and nothing leaks."""

from __future__ import annotations

import json

import pytest

from net.client import connect
from net.host import Host
from tests.net.conftest import BotDriver, sees, start_game, wait_for

SECRET_KEYS = {"deck", "removed", "seed", "rng", "state"}


def keys(obj: object) -> set[str]:
    """Every map key anywhere inside a message."""
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in keys(v)}
    return set()


@pytest.mark.parametrize(("players", "remote"), [(3, 2), (5, 3), (7, 6)])
async def test_full_game_every_view_agrees_and_nothing_leaks(players: int, remote: int) -> None:
    game = await start_game(players=players, remote=remote)
    watcher = BotDriver()
    spectator = await connect(
        "127.0.0.1", game.host.port or 0, "Watcher", spectate=True, on_message=watcher
    )
    try:
        await game.finish()
        assert game.host.referee is not None
        await wait_for(lambda: sees(watcher, game.host.referee.view(None)))  # type: ignore[union-attr]
        assert watcher.last_state["view"] == game.host.referee.view(None)
        assert spectator.seat is None and spectator.token is None
        tokens = {seat.token for seat in game.host.lobby.seats if seat.token}
        removed = set(game.host.referee.state.removed)
        for driver, session in [
            *zip(game.drivers, game.sessions, strict=True),
            (watcher, spectator),
        ]:
            assert not driver.errors()
            own = game.host.lobby.seats[session.seat].token if session.seat is not None else None
            for frame in driver.frames:
                assert not keys(frame) & SECRET_KEYS, frame
                text = json.dumps(frame)
                assert all(token not in text for token in tokens - {own})
                if frame["type"] != "state":
                    continue
                view = frame["view"]
                shown = {view["card"], *(c for cards in view["cards"] for c in cards)}
                shown |= {entry["card"] for entry in view["log"]}
                assert shown.isdisjoint(removed), "NT-4: a removed card was sent"
                if view["over"]:
                    continue
                hidden = [t for i, t in enumerate(frame["view"]["tokens"]) if i != frame["seat"]]
                assert hidden == [None] * len(hidden)
    finally:
        await spectator.close()
        for session in game.sessions[1:]:
            await session.close()  # type: ignore[attr-defined]
        await game.host.close()


async def test_host_person_session_sees_lobby_then_state() -> None:
    game = await start_game(players=3, remote=1)
    try:
        await game.finish()
        kinds = [f["type"] for f in game.drivers[0].frames]
        assert kinds[0] == "welcome"
        assert "lobby" in kinds and kinds.index("lobby") < kinds.index("state")
        assert game.host.local is not None and game.host.local.seat == 0
    finally:
        await game.sessions[1].close()  # type: ignore[attr-defined]
        await game.host.close()


async def test_messages_by_iteration_or_late_callback() -> None:
    """Without a callback a session queues messages for `async for`; `connect` replays them."""
    host = Host("nothanks", name="H", players=3)
    port = await host.serve("127.0.0.1", 0)
    guest = await connect("127.0.0.1", port, "Guest")
    watcher = await connect("127.0.0.1", port, "W", spectate=True)
    host.set_bot(2, "easy")
    host.start()
    await wait_for(lambda: watcher.state is not None)
    seen: list[str] = []
    watcher.connect(lambda m: seen.append(m["type"]))
    assert seen[0] == "welcome" and seen.index("lobby") < seen.index("state")
    await guest.close()
    kinds = [message["type"] async for message in guest]
    assert kinds[0] == "welcome" and "state" in kinds and kinds[-1] == "closed"
    closed: list[dict] = []
    watcher.connect(lambda m: closed.append(m) if m["type"] == "closed" else None)
    await host.close()
    await wait_for(lambda: closed)
    assert closed == [{"type": "closed", "reason": "the host closed the table", "by_host": True}]
    await watcher.close()
