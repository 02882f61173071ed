"""Coded refusals (issue 27): every IllegalMove core and net raise has a code in
core/refusals.py whose template takes exactly the params its raise sites pass, and a refusal
crosses the wire as data (code and params), not only as an English sentence."""

from __future__ import annotations

import ast
import pickle
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from core import IllegalMove
from core.api import action_kind, check_seat
from core.refusals import PLAIN, REFUSALS, fits, placeholders, word
from core.rummikub.sets import read_set
from net.client import connect
from net.host import Host
from net.session import refusal
from tests.net.conftest import wait_for

ROOT = Path(__file__).resolve().parents[2]
SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
# The refusals that are not a literal code: a frame without a `reason` (an older host) has only
# its English sentence to give, and a ValueError that is no refusal (`IllegalMove.of`) only its.
NOT_LITERAL = {("net/session.py", "refusal"), ("core/api.py", "of")}


def raise_sites() -> Iterator[tuple[str, str, ast.Call]]:
    """(path, enclosing function, call) of every `IllegalMove(...)` call in core and net."""
    for package in ("core", "net"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for function in ast.walk(tree):
                if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                for node in ast.walk(function):
                    if isinstance(node, ast.Call) and _names_illegal_move(node.func):
                        yield str(path.relative_to(ROOT)), function.name, node


def _names_illegal_move(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "IllegalMove") or (
        isinstance(func, ast.Attribute) and func.attr == "IllegalMove"
    )


def coded_sites() -> list[tuple[str, str, ast.Call]]:
    """(where, code, call) of every raise site naming its code literally."""
    sites = []
    for path, function, call in raise_sites():
        first = call.args[0] if call.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            sites.append((f"{path}:{call.lineno}", first.value, call))
        else:
            assert (path, function) in NOT_LITERAL, f"{path}:{call.lineno} names no literal code"
    return sites


def test_the_scan_finds_the_raise_sites() -> None:
    codes = {code for _, code, _ in coded_sites()}
    assert {"not_your_turn", "pass_needs_tokens", "must_follow_suit", "timeout_not_yours"} <= codes
    assert len(coded_sites()) > 60


def test_every_code_raised_in_core_and_net_is_in_the_table() -> None:
    unknown = [f"{where} {code!r}" for where, code, _ in coded_sites() if code not in REFUSALS]
    assert not unknown, "add these to core/refusals.py: " + ", ".join(unknown)
    plain = [where for where, code, _ in coded_sites() if code == PLAIN]
    assert not plain, "core and net give refusals a code of their own"


def test_every_code_in_the_table_is_raised_and_snake_case() -> None:
    raised = {code for _, code, _ in coded_sites()}
    assert set(REFUSALS) - {PLAIN} <= raised, "a code no raise site uses"
    assert all(SNAKE.fullmatch(code) for code in REFUSALS)


def test_each_raise_site_passes_exactly_its_templates_placeholders() -> None:
    wrong = []
    for where, code, call in coded_sites():
        assert len(call.args) == 1, f"{where}: params are passed by name"
        names = {keyword.arg for keyword in call.keywords}
        assert None not in names, f"{where}: no **params, so the names can be checked"
        if names != placeholders(REFUSALS[code]):
            wrong.append(f"{where} {code}: {sorted(names)} for {REFUSALS[code]!r}")
    assert not wrong


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_template_formats_with_its_params(code: str) -> None:
    params: dict[str, str | int] = {name: 7 for name in placeholders(REFUSALS[code])}
    err = IllegalMove(code, **params)
    assert (err.code, err.params) == (code, params)
    assert str(err) == REFUSALS[code].format(**params) == word(code, params)
    assert "{" not in str(err) or code in ("dice_not_a_map", PLAIN)


def test_the_english_is_the_sentence_the_rules_always_said() -> None:
    with pytest.raises(IllegalMove) as caught:
        check_seat(5, 3)
    assert str(caught.value) == "there is no seat 5 at this table of 3"
    assert (caught.value.code, caught.value.params) == ("no_such_seat", {"seat": "5", "players": 3})
    with pytest.raises(IllegalMove, match=r"^an action must be a map with a 'kind', not list$"):
        action_kind([], ("take",))
    with pytest.raises(IllegalMove) as caught:
        read_set(["R1", "R1", "J"])
    assert str(caught.value) == "the group R1 R1 J repeats the colour red"
    assert caught.value.params == {"tiles": "R1 R1 J", "colour": "red"}
    with pytest.raises(IllegalMove, match=r"^an empty set is too short"):
        read_set([])
    assert str(IllegalMove("dice_not_a_map")).endswith("like {'blue': 1, 'red': 1}")


def test_an_unknown_code_or_missing_params_still_word_a_sentence() -> None:
    assert word("no_such_code", {}) == "the move was refused (no_such_code)"
    assert word("no_such_code", {"seat": 2}) == "the move was refused (no_such_code: seat=2)"
    assert word("not_your_turn", {"turn": 1}) == "the move was refused (not_your_turn: turn=1)"
    assert not fits("not_your_turn", {"turn": 1}) and fits("game_over", {})


def test_a_bare_sentence_is_still_a_refusal() -> None:
    err = IllegalMove("not now")  # code outside core and net (the TUI, test stand-ins)
    assert (str(err), err.code, err.params) == ("not now", PLAIN, {"message": "not now"})


def test_a_refusal_survives_pickling() -> None:
    err = pickle.loads(pickle.dumps(IllegalMove("not_your_turn", turn=1, seat=0)))
    assert (str(err), err.code, err.params) == (
        "it is seat 1's turn, not seat 0's",
        "not_your_turn",
        {"turn": 1, "seat": 0},
    )


def test_a_client_rebuilds_a_refusal_from_its_frame() -> None:
    frame: dict[str, Any] = {"type": "error", "code": "illegal", "message": "it is ..."}
    known = refusal({**frame, "reason": {"code": "roll_first", "params": {"active": 2}}})
    assert (str(known), known.code, known.params) == (
        "seat 2 rolls first; decide once the sum is known",
        "roll_first",
        {"active": 2},
    )
    newer = refusal({**frame, "reason": {"code": "from_the_future", "params": {"n": 1}}})
    assert (str(newer), newer.code, newer.params) == ("it is ...", "from_the_future", {"n": 1})
    older = refusal(frame)
    assert (str(older), older.code) == ("it is ...", PLAIN)
    odd = refusal({**frame, "reason": {"code": "roll_first", "params": {"active": [2]}}})
    assert (str(odd), odd.code) == ("it is ...", PLAIN)


async def test_a_refusal_crosses_the_wire_with_its_code_and_params(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("GAMENIGHT_MDNS_INTERFACES", "127.0.0.1")  # as tests/net/conftest.py
    monkeypatch.setenv("GAMENIGHT_DATA_DIR", str(tmp_path / "data"))
    host = Host("nothanks", name="Hostess", players=3, options={"first": 0}, joins=None, seed=3)
    host.set_bot(2, "easy")  # seat 0 (the host person, idle here) is to move: the bot waits
    port = await host.serve("127.0.0.1", 0)
    frames: list[dict[str, Any]] = []
    session = await connect("127.0.0.1", port, "Remote", on_message=frames.append)
    try:
        host.start()
        await wait_for(lambda: session.state is not None)
        assert session.seat == 1 and host.referee is not None
        assert host.referee.game.to_act(host.referee.state) == [0]
        with pytest.raises(IllegalMove) as caught:
            await session.act({"kind": "take"})  # out of turn
        assert caught.value.code == "stale_not_your_move" and caught.value.params == {}
        assert str(caught.value) == REFUSALS["stale_not_your_move"]
        with pytest.raises(IllegalMove) as caught:
            await session.act({"kind": "take"}, version=-5)
        assert (caught.value.code, caught.value.params) == ("no_such_version", {"version": -5})
        session.send({"type": "act", "action": {"kind": "take"}, "version": -5})  # no id
        await wait_for(lambda: any(f["type"] == "error" for f in frames))
        error = next(f for f in frames if f["type"] == "error")
        assert error["code"] == "illegal" and error["fatal"] is False
        assert error["message"] == "this table has no state -5; look again"
        assert error["reason"] == {"code": "no_such_version", "params": {"version": -5}}
    finally:
        await session.close()
        await host.close()
