"""A door client behind the browser door, as textual-serve's `AppService` runs it, but started
from an argument list with exec (never a shell), its errors in a log file, its secrets on an
inherited pipe, and ended with the host (net/web_door.py, net/web_plain.py use it)."""

from __future__ import annotations

import asyncio
import contextlib
import shlex
from pathlib import Path
from typing import Any

from textual_serve.app_service import AppService

from net.orphans import dies_with_this_process

REAP_SECONDS = 1.0  # from its output closing to the child watcher having seen it go


class DoorAppService(AppService):
    """textual-serve's app process, started from an argument list with exec (no shell), its
    error output going to a log file instead of the host's screen."""

    def __init__(
        self, argv: list[str], error_log: Path | None, pass_fds: tuple[int, ...] = (), **kwargs: Any
    ) -> None:
        """`pass_fds`: inherited by the door client (its secrets: net/handoff.py)."""
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        self.error_log = error_log
        self.pass_fds = pass_fds

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        # Replaces AppService's create_subprocess_shell (textual-serve 1.1): same pipes, no shell.
        env = self._build_environment(width=width, height=height)
        stderr: Any = asyncio.subprocess.DEVNULL
        if self.error_log is not None:
            stderr = open(self.error_log, "ab")  # noqa: SIM115 (the child keeps its own copy)
        try:
            self._process = process = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
                env=env,
                start_new_session=True,  # a Ctrl+C at the host's terminal is the host's own
                pass_fds=self.pass_fds,
                preexec_fn=dies_with_this_process(),  # it ends with the host (net/orphans.py)
            )
        finally:
            if stderr is not asyncio.subprocess.DEVNULL:
                stderr.close()
        ended = asyncio.StreamReader()  # AppService.run reads stderr: give it an empty one
        ended.feed_eof()
        process.stderr = ended
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def kill(self, leaving: bool) -> None:
        """End the process if `stop` (a polite quit) did not.

        When `stop` returned (`leaving`), the client's output has closed, a moment before
        asyncio's child watcher has reaped it; killing then would reap it first
        (`Popen.send_signal` polls), and the watcher would log "Unknown child process" and report
        a wrong exit code. So the watcher gets `REAP_SECONDS` to see it go before the kill. A
        client that did not answer `stop` is killed at once."""
        process = self._process
        if process is None:
            return
        if leaving:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), REAP_SECONDS)
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
