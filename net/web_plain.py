"""The browser door's plain page (issue 37): the plain line mode (tui/plain/) in a browser, for a
screen reader or a braille display.

Two things make a terminal page readable:

- The page's xterm in screen-reader mode, with lines to go back through. textual-serve's
  textual.js builds its terminal with fixed options (`scrollback:0`, no screen-reader mode) and
  keeps no reference a page could reach, so `reader_script` makes a copy of the installed file
  with those options changed, once, when the door opens. A textual.js that does not hold the
  expected constructor (another textual-serve) is served unchanged, and the log says so: the page
  still plays, only without the reader's help.
- A conversation of lines behind it. The plain mode reads lines and writes sentences; nothing
  between a browser and a pipe edits a line as a terminal's driver would, so `LineEditor` does:
  it echoes what is typed, rubs out on Backspace, sends the line on Enter, ends the input on
  Ctrl+D at an empty line, and drops the escape sequences of keys that mean nothing here.
  `PlainAppService` runs the door client with pipes, this editor on its input, and its output
  passed through (each line end a CR LF, as a terminal's driver would write it).
"""

from __future__ import annotations

import codecs
import contextlib
import logging
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from net.web_service import DoorAppService

log = logging.getLogger(__name__)

SCROLLBACK = 1000  # lines a reader can go back through
TERMINAL_OPTIONS = re.compile(
    r"new (\w+)\.Terminal\(\{allowProposedApi:!0,fontSize:(\w+),scrollback:0,"
)
"""The terminal's constructor in textual-serve 1.1's minified textual.js."""
READER_OPTIONS = (
    r"new \1.Terminal({allowProposedApi:!0,fontSize:\2,"
    f"scrollback:{SCROLLBACK},screenReaderMode:!0,"
)
MAX_LINE = 4096  # characters: a command is far shorter; a paste is cut there
CHUNK = 4096


def reader_script(source: Path) -> tuple[bytes, bool]:
    """textual.js with its terminal in screen-reader mode and a scrollback, and whether that
    worked (False: the file as it is, logged)."""
    text = source.read_text(encoding="utf-8")
    patched, count = TERMINAL_OPTIONS.subn(READER_OPTIONS, text)
    if count != 1:
        log.error(
            "%s holds %d terminal constructors of the expected form, not one: the plain page's "
            "terminal has no screen-reader mode",
            source,
            count,
        )
        return text.encode("utf-8"), False
    return patched.encode("utf-8"), True


@dataclass
class Edited:
    """What a piece of typing did: the echo for the page, the lines typed to their end, and
    whether the input ended."""

    echo: str = ""
    lines: list[str] = field(default_factory=list)
    ended: bool = False


class LineEditor:
    """A terminal driver's line editing for text typed in the page (keys as xterm.js sends them)."""

    def __init__(self) -> None:
        self.line: list[str] = []
        self._escape = ""  # an escape sequence begun and not yet ended
        self._after_cr = False  # a LF right after a CR is the same line end

    def feed(self, typed: str) -> Edited:
        edited = Edited()
        echo: list[str] = []
        for char in typed:
            after_cr, self._after_cr = self._after_cr, char == "\r"
            if self._escape or char == "\x1b":
                self._escape = _escaping(self._escape + char)
            elif char in "\r\n":
                if char == "\n" and after_cr:
                    continue
                echo.append("\r\n")
                edited.lines.append("".join(self.line))
                self.line = []
            elif char in "\x7f\b":
                echo.append(self._rub_out(1))
            elif char == "\x15":  # Ctrl+U: the whole line
                echo.append(self._rub_out(len(self.line)))
            elif char == "\x03":  # Ctrl+C: the line dropped, as a terminal shows it
                echo.append("^C\r\n")
                self.line = []
            elif char == "\x04" and not self.line:  # Ctrl+D at an empty line: the end
                edited.ended = True
                break
            elif unicodedata.category(char) != "Cc" and len(self.line) < MAX_LINE:
                # (a Persian word's joiners and a no-break space are typed text too)
                self.line.append(char)
                echo.append(char)
        edited.echo = "".join(echo)
        return edited

    def _rub_out(self, count: int) -> str:
        erased = []
        for _ in range(min(count, len(self.line))):
            cells = _cells(self.line.pop())
            erased.append("\b" * cells + " " * cells + "\b" * cells)
        return "".join(erased)


def _escaping(sequence: str) -> str:
    """The part of an escape sequence still to come ('' once it is whole): ESC [ … final,
    ESC O x, or ESC x."""
    if len(sequence) < 2:
        return sequence
    if sequence[1] == "[":
        return "" if len(sequence) > 2 and "@" <= sequence[-1] <= "~" else sequence
    if sequence[1] == "O":
        return "" if len(sequence) > 2 else sequence
    return ""


def _cells(char: str) -> int:
    """The terminal cells a character takes (a combining mark none, a wide one two)."""
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


class PlainAppService(DoorAppService):
    """A door client in the plain line mode behind the page: lines in, sentences out, over
    pipes (no Textual web-driver packets either way)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.editor = LineEditor()
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        env.pop("TEXTUAL_DRIVER", None)  # nothing here speaks the web driver's packets
        env["PYTHONIOENCODING"] = "utf-8"
        return env

    async def send_bytes(self, data: bytes) -> bool:
        """Keys typed in the page: echoed, and each line sent once Enter ends it."""
        edited = self.editor.feed(self._decoder.decode(data))
        if edited.echo:
            with contextlib.suppress(Exception):
                await self.remote_write_bytes(edited.echo.encode("utf-8"))
        try:
            for line in edited.lines:
                self.stdin.write(line.encode("utf-8") + b"\n")
            if edited.ended:
                self.stdin.close()
            await self.stdin.drain()
        except (RuntimeError, OSError):
            return False
        return True

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        """The page's size, focus and blur mean nothing to lines."""
        return True

    async def stop(self) -> None:
        """End the input (the plain mode leaves the table then) and wait for the output to end."""
        if self._task is None:
            return
        with contextlib.suppress(Exception):
            self.stdin.close()
        await self._task
        self._task = None

    async def run(self) -> None:
        """Pass the client's output to the page until it ends; then the page's session ends."""
        assert self._process is not None and self._process.stdout is not None
        stdout = self._process.stdout
        try:
            while chunk := await stdout.read(CHUNK):
                await self.remote_write_bytes(chunk.replace(b"\n", b"\r\n"))
        except Exception:  # the page went away: the door ends the client
            return
        with contextlib.suppress(Exception):
            await self.remote_close()
