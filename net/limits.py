"""Rate limits on what an outsider can multiply: chat lines and joins.

Pure bookkeeping on times the caller passes in (the event loop's clock), so the rules are
testable without waiting. A `Window` counts events in a sliding window; `JoinLimiter` keeps one
per peer address, so a program that joins and leaves in a loop is first slowed, then refused for
a while (net/PROTOCOL.md, `too_many_joins`), while everyone else still gets in at once.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from net.protocol import ProtocolError


@dataclass
class Window:
    """At most `most` events within any `seconds`."""

    most: int
    seconds: float
    times: deque[float] = field(default_factory=deque)

    def count(self, now: float) -> int:
        """Events within the window ending `now` (older ones are forgotten)."""
        while self.times and now - self.times[0] > self.seconds:
            self.times.popleft()
        return len(self.times)

    def full(self, now: float) -> bool:
        return self.count(now) >= self.most

    def add(self, now: float) -> None:
        self.times.append(now)


@dataclass(frozen=True)
class JoinPolicy:
    """How often one peer address may join a table (say `hello` without a seat's token)."""

    free: int = 5  # joins within `seconds` answered at once
    most: int = 10  # joins within `seconds`; the next one is refused and the address barred
    seconds: float = 60.0
    delay: float = 1.0  # seconds each join past `free` waits for its answer, per join past it
    bar: float = 60.0  # seconds an address stays refused once past `most`


class JoinLimiter:
    """Join counts per peer address; forgets addresses once their window and bar are over."""

    PRUNE_AT = 256  # addresses kept before the stale ones are swept out

    def __init__(self, policy: JoinPolicy) -> None:
        self.policy = policy
        self._joins: dict[str, Window] = {}
        self._barred: dict[str, float] = {}  # address: when it may join again

    def admit(self, address: str, now: float) -> float:
        """Count a join from `address`: the seconds to wait before answering it, or
        ProtocolError `too_many_joins` while the address is barred."""
        if len(self._joins) + len(self._barred) > self.PRUNE_AT:
            self._prune(now)
        until = self._barred.get(address)
        if until is not None:
            if now < until:
                raise _refusal(until - now)
            del self._barred[address]
        window = self._joins.setdefault(address, Window(self.policy.most, self.policy.seconds))
        if window.full(now):
            self._barred[address] = now + self.policy.bar
            del self._joins[address]
            raise _refusal(self.policy.bar)
        window.add(now)
        return max(0, window.count(now) - self.policy.free) * self.policy.delay

    def _prune(self, now: float) -> None:
        for address, window in list(self._joins.items()):
            if not window.count(now):
                del self._joins[address]
        for address, until in list(self._barred.items()):
            if until <= now:
                del self._barred[address]


def _refusal(seconds: float) -> ProtocolError:
    return ProtocolError(
        "too_many_joins",
        f"too many joins from your address; try again in {max(1, round(seconds))} s",
    )
