"""The two ends of a plain conversation: sentences out, typed lines in.

Output is written as it is, a line at a time, and flushed at once (a pipe or a pty must see
each event when it happens). Input is read by a thread (a blocking `readline` works on a tty,
a pipe and a socket alike) and handed to the event loop; end of input reads as None.
"""

from __future__ import annotations

import asyncio
import re
import threading
from typing import TextIO

from tui.base.names import plain

PROMPT = "> "
LRM = "\u200e"  # the left-to-right mark a Persian range is written with ('۱۲\u200e–۱۸')
SPACES = re.compile(r" {2,}")  # an empty part of a sentence leaves no double space


class Lines:
    """Says sentences (`say`), prompts (`prompt`) and reads typed lines (`read`)."""

    def __init__(self, out: TextIO, source: TextIO) -> None:
        self.out = out
        self.source = source
        self.prompted = False  # the last thing written is the prompt, on its own line
        self._typed: asyncio.Queue[str | None] | None = None

    def say(self, *texts: str) -> None:
        """Each text on its own line(s); a line the prompt stands on is ended first."""
        if not texts:
            return
        if self.prompted:
            self.out.write("\n")
            self.prompted = False
        for text in texts:
            for line in str(text).split("\n"):
                self.out.write(clean(line) + "\n")
        self.out.flush()

    def prompt(self) -> None:
        """The short prompt after which a command is typed (not twice in a row)."""
        if not self.prompted:
            self.out.write(PROMPT)
            self.out.flush()
            self.prompted = True

    async def read(self) -> str | None:
        """The next typed line without its line end; None once the input has ended."""
        if self._typed is None:
            self._typed = asyncio.Queue()
            loop = asyncio.get_running_loop()
            threading.Thread(target=self._reader, args=(loop, self._typed), daemon=True).start()
        line = await self._typed.get()
        if line is None:
            self._typed.put_nowait(None)  # stays ended for every later read
        else:
            self.prompted = False  # the typed line ended the prompt's line
        return line

    def _reader(self, loop: asyncio.AbstractEventLoop, typed: asyncio.Queue[str | None]) -> None:
        while True:
            try:
                line = self.source.readline()
            except (OSError, ValueError):
                line = ""
            loop.call_soon_threadsafe(typed.put_nowait, line.rstrip("\r\n") if line else None)
            if not line:
                return


def clean(line: str) -> str:
    """A line with no control character in it (no escape sequence or bidi override can reach
    the terminal, whatever a name or a chat line carried), its indent kept. The joiners a
    Persian word is spelt with (ZWNJ, ZWJ) stay: they are letters' business, not control; so
    does a left-to-right mark, which keeps a range in a Persian line lowest first ('۱۲–۱۸')
    for a terminal or a screen reader that lays the line out, and moves nothing else."""
    body = line.lstrip(" ")
    kept = "".join(ch if ch == LRM else plain(ch) for ch in body)
    return " " * (len(line) - len(body)) + SPACES.sub(" ", kept).rstrip()
