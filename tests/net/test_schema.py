"""Issue 8, point 4: every field of every client message is type-checked by one schema per
type; a wrong type gets `bad_message` (fatal in the first frame, not after). The cases are
drawn from the schema itself, so a field added to it is tested without a new line here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from net.host import Host
from net.protocol import ProtocolError, encode
from net.schema import CLIENT_MESSAGES, Field, check
from tests.net.conftest import Raw

# One valid message per type with every field present, to spoil one field at a time.
VALID: dict[str, dict[str, Any]] = {
    "hello": {"type": "hello", "protocol": 1, "name": "Val", "token": None, "spectate": True},
    "act": {"type": "act", "action": {"kind": "take"}, "version": 0, "seat": 0, "id": 7},
    "chat": {"type": "chat", "text": "hi"},
    "info": {"type": "info"},
    "ready": {"type": "ready"},
    "bye": {"type": "bye"},
    "leave": {"type": "leave"},
    "ping": {"type": "ping"},
    "pong": {"type": "pong"},
}
SAMPLES = (1, 1.0, True, "1", None, [1], {"a": 1}, b"1")  # one value of every msgpack type


def spoiled(
    message: dict[str, Any], schema: dict[str, Field], path: tuple[str, ...] = ()
) -> Iterator[tuple[str, dict[str, Any]]]:
    """(what is wrong, the message) for each field given each value of a wrong type, and each
    required field left out; nested map fields too."""
    for name, spec in schema.items():
        where = ".".join((*path, name))
        for value in SAMPLES:
            if not spec.accepts(value):
                yield f"{where}={value!r}", _with(message, (*path, name), value)
        if spec.required:
            yield f"no {where}", _with(message, (*path, name), None, remove=True)
        if spec.fields:
            yield from spoiled(message, spec.fields, (*path, name))


def _with(
    message: dict[str, Any], path: tuple[str, ...], value: object, remove: bool = False
) -> dict[str, Any]:
    copy = {**message}
    inner = copy
    for key in path[:-1]:
        inner[key] = {**inner[key]}
        inner = inner[key]
    if remove:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return copy


CASES = [
    pytest.param(kind, message, id=f"{kind}:{what}")
    for kind, schema in CLIENT_MESSAGES.items()
    for what, message in spoiled(VALID[kind], schema)
]


def test_the_valid_messages_pass_and_the_issue_cases_are_among_the_spoiled() -> None:
    for message in VALID.values():
        check(message)
    ids = {param.id for param in CASES}
    for case in ("protocol=1.0", "protocol=True", "spectate='1'", "spectate=1.0", "token=1"):
        assert f"hello:{case}" in ids
    assert "hello:token=b'1'" in ids and "hello:spectate=[1]" in ids


@pytest.mark.parametrize(("kind", "message"), CASES)
def test_the_schema_refuses_each_wrong_type(kind: str, message: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError) as refused:
        check(message)
    assert refused.value.code == "bad_message"


async def test_over_the_wire_every_spoiled_message_gets_bad_message() -> None:
    """The host applies the schema: fatal for a first frame, an answer for a later one."""
    host = Host("nothanks", name="H", players=3, joins=None)
    port = await host.serve("127.0.0.1", 0)
    try:
        later = await Raw.open(port)
        assert (await later.hello("Later", spectate=True))["type"] == "welcome"
        for param in CASES:
            kind, message = param.values
            if kind == "hello":
                raw = await Raw.open(port)
                await raw.send(encode(message))
                error = await raw.until("error")
                assert (error["code"], error["fatal"]) == ("bad_message", True), param.id
                assert await raw.closed()
            elif kind in ("act", "chat"):
                await later.send(encode(message))
                error = await later.until("error")
                assert (error["code"], error["fatal"]) == ("bad_message", False), param.id
        later.close()
    finally:
        await host.close()


def test_the_protocol_document_lists_every_field_of_the_schema() -> None:
    """net/PROTOCOL.md's client table and the schema name the same types and fields."""
    doc = (Path(__file__).parents[2] / "net" / "PROTOCOL.md").read_text(encoding="utf-8")
    client = doc.split("## Client → host")[1].split("## Host → client")[0]
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `(\w+)`.*$", client, re.M)}
    for kind, schema in CLIENT_MESSAGES.items():
        row = rows.get(kind) or rows["ping"]  # "ping / pong" share a row
        for name in schema:
            assert f"`{name}`" in row, (kind, name)
