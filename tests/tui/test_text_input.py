"""The app's text field (tui/widgets/text_input.py): keys that arrive together act in order.

The keys are queued all at once, before the app handles the first, as one terminal read
brings them (a remote player's keys through a door); `pilot.press` would wait after each.
"""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult

from tui.widgets.text_input import TextInput


class Field(App[None]):
    def compose(self) -> ComposeResult:
        yield TextInput("zoe")  # focused, its text selected: typing replaces it


def key_events(*parts: str) -> list[events.Key]:
    """A part is a key name ("left", "ctrl+a") or some characters typed one by one."""
    keys: list[events.Key] = []
    for part in parts:
        named = len(part) > 1 and part.islower()
        keys += [events.Key(part, None)] if named else [events.Key(c, c) for c in part]
    return keys


@pytest.mark.parametrize(
    ("parts", "value"),
    [
        (("Ann7", "left", "X"), "AnnX7"),  # the X goes where ← put the cursor
        (("Ann7", "ctrl+a", "B"), "BAnn7"),
        (("ABC", "backspace", "D"), "ABD"),
        (("ABC", "left", "left", "delete", "X"), "AXC"),
    ],
)
async def test_bound_keys_act_in_their_place_among_typed_ones(
    parts: tuple[str, ...], value: str
) -> None:
    app = Field()
    async with app.run_test() as pilot:
        field = app.query_one(TextInput)
        assert field.has_focus and field.selected_text == "zoe"
        for key in key_events(*parts):
            app.post_message(key)
        await pilot.pause()
        assert field.value == value
