"""What a program left switched on in a remote terminal, and the bytes that switch it off.

A full-screen program (the Gamenight app) turns on the alternate screen, mouse reporting and
bracketed paste and hides the cursor; it turns them off again when it ends well. A door's
program that is hung up (the host closed the table) or crashes never does, and a friend's
terminal is left drawing nothing, printing mouse moves as text, with no cursor (issue 34).
So a door follows the DEC private modes in what the program writes (`CSI ? n h` / `CSI ? n l`)
and, when the program is gone, switches off exactly those still on: a program that restored
the terminal itself gets nothing more (turning the alternate screen off twice would move the
cursor back up over what follows).
"""

from __future__ import annotations

import re

# The modes a door switches off after its program, in the order they are switched off: mouse
# reporting of every kind, focus events and bracketed paste first, the alternate screen last
# but one (its words then land on the normal screen), the cursor shown last.
MOUSE = (1000, 1002, 1003, 1005, 1006, 1015, 1016)
RESTORED = (*MOUSE, 1004, 2004, 1049, 47, 1047)
CURSOR = 25  # shown by default: *off* is what needs undoing
PRIVATE_MODE = re.compile(rb"\x1b\[\?([0-9;]*)([hl])")
TAIL = 16  # bytes kept across writes: a sequence split between two reads is still seen


class TerminalModes:
    """The modes a stream of terminal output has left on, as it is written."""

    def __init__(self) -> None:
        self.on: set[int] = set()
        self.cursor_hidden = False
        self._tail = b""

    def feed(self, data: bytes) -> None:
        """Follow one more piece of the program's output."""
        text = self._tail + data
        end = 0
        for found in PRIVATE_MODE.finditer(text):
            setting = found[2] == b"h"
            for number in (int(part) for part in found[1].split(b";") if part.isdigit()):
                if number == CURSOR:
                    self.cursor_hidden = not setting
                elif setting:
                    self.on.add(number)
                else:
                    self.on.discard(number)
            end = found.end()
        rest = text[end:]
        escape = rest.rfind(b"\x1b")
        self._tail = rest[escape:][:TAIL] if escape >= 0 and len(rest) - escape < TAIL else b""

    def restore(self) -> bytes:
        """The bytes that switch off what is still on (and show the cursor), then reset the
        colours: empty when the program left the terminal as it found it."""
        modes = [number for number in RESTORED if number in self.on]
        out = b"".join(b"\x1b[?%dl" % number for number in modes)
        if self.cursor_hidden:
            out += b"\x1b[?25h"
        if out:
            out += b"\x1b[0m\r\n"
        return out
