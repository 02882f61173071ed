"""The table's talk stays with the table (issue 23): whoever joins or comes back is told the
earlier lines, and a host resumed from its journal still has them."""

from __future__ import annotations

import shutil
from pathlib import Path

from net.client import connect
from net.host import TALK_KEPT, Host
from net.session import Message
from tests.net.conftest import wait_for


def chat_lines(frames: list[Message]) -> list[tuple[str, str, bool]]:
    return [(f["name"], f["text"], bool(f.get("earlier"))) for f in frames if f["type"] == "chat"]


async def test_talk_is_told_to_newcomers_and_survives_a_resume(tmp_path: Path) -> None:
    host = Host("nothanks", name="Hana", players=3, joins=None, bot_delay=30.0)
    port = await host.serve("127.0.0.1", 0)
    kim_saw: list[Message] = []
    kim = await connect("127.0.0.1", port, "Kim", on_message=kim_saw.append)
    kim.chat("hi all")  # in the lobby: kept in the journal's header once the game starts
    await wait_for(lambda: len(host.talk) == 1)
    host.set_bot(2, "easy")
    host.start()
    assert host.local is not None and host.journal is not None
    host.local.chat("good luck")  # in the game: journaled as it is said
    await wait_for(lambda: len(chat_lines(kim_saw)) == 2)
    copy = tmp_path / "crashed.jsonl"
    shutil.copy(host.journal.path, copy)
    await kim.close()
    await host.close()

    resumed = Host.resume(copy, joins=None)
    port = await resumed.serve("127.0.0.1", 0)
    try:
        assert [(line["name"], line["text"], line["n"]) for line in resumed.talk] == [
            ("Kim", "hi all", 1),
            ("Hana", "good luck", 2),
        ]
        lea_saw: list[Message] = []
        lea = await connect("127.0.0.1", port, "Lea", spectate=True, on_message=lea_saw.append)
        await wait_for(lambda: len(chat_lines(lea_saw)) == 2)
        assert chat_lines(lea_saw) == [("Kim", "hi all", True), ("Hana", "good luck", True)]
        kinds = [f["type"] for f in lea_saw]
        assert kinds.index("state") < kinds.index("chat")  # welcome, state, then the talk
        lea.chat("hello")
        await wait_for(lambda: len(resumed.talk) == 3)
        assert resumed.talk[-1]["n"] == 3
        await lea.close()
    finally:
        await resumed.close()


async def test_the_talk_kept_is_bounded() -> None:
    host = Host("nothanks", name="Hana", players=3, joins=None)
    await host.serve("127.0.0.1", 0)
    try:
        assert host.local is not None and host.local.member is not None
        for i in range(TALK_KEPT + 5):
            host._say(host.local.member, f"line {i}")
        assert len(host.talk) == TALK_KEPT
        assert host.talk[0]["text"] == "line 5" and host.talk[-1]["n"] == TALK_KEPT + 5
    finally:
        await host.close()
