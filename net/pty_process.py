"""A command run in a pseudo-terminal of its own, its bytes bridged to a remote terminal.

A door gives each remote person a real terminal program (the Gamenight app), so it runs the
program on the slave side of a pty, exactly as a local terminal would: the program owns the
terminal (a new session with the pty as its controlling tty), so a window change reaches it
as SIGWINCH and a hang-up as SIGHUP. The master side is read without blocking; reading pauses
while the remote side cannot take more (`pause`/`resume`), so a slow link slows the program's
output instead of filling memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import termios
from collections.abc import Callable, Sequence

from net.orphans import dies_with_this_process

READ_SIZE = 65536
HANGUP_GRACE = 2.0  # seconds a hung-up program has to end before it is killed


def _take_terminal() -> None:
    """In the child, after setsid: make its stdin (the pty slave) the controlling terminal."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


class PtyProcess:
    """One program in one pty; `output` gets what it writes, `ended` its exit status."""

    def __init__(
        self,
        process: asyncio.subprocess.Process,
        master: int,
        output: Callable[[bytes], None],
        ended: Callable[[int], None],
    ) -> None:
        self.process = process
        self._master: int | None = master
        self._output = output
        self._ended = ended
        self._pending = bytearray()  # input the pty could not take yet
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(master, self._readable)

    @classmethod
    async def spawn(
        cls,
        command: Sequence[str],
        *,
        env: dict[str, str],
        size: tuple[int, int],
        output: Callable[[bytes], None],
        ended: Callable[[int], None],
        pass_fds: Sequence[int] = (),
    ) -> PtyProcess:
        """Start `command` in a new pty of `size` (columns, rows) with environment `env`,
        inheriting the file descriptors `pass_fds` (a door's secrets: net/handoff.py)."""
        master, slave = os.openpty()
        try:
            _set_size(master, *size)
            process = await asyncio.create_subprocess_exec(
                *command,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                start_new_session=True,
                preexec_fn=dies_with_this_process(_take_terminal),  # no orphan: net/orphans.py
                pass_fds=tuple(pass_fds),
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        return cls(process, master, output, ended)

    # ---- the program's output -----------------------------------------------------------
    def _readable(self) -> None:
        assert self._master is not None
        try:
            data = os.read(self._master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:  # EIO: every slave end is closed, the program is gone
            data = b""
        if data:
            self._output(data)
            return
        self._loop.remove_reader(self._master)
        self._loop.create_task(self._reap())

    async def _reap(self) -> None:
        status = await self.process.wait()
        self._close_master()
        self._ended(status)

    def pause(self) -> None:
        """Stop reading the program's output (the remote side is full)."""
        if self._master is not None:
            self._loop.remove_reader(self._master)

    def resume(self) -> None:
        if self._master is not None and self.process.returncode is None:
            self._loop.add_reader(self._master, self._readable)

    # ---- the program's input --------------------------------------------------------------
    def write(self, data: bytes) -> None:
        """Type `data` into the terminal; what the pty cannot take now waits, in order."""
        if self._master is None:
            return
        had_pending = bool(self._pending)
        self._pending += data
        if not had_pending:
            self._flush()

    def _flush(self) -> None:
        if self._master is None:
            return
        try:
            written = os.write(self._master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:  # the program is gone; its end is reported by the reader
            self._pending.clear()
            written = 0
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._master, self._flush)
        else:
            self._loop.remove_writer(self._master)

    def resize(self, columns: int, rows: int) -> None:
        """The remote window changed: tell the terminal, and the program (SIGWINCH)."""
        if self._master is None or columns <= 0 or rows <= 0:
            return
        _set_size(self._master, columns, rows)
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGWINCH)

    # ---- the end ------------------------------------------------------------------------
    async def hang_up(self) -> None:
        """The remote side is gone: hang up as a terminal would (SIGHUP), then kill the
        program if it has not ended after HANGUP_GRACE seconds."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGHUP)
            try:
                await asyncio.wait_for(self.process.wait(), HANGUP_GRACE)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        self._close_master()

    def _close_master(self) -> None:
        if self._master is None:
            return
        master, self._master = self._master, None
        self._loop.remove_reader(master)
        self._loop.remove_writer(master)
        os.close(master)
