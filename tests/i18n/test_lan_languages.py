"""Issue 27: at one table each player reads their own language. The host sends a refusal as
data (code and parameters); a Hungarian host person and a Czech player over the wire each
word the very same refusal in their own language."""

from __future__ import annotations

import pytest

from core import IllegalMove
from net.client import connect
from net.host import Host
from tests.net.conftest import wait_for
from tui.base import i18n
from tui.base.names import refused_move


async def refusal_of(session, action: dict[str, object]) -> IllegalMove:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalMove) as refused:
        await session.act(action)
    return refused.value


async def test_a_hungarian_host_and_a_czech_player_each_read_the_refusal_in_their_language():
    host = Host("papayoo", name="Zoltán", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    petr = await connect("127.0.0.1", port, "Petr")
    try:
        host.set_bot(2, "easy")
        host.start()
        assert host.local is not None and host.local.state is not None
        hand = host.local.state["view"]["hand"]
        host_refusal = await refusal_of(host.local, {"kind": "pass_cards", "cards": hand[:2]})
        await wait_for(lambda: petr.state is not None)
        assert petr.state is not None
        mine = petr.state["view"]["hand"]
        petr_refusal = await refusal_of(petr, {"kind": "pass_cards", "cards": mine[:3]})
        assert (host_refusal.code, petr_refusal.code) == ("pass_count", "pass_count")
        assert petr_refusal.params == {"count": 5, "cards": repr(mine[:3])}  # data (PY-8)
        seen = {}
        for language, refusal in (("hu", host_refusal), ("cs", petr_refusal), ("en", petr_refusal)):
            i18n.use(language)
            seen[language] = refused_move(refusal)
    finally:
        i18n.use("en")
        await petr.close()
        await host.close()
    assert seen == {
        "hu": f"Nem szabad: pontosan 5 lapot adj tovább, nem ezeket: {hand[:2]!r}",
        "cs": f"Nelze: počet předávaných karet musí být přesně 5, ne tyto: {mine[:3]!r}",
        "en": f"Not allowed: pass exactly 5 cards, not {mine[:3]!r}",
    }


async def test_arrivals_are_sent_as_data_and_worded_in_each_language() -> None:
    """The host's notices of people coming and going carry their parts as data: a Czech
    player reads "Nově u stolu: Petr" where an English one reads "Petr joined"."""
    from tests.net.conftest import wait_for as wait
    from tui.widgets.talk import talk_line

    host = Host("nothanks", name="Zoltán", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    heard: list[dict[str, object]] = []
    host.local.on_message = heard.append  # type: ignore[union-attr]
    petr = await connect("127.0.0.1", port, "Petr")
    try:
        await wait(lambda: any(m["type"] == "notice" for m in heard))
        notice = next(m for m in heard if m["type"] == "notice")
        assert notice["code"] == "arrivals"
        assert notice["params"] == {"parts": [{"event": "joined", "names": ["Petr"]}]}
        lines = {}
        for language in ("en", "cs", "hu"):
            i18n.use(language)
            lines[language] = talk_line(notice)
    finally:
        i18n.use("en")
        await petr.close()
        await host.close()
    assert lines == {
        "en": "· Petr joined",
        "cs": "· Nově u stolu: Petr",
        "hu": "· Petr csatlakozott",
    }


async def test_a_refused_join_is_worded_in_the_players_language() -> None:
    """The host sends a refused join's details (`params`), not only its English: a second
    "Zoltán" is told, in Czech, that the name is taken."""
    from net.client import HandshakeError
    from tui.base.names import error_words

    host = Host("nothanks", name="Zoltán", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    try:
        with pytest.raises(HandshakeError) as refused:
            await connect("127.0.0.1", port, "Zoltán")
        err = refused.value
        assert (err.code, err.params) == ("name_taken", {"name": "'Zoltán'"})  # as it was sent
        i18n.use("cs")
        try:
            assert error_words(err.code, err.params, err) == (
                "u tohoto stolu už někdo jménem 'Zoltán' sedí; vyber si jiné jméno"
            )
        finally:
            i18n.use("en")
        assert error_words(err.code, err.params, err) == str(err)
        assert error_words("no_such_code", {}, "as it came") == "as it came"
    finally:
        await host.close()
