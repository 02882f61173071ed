"""Issue 8, point 2: names at one table are unique after NFKC and case folding, and no name from
the network can pose as the app's labels. A clash is refused (`name_taken`), never renamed."""

from __future__ import annotations

import pytest

from net.host import Host
from net.names import check_name, name_key
from net.protocol import ProtocolError
from tests.net.conftest import Raw, wait_for


@pytest.mark.parametrize(
    "name", ["Zoe", "zoe", "ZOE", "Ｚｏｅ", "  Zoe  ", "Zoe\u3000", "ｚｏｅ", "Ann", "ANN"]
)
def test_look_alikes_of_a_name_at_the_table_are_taken(name: str) -> None:
    taken = {name_key("Zoe"), name_key("Ann")}
    with pytest.raises(ProtocolError) as refused:
        check_name(name, taken)
    assert refused.value.code == "name_taken"
    assert "already called" in str(refused.value) and "pick another" in str(refused.value)


@pytest.mark.parametrize(
    "name",
    [
        "Zoe (you)",
        "Zoe（you）",  # full-width brackets fold to ( and )
        "Zoe ﹙you﹚",  # small brackets too
        "Bo [away]",
        "Ana (easy)",
        "Ana (normal)",
        "Ana (hard)",
        "Ana — bot, hard",
        "host",
        "The HOST",
        "ｈｏｓｔ",
    ],
)
def test_a_name_cannot_imitate_the_app_labels(name: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        check_name(name, set())
    assert refused.value.code == "bad_message"


@pytest.mark.parametrize("name", ["Ghost", "Jean-Luc", "O’Brien", "Zoë", "👩\u200d💻", "Ann 2"])
def test_ordinary_names_pass(name: str) -> None:
    assert check_name(name, {name_key("Zoe"), name_key("Ann")}) == name


async def test_the_host_refuses_a_second_zoe_and_frees_a_name_when_its_spectator_leaves(
    lobby: Host,
) -> None:
    host, port = lobby, lobby.port or 0
    host.rename(player="Zoe")
    for name in ("Zoe", "Ｚｏｅ", "zoe "):
        raw = await Raw.open(port)
        error = await raw.hello(name)
        assert (error["type"], error["code"], error["fatal"]) == ("error", "name_taken", True)
        assert await raw.closed()
    impostor = await Raw.open(port)
    error = await impostor.hello("Zoe (you)")
    assert error["code"] == "bad_message" and "labels" in error["message"]
    ann = await Raw.open(port)
    assert (await ann.hello("Ann"))["seat"] == 1
    watcher = await Raw.open(port)
    assert (await watcher.hello("Bea", spectate=True))["seat"] is None
    second = await Raw.open(port)
    assert (await second.hello("ANN", spectate=True))["code"] == "name_taken"
    watcher.close()
    await wait_for(lambda: len(host.members) == 2)
    again = await Raw.open(port)
    assert (await again.hello("bea", spectate=True))["type"] == "welcome"
    again.close()
    ann.close()


async def test_a_rejoining_player_keeps_their_name_and_bots_avoid_the_names_taken(
    lobby: Host,
) -> None:
    host, port = lobby, lobby.port or 0
    ana = await Raw.open(port)
    welcome = await ana.hello("Ana")
    ana.close()
    await wait_for(lambda: not host.connected(1))
    back = await Raw.open(port)
    assert (await back.hello("Ana", token=welcome["token"]))["seat"] == 1
    chloe = await Raw.open(port)
    assert (await chloe.hello("chloé", spectate=True))["type"] == "welcome"
    host.set_bot(2, "easy")  # seat 2's usual bot is Chloé, a spectator's name here
    assert host.lobby.seats[2].name not in ("Chloé", None)
    chloe.close()
    with pytest.raises(ProtocolError, match="already called"):
        host.rename(player="ana")
    host.rename(player="Host")  # the host person's own name may be a label word
    back.close()


def test_names_are_trimmed_of_white_space_and_measured_in_code_points() -> None:
    """net/PROTOCOL.md, *Text*: Unicode white space is trimmed from both ends, and the 24 are
    code points (👩‍💻 is three)."""
    assert check_name("\u3000\u00a0Zoe\t ", set()) == "Zoe"
    assert check_name("👩\u200d💻" * 8, set()) == "👩\u200d💻" * 8  # 24 code points
    with pytest.raises(ProtocolError, match="24 code points"):
        check_name("👩\u200d💻" * 8 + "x", set())
