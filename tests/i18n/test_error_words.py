"""Issue 34 item 7: an error the host sends without details (no `params`: chat too fast, the
game not started) is worded in the reader's language all the same, as one with details is.
A real client at a real host; the frames as they came off the wire."""

from __future__ import annotations

from typing import Any

import pytest

from core import IllegalMove
from core.refusals import placeholders
from net.client import connect
from net.host import Host
from net.protocol import ERROR_WORDS
from net.roster import CHAT_BURST
from tests.net.conftest import wait_for
from tui.base import i18n
from tui.base.names import error_words, refused_move


@pytest.fixture
def hungarian() -> Any:
    i18n.use("hu")
    yield
    i18n.use("en")


async def test_errors_without_params_are_worded_in_hungarian(hungarian: None) -> None:
    host = Host("nothanks", name=None, players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    heard: list[dict[str, Any]] = []
    anna = await connect("127.0.0.1", port, "Anna", on_message=heard.append)
    try:
        for number in range(CHAT_BURST + 1):
            anna.chat(f"line {number}")
        await wait_for(lambda: any(m["type"] == "error" for m in heard))
        slow = next(m for m in heard if m["type"] == "error")
        assert slow["code"] == "slow_down" and "params" not in slow  # as sent: no details
        said = error_words(slow["code"], slow.get("params"), slow["message"])
        assert said == "túl sok üzenet; várj néhány másodpercet"
        assert refused_move(said) == "Nem szabad: túl sok üzenet; várj néhány másodpercet"

        with pytest.raises(IllegalMove) as refused:  # a move in the lobby: not_started
            await anna.act({"kind": "take"})
        assert refused.value.code == "not_started"
        assert refused_move(refused.value) == "Nem szabad: a játék még nem kezdődött el"
    finally:
        await anna.close()
        await host.close()


@pytest.mark.parametrize("code", sorted(ERROR_WORDS))
def test_every_error_code_a_client_knows_is_worded_with_or_without_params(
    hungarian: None, code: str
) -> None:
    """Each template is worded from its code alone when it needs no details, and from its
    details when it does: never the English that came with it."""
    template = ERROR_WORDS[code]
    needs = sorted(placeholders(template))
    params = {name: "7" for name in needs} or None
    english = "ENGLISH"
    said = error_words(code, params, english)
    assert said != english and said == i18n.words(template, **(params or {}))
    assert said != template.format(**(params or {}))  # Hungarian, not the English template
