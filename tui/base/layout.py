"""The one place text is laid out for the screen: every line Textual or Rich draws passes
through here on its way to the terminal, after it is wrapped and cut (in reading order) and
before its cells are written, and nowhere else. So each piece of text is laid out exactly once,
whatever it was built from: a translated sentence with a name and a suffix put in, a table's
cell, a typed name, a line of the log (tui/base/bidi.py does the layout itself).

Everything else in the program keeps text in reading order (`t` and `words` give it so), which
is also what a plain line mode or a screen reader wants.

Two renderers put text on Textual's screen, and both are hooked by `install` (the app calls it
before its first screen):
- Textual's `Content` (Static, Label, Button, the footer, option lists...): each wrapped line is
  laid out and, when it reads right to left, set against the right edge (a paragraph's start);
- Rich's `Text` (tables, DataTable cells, inputs, logs, renderables of our own): each line.
A line reads right to left when the language is Persian and the line has a right-to-left
letter outside its cells: the language decides, not the line's first letter, so a Persian
sentence that starts with a Latin name still reads from the right. A cell (`cell`) is laid out
by itself and stays where its row puts it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tui.base.bidi import (
    embedded,
    has_right_to_left,
    moved_spans,
    outside_embeddings,
    reorder,
)
from tui.base.i18n import right_to_left

if TYPE_CHECKING:  # Textual and Rich are loaded by the app, not by the plain words here
    from rich.text import Text
    from textual.content import Content


def cell(text: str) -> str:
    """`text` as a table's cell (a name, a name with its suffix, a column's header): laid out
    by itself, in the language's direction, so that the row around it keeps its columns in
    their places. On an English screen 'سارا (you)' reads left to right, the name first and
    its suffix after it (read from the right, as its first letter would have it, the suffix
    came first: '(you) سارا'). Text with no right-to-left letter needs no marks."""
    if not has_right_to_left(text):
        return text
    return embedded(text, right_to_left())


def reads_right_to_left(line: str) -> bool:
    """Whether a line on the screen reads right to left: in a right-to-left language, when it
    has a right-to-left letter of its own (outside its cells)."""
    return right_to_left() and has_right_to_left(outside_embeddings(line))


def laid_out(plain: str) -> tuple[str, list[int], bool]:
    """`plain` as drawn, each line laid out by itself; for each drawn character its index in
    `plain`; and whether its (first) line reads right to left. The blanks at a line's ends
    stay where they are: they are its alignment (a column's header set to the right), chosen
    before the line reaches here."""
    drawn: list[str] = []
    order: list[int] = []
    leftward: bool | None = None
    offset = 0
    for line in plain.split("\n"):
        if offset:
            drawn.append("\n")
            order.append(offset - 1)
        rtl = reads_right_to_left(line)
        leftward = rtl if leftward is None else leftward
        core = line.strip(" ")
        lead = line.index(core) if core else len(line)
        drawn.append(line[:lead])
        order.extend(range(offset, offset + lead))
        for ch, index in reorder(core, rtl):
            drawn.append(ch)
            order.append(offset + lead + index)
        drawn.append(line[lead + len(core) :])
        order.extend(range(offset + lead + len(core), offset + len(line)))
        offset += len(line) + 1
    return "".join(drawn), order, bool(leftward)


def _moved(order: list[int], spans: Iterable[Any], make: Callable[..., Any]) -> list[Any]:
    return [make(*span) for span in moved_spans(order, ((s.start, s.end, s.style) for s in spans))]


def laid_out_content(content: Content) -> tuple[Content, bool]:
    """A line of Textual's `Content` laid out, its styles with their letters; and whether it
    reads right to left."""
    from textual.content import Content, Span

    plain, order, leftward = laid_out(content.plain)
    spans = _moved(order, content.spans, Span)
    return Content(plain, spans, strip_control_codes=False), leftward


def laid_out_text(text: Text) -> Text:
    """Rich `Text` laid out line by line, its styles with their letters."""
    from rich.text import Span as RichSpan

    plain, order, _ = laid_out(text.plain)
    drawn = text.blank_copy(plain)
    drawn.spans = _moved(order, text.spans, RichSpan)
    return drawn


def install() -> None:
    """Hook the layout into Textual's and Rich's line rendering, once (the hooks wrap the
    methods that turn a wrapped line into cells: `Content._wrap_and_format`, whose lines carry
    their alignment, `Content.render_segments`, which a border's title takes, and
    `Text.render`)."""
    from rich.text import Text
    from textual.content import Content

    if getattr(Content._wrap_and_format, "laid_out", False):
        return
    wrap_and_format = Content._wrap_and_format
    render = Text.render
    render_segments = Content.render_segments

    def _wrap_and_format(self: Content, width: int, *args: Any, **kwargs: Any) -> Any:
        lines = wrap_and_format(self, width, *args, **kwargs)
        for line in lines:
            if has_right_to_left(line.content.plain):
                line.content, leftward = laid_out_content(line.content)
                if leftward and line.align in ("left", "start"):
                    line.align = "right"  # where a reader of the line starts
        return lines

    def _render(self: Text, console: Any, end: str = "") -> Any:
        return render(laid_out_text(self) if has_right_to_left(self.plain) else self, console, end)

    def _render_segments(self: Content, *args: Any, **kwargs: Any) -> Any:
        drawn = laid_out_content(self)[0] if has_right_to_left(self.plain) else self
        return render_segments(drawn, *args, **kwargs)

    _wrap_and_format.laid_out = True  # type: ignore[attr-defined]
    Content._wrap_and_format = _wrap_and_format  # type: ignore[method-assign]
    Content.render_segments = _render_segments  # type: ignore[method-assign]
    Text.render = _render  # type: ignore[method-assign]
