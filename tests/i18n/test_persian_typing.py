"""Issue 36 (5): a name typed in Persian is drawn shaped and in reading order while it is
typed (tui/widgets/text_input.py), and a click puts the caret on the letter the reader
pointed at, not on the cell Textual's left-to-right Input would count."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult

from tests.net.conftest import wait_for
from tui.base import i18n
from tui.base.bidi import visual
from tui.widgets.text_input import TextInput

TYPED = "سارا جان"  # "dear Sara": two words, letters that join


class NameField(App[None]):
    def compose(self) -> ComposeResult:
        yield TextInput("", compact=True)


async def test_persian_typed_into_a_field_is_drawn_shaped_right_to_left_and_clicked_right() -> None:
    i18n.use("fa")
    try:
        app = NameField()
        async with app.run_test(size=(40, 3)) as pilot:
            field = app.query_one(TextInput)
            for letter in TYPED:
                field.post_message(events.Key(letter, letter))
            await wait_for(lambda: field.value == TYPED)
            await pilot.pause()
            line = field.render_line(0).text
            assert line.strip() == visual(TYPED, right_to_left=True)  # shaped, read from the right
            assert line.rstrip().endswith(visual("سارا", right_to_left=True))  # its start: right
            assert line.strip() != TYPED.strip()
            width = field.scrollable_content_region.width
            left = field.content_region.x - field.region.x
            await pilot.click(TextInput, offset=(left + width - 1, 0))  # the rightmost letter
            await wait_for(lambda: field.cursor_position == 0)
            await pilot.click(TextInput, offset=(left + width - len(TYPED), 0))  # the leftmost
            await wait_for(lambda: field.cursor_position == len(TYPED) - 1)
            await pilot.click(TextInput, offset=(left, 0))  # left of the text: its end
            await wait_for(lambda: field.cursor_position == len(TYPED))
    finally:
        i18n.use("en")
