"""A `gamenight --plain` process on a pseudo-terminal, as a person at a terminal has it: the
test reads what it says and types lines (the pty echoes them, as a terminal does)."""

from __future__ import annotations

import codecs
import os
import pty
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

SCREEN_ESCAPES = re.compile(
    r"\x1b\[[0-9;?]*[ABCDEFGHJKSTfsu]|\x1b\[\?(1049|47|1047|25)[hl]|\x1b[78c]|\x1b\[[0-9;]*m"
)
"""Cursor moves, screen or line erases, the alternate screen, cursor hiding, colour."""


class Conversation:
    """Lines a plain-mode program wrote, as they arrive (`feed`, from any thread), and a
    reading position (`expect`); `send` is how a typed line reaches the program."""

    def __init__(self) -> None:
        self.text = ""  # what it wrote, decoded, line ends as "\n"
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.at = 0
        self.ended = False
        self._lock = threading.Condition()

    def feed(self, chunk: bytes) -> None:
        """Bytes the program wrote; empty: it has ended."""
        with self._lock:
            if chunk:
                self.text += self._decoder.decode(chunk).replace("\r\n", "\n")
            else:
                self.ended = True
            self._lock.notify_all()

    @property
    def output(self) -> str:
        with self._lock:
            return self.text

    def expect(self, pattern: str, timeout: float = 120) -> re.Match[str]:
        """Wait until `pattern` shows after the reading position; move past it. Woken by each
        chunk the program writes (no polling: a benchmark times these waits)."""
        found = re.compile(pattern, re.MULTILINE)
        end = time.monotonic() + timeout
        with self._lock:
            while True:
                match = found.search(self.text, self.at)
                if match is not None:
                    self.at = match.end()
                    return match
                left = end - time.monotonic()
                if left <= 0 or self.ended:
                    break
                self._lock.wait(left)
        raise AssertionError(f"no {pattern!r} in:\n{self.output[-3000:]}")

    def type(self, line: str) -> None:
        self.send((line + "\n").encode())

    def send(self, data: bytes) -> None:
        raise NotImplementedError

    def last_block(self) -> list[str]:
        """The lines from the last one beginning "Game over" back to the block's start."""
        lines = [line.removeprefix("> ") for line in self.output.splitlines()]
        lines = [line for line in lines if line.strip()]
        starts = [i for i, line in enumerate(lines) if line.startswith("Game over — ")]
        assert starts, self.output[-2000:]
        return lines[starts[-1] :]


PROGRAM = [sys.executable, "-m", "tui.programs.cli"]


class PlainProcess(Conversation):
    """The program (or `command`, such as an SSH client reaching it) on a pty: its output so
    far (`output`) and a reading position (`expect`)."""

    def __init__(
        self,
        args: list[str],
        home: Path,
        env: dict[str, str] | None = None,
        command: list[str] = PROGRAM,
    ) -> None:
        super().__init__()
        master, slave = pty.openpty()
        environ = {
            **os.environ,
            "GAMENIGHT_CONFIG_DIR": str(home / "config"),
            "GAMENIGHT_DATA_DIR": str(home / "data"),
            "GAMENIGHT_MDNS_INTERFACES": "127.0.0.1",
            "NO_COLOR": "1",
            "TERM": "xterm-256color",
            "PYTHONIOENCODING": "utf-8",
            **(env or {}),
        }
        self.process = subprocess.Popen(
            [*command, *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=environ,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                chunk = b""
            self.feed(chunk)
            if not chunk:
                return

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def set_up(self, players: int, level: str = "easy") -> None:
        """Answer the solo set-up's questions: a name, the players, no bot pause, the level."""
        self.expect(r"Your name: Enter takes")
        self.type("Tester")
        while True:
            question = self.expect(r"^(?:> )?([^\n:]+): [^\n]*Enter takes [^\n]*\.$")[1]
            answer = {"Players": str(players), "Bot pause": "none", "Bots": level}
            self.type(answer.get(question, ""))
            if question == "Bots":
                return

    def close(self) -> int:
        """End the program (quit, then the end of input) and wait for it."""
        if self.process.poll() is None:
            self.type("quit")
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        os.close(self.master)
        return self.process.returncode
