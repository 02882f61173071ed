"""Issue 36 (5): a name or a chat line typed in Persian is drawn shaped and in reading order
while it is typed (tui/widgets/text_input.py), and a click puts the caret on the letter the
reader pointed at, not on the cell Textual's left-to-right Input would count."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tests.net.conftest import wait_for
from tests.tui.lan_pilots import host_app, host_lobby, log_lines
from tests.tui.pilots import SIZE, wait_until
from tui.base import i18n
from tui.base.bidi import visual
from tui.widgets.talk import ChatInput
from tui.widgets.text_input import TextInput

TYPED = "سارا جان"  # "dear Sara": two words, letters that join


class NameField(App[None]):
    def compose(self) -> ComposeResult:
        yield TextInput("", compact=True)


async def typed_drawn_and_clicked(pilot: Pilot[None], field: TextInput) -> None:
    """Type TYPED into `field` (focused) and check it is drawn shaped from the right, and that
    clicks on its rightmost and leftmost letters, and left of it, put the caret where the
    reader pointed: its first letter, its last, its end."""
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
    await pilot.click(field, offset=(left + width - 1, 0))  # the rightmost letter
    await wait_for(lambda: field.cursor_position == 0)
    await pilot.click(field, offset=(left + width - len(TYPED), 0))  # the leftmost
    await wait_for(lambda: field.cursor_position == len(TYPED) - 1)
    await pilot.click(field, offset=(left, 0))  # left of the text: its end
    await wait_for(lambda: field.cursor_position == len(TYPED))


async def test_persian_typed_into_a_field_is_drawn_shaped_right_to_left_and_clicked_right() -> None:
    i18n.use("fa")
    try:
        app = NameField()
        async with app.run_test(size=(40, 3)) as pilot:
            await typed_drawn_and_clicked(pilot, app.query_one(TextInput))
    finally:
        i18n.use("en")


async def test_a_persian_chat_line_is_drawn_and_clicked_as_it_reads_then_sent_as_typed() -> None:
    """The chat line of a host's lobby (key c), a field the width of the screen under the
    talk: typed, clicked, then sent in reading order."""
    i18n.use("fa")
    try:
        app = host_app()
        async with app.run_test(size=SIZE) as pilot:
            lobby = await host_lobby(pilot)
            await pilot.press("c")
            chat = lobby.query_one(ChatInput)
            await wait_until(pilot, lambda: chat.has_focus)
            await typed_drawn_and_clicked(pilot, chat)
            await pilot.press("enter")
            sent = f"Zoe: {TYPED}"  # in reading order, set against the log's right edge
            await wait_until(pilot, lambda: sent in map(str.strip, log_lines(lobby, "#talk")))
    finally:
        i18n.use("en")
