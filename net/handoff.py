"""A door's secrets for the program it runs for a person, handed over by an inherited pipe.

A door's program must know who it runs for (`Visitor.who`, which holds their reconnect token)
and the handle that brings them back (`Visitor.again`): bearer secrets. A command line is
readable by every local user (`ps`, /proc/PID/cmdline) and a file would have to be written
somewhere, so the door writes them into a pipe, closes its end, and the program inherits the
read end (`pass_fds`) and is told only its number (issue 34). The secrets are far smaller than
a pipe holds, so writing never waits for the reader.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from types import TracebackType

MOST = 60_000  # bytes: less than a Linux pipe's 64 KiB, so the write completes at once


class Handoff:
    """A pipe already holding `secrets` (JSON), its write end closed; `fd` is the read end to
    pass to the child, closed here once the child has it (`close`, or leaving a `with`)."""

    def __init__(self, secrets: Mapping[str, str]) -> None:
        data = json.dumps(dict(secrets)).encode("utf-8")
        if len(data) > MOST:
            raise ValueError("the secrets are too long for a pipe")
        self.fd, write = os.pipe()  # neither end is inherited unless passed (PEP 446)
        try:
            os.write(write, data)
        finally:
            os.close(write)
        self._open = True

    def close(self) -> None:
        """The child holds its own copy now (or never started): close ours, once."""
        if self._open:
            self._open = False
            os.close(self.fd)

    def __enter__(self) -> Handoff:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def receive(fd: int) -> dict[str, str]:
    """In the child: read the secrets from inherited `fd` and close it; {} when it holds none
    that parse (a door never sends those)."""
    data = bytearray()
    try:
        while chunk := os.read(fd, 65536):
            data += chunk
            if len(data) > MOST:
                break
    finally:
        os.close(fd)
    try:
        found = json.loads(data.decode("utf-8"))
    except ValueError:
        return {}
    if not isinstance(found, dict):
        return {}
    return {str(key): value for key, value in found.items() if isinstance(value, str)}
