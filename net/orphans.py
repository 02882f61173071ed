"""No door child outlives its host.

A door runs one program per remote person (net/ssh_door.py, net/web_door.py). When the host
ends in order it ends them itself; when it is killed (`kill -9`, the OOM killer, a crash) it
cannot, and a browser's client (about 50 MB) would run on under PID 1 for as long as it liked:
nothing reaches a program whose input is a pipe nobody writes to any more.

So each child asks the kernel, between fork and exec (`preexec_fn`), to be killed the moment
its parent ends: Linux's parent-death signal (prctl PR_SET_PDEATHSIG), which exec keeps. The
request only covers a parent that ends after it is made, so the child then checks that its
parent is still the one that forked it; if the host died in between, the child goes at once.
SIGKILL, not a polite signal: the host is gone, so there is no table left to say goodbye to,
and what a door child keeps (its reconnect tokens) is on disk already, written whole.

The signal comes when the thread that forked the child ends: the host forks its door children
from its event loop's thread, which lives as long as the host does. Elsewhere than on Linux
there is no such request; a pty child still gets the hang-up of its terminal (SIGHUP) when the
host's end of the pty closes with it.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
from collections.abc import Callable

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
DEATH_SIGNAL = signal.SIGKILL


def _prctl() -> Callable[..., int] | None:
    """libc's prctl, looked up in the parent: the child, between fork and exec, only calls."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def dies_with_this_process(then: Callable[[], None] | None = None) -> Callable[[], None]:
    """A `preexec_fn` for a child of this process: it is killed when this process ends, and
    ends at once if this process already has; then `then()` (the pty's own preparation)."""
    parent = os.getpid()
    prctl = _prctl()

    def prepare() -> None:
        if prctl is not None:
            prctl(PR_SET_PDEATHSIG, DEATH_SIGNAL, 0, 0, 0)
        if os.getppid() != parent:  # the host died before the request was made
            os.kill(os.getpid(), DEATH_SIGNAL)
        if then is not None:
            then()

    return prepare
