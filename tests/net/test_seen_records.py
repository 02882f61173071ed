"""A LAN player's own record (issue 16): the views their seat was sent, nothing more."""

from __future__ import annotations

import json

from core.match import bot_record
from core.replay_views import RecordReplay, SeenReplay, open_replay
from net import records

SEATS = [{"name": n, "kind": "bot", "level": "easy", "away": False} for n in ("A", "B", "C")]


def messages(seat: int, start: int = 0) -> list[dict]:
    replay = RecordReplay(bot_record("nothanks", ["easy"] * 3, 11))
    return [
        {"type": "state", "version": p, "seat": seat, "seats": SEATS, "view": replay.view(p, seat)}
        for p in range(start, replay.count)
    ]


def test_a_client_keeps_its_seat_views_and_writes_them_at_the_end() -> None:
    kept = records.SeatViews("abc123")
    sent = messages(1)
    written = [kept.hear(m) for m in [sent[0], *sent]]  # a rejoin repeats a state: kept once
    path = written[-1]
    assert path is not None and written[:-1] == [None] * len(sent)
    assert path.name.endswith("abc123-seen.json")
    data = records.load(path)
    seen = open_replay(data)
    assert isinstance(seen, SeenReplay)
    assert seen.views == [m["view"] for m in sent]
    assert data["result"] == sent[-1]["view"]["result"] and "seed" not in data


def test_a_new_game_starts_a_new_record_and_a_hostile_table_id_names_no_path() -> None:
    kept = records.SeatViews("../../etc/x")
    first = messages(0)
    for message in first[:10]:
        kept.hear(message)
    again = messages(0)  # the host dealt again: versions start over
    path = [kept.hear(m) for m in again][-1]
    assert path is not None and path.parent == records.records_dir()
    assert path.name.endswith("lan-seen.json")
    assert len(json.loads(path.read_text())["views"]) == len(again)
