"""Framing and decoding: whatever bytes arrive, the decoder answers a map or a ProtocolError."""

from __future__ import annotations

import asyncio

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core.api
from net.protocol import (
    MAX_ECHO,
    MAX_FRAME,
    ProtocolError,
    brief,
    clean_text,
    decode,
    encode,
    read_frame,
    request_id,
)


@given(st.binary(max_size=512))
@settings(max_examples=300, deadline=None)
def test_any_bytes_decode_to_a_typed_map_or_a_protocol_error(body: bytes) -> None:
    try:
        message = decode(body)
    except ProtocolError as err:
        assert err.code == "bad_frame"
    else:
        assert isinstance(message, dict) and isinstance(message["type"], str)


@given(
    st.dictionaries(
        st.text(max_size=8),
        st.recursive(
            st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=5), inner, max_size=4)
            ),
            max_leaves=20,
        ),
        max_size=5,
    )
)
@settings(max_examples=200, deadline=None)
def test_what_we_encode_we_decode(fields: dict[str, object]) -> None:
    message = {**fields, "type": "x"}
    frame = encode(message)
    assert int.from_bytes(frame[:4], "big") == len(frame) - 4
    assert decode(frame[4:]) == message


async def test_read_frame_refuses_an_oversized_length_before_reading_it() -> None:
    reader = asyncio.StreamReader()
    reader.feed_data((MAX_FRAME + 1).to_bytes(4, "big"))
    with pytest.raises(ProtocolError) as refused:
        await read_frame(reader)
    assert refused.value.code == "too_large"


def test_encode_refuses_to_build_an_oversized_frame() -> None:
    with pytest.raises(ValueError, match="too large"):
        encode({"type": "chat", "text": "x" * MAX_FRAME})


def test_trailing_bytes_are_refused() -> None:
    with pytest.raises(ProtocolError):
        decode(msgpack.packb({"type": "ping"}) + b"\x00")


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("Ann", True),
        ("  Zoë  ", True),
        ("漢字", True),
        ("a\tb", False),
        ("\x1b[2J", False),
        ("zero\u200bwidth", False),
        ("\U0001f469\u200d\U0001f4bb Ann", True),  # a zero width joiner glues an emoji
        ("evil\u202egnp.exe", False),  # bidi override
        ("a\u2066b\u2069", False),  # bidi isolates
        ("soft\u00adhyphen", False),  # any other format character
        ("   ", False),
        ("x" * 25, False),
        (None, False),
    ],
)
def test_names_are_printable_text(text: object, ok: bool) -> None:
    if ok:
        assert clean_text(text, 24, "name") == str(text).strip()
    else:
        with pytest.raises(ProtocolError):
            clean_text(text, 24, "name")


def test_a_protocol_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="control characters"):
        clean_text("\x07", 24, "name")


def test_echoed_values_are_brief() -> None:
    assert brief("abc") == "'abc'"
    # core's brief, re-exported: one way to quote a peer's value, however large or nested
    assert brief is core.api.brief
    for value in ["x" * 300_000, {str(i) * 30: [i] * 50 for i in range(9)}, [["y" * 99] * 9] * 9]:
        assert len(brief(value)) <= MAX_ECHO


@pytest.mark.parametrize(
    ("message", "expected"), [({"id": 3}, 3), ({"id": True}, None), ({"id": "3"}, None), ({}, None)]
)
def test_only_integer_ids_are_request_ids(message: dict[str, object], expected: object) -> None:
    assert request_id(message) == expected
