"""What each client message may carry: one schema per type, checked before anything reads it.

net/PROTOCOL.md's "Client → host" table in data. A field of the wrong type is refused with
`bad_message` whatever the field, so no code further on reads a value by truthiness or lets
`1.0` or `true` pass for the integer 1 (msgpack keeps them apart; Python's `==` does not).
Unknown fields are ignored, as the document says, so a later version may add some.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from net.protocol import ProtocolError, brief

_TYPE_NAMES = {int: "an integer", str: "text", bool: "true or false", dict: "a map"}


@dataclass(frozen=True)
class Field:
    """One field of a message: its type, whether it must be there, and whether nil is allowed
    (only where the document says so). A map field may list the fields it must hold."""

    kind: type
    required: bool = False
    nil: bool = False
    fields: dict[str, Field] = field(default_factory=dict)

    def describe(self) -> str:
        return _TYPE_NAMES[self.kind] + (" or nil" if self.nil else "")

    def accepts(self, value: object) -> bool:
        if value is None:
            return self.nil
        if isinstance(value, bool):  # a bool is an int to Python, never to the protocol
            return self.kind is bool
        return isinstance(value, self.kind)


CLIENT_MESSAGES: dict[str, dict[str, Field]] = {
    "hello": {
        "protocol": Field(int, required=True),
        "name": Field(str, required=True),
        "token": Field(str, nil=True),
        "spectate": Field(bool),
    },
    "info": {},
    "act": {
        "action": Field(dict, required=True, fields={"kind": Field(str, required=True)}),
        "version": Field(int, required=True),
        "seat": Field(int),
        "id": Field(int),
    },
    "chat": {"text": Field(str, required=True)},
    "ready": {},
    "bye": {},
    "leave": {},
    "ping": {},
    "pong": {},
}


def check(message: dict[str, Any]) -> None:
    """Refuse a message of a known type whose fields break its schema (`bad_message`), or of
    an unknown type (`unknown_type`)."""
    kind = message["type"]
    schema = CLIENT_MESSAGES.get(kind)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {brief(kind)}")
    _check_fields(message, schema, f"'{kind}'")


def _check_fields(message: dict[str, Any], schema: dict[str, Field], where: str) -> None:
    for name, spec in schema.items():
        if name not in message:
            if spec.required:
                raise ProtocolError(
                    "bad_message", f"{where} needs a '{name}' field ({spec.describe()})"
                )
            continue
        value = message[name]
        if not spec.accepts(value):
            raise ProtocolError(
                "bad_message",
                f"'{name}' in {where} must be {spec.describe()}, not {brief(value)}",
            )
        if spec.fields:
            _check_fields(value, spec.fields, f"'{name}'")
