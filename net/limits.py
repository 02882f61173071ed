"""Rate limits on what an outsider can multiply: chat lines and joins.

Pure bookkeeping on times the caller passes in (the event loop's clock), so the rules are
testable without waiting. A `Window` counts events in a sliding window; `JoinLimiter` keeps one
per peer address, so a program that joins and leaves in a loop is first slowed, then refused for
a while (net/PROTOCOL.md, `too_many_joins`), while everyone else still gets in at once.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import asdict, dataclass, field

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

    @classmethod
    def parse(cls, text: str) -> JoinPolicy | None:
        """A headless server's `--joins`: "off" (None: no limit, for benchmarks and tests
        whose every client comes from loopback), or some of the limits changed, as
        "most=20,bar=5"; ValueError names what is wrong."""
        if text.strip() == "off":
            return None
        limits: dict[str, float] = {}
        names = {name: type(value) for name, value in asdict(cls()).items()}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.partition("=")
            if name not in names:
                raise ValueError(f"no join limit {name!r}; the limits are {', '.join(names)}")
            limits[name] = names[name](value)
            if limits[name] < 0:
                raise ValueError(f"the join limit {name} cannot be negative")
        return cls(**limits)  # type: ignore[arg-type]


class JoinLimiter:
    """Join counts per peer address, at a cost per join that does not grow with the addresses
    seen, and in memory that stays bounded.

    Both maps are kept in the order their entries go stale: `_joins` by each address's latest
    join (an address moves to the end when it joins), `_barred` by when the bar ends (every bar
    is as long). So forgetting is popping from the front while the front is stale: constant work
    per join, amortised, where sweeping every address on each join grew with them (issue 22).
    Past `MOST_ADDRESSES` the address that joined longest ago is forgotten early: a flood from
    that many addresses cannot be told from a crowd anyway, and memory stays bounded.
    """

    MOST_ADDRESSES = 4096

    def __init__(self, policy: JoinPolicy) -> None:
        self.policy = policy
        self._joins: OrderedDict[str, Window] = OrderedDict()
        self._barred: OrderedDict[str, float] = OrderedDict()  # address: when it may join again

    def admit(self, address: str, now: float) -> float:
        """Count a join from `address`: the seconds to wait before answering it, or
        ProtocolError `too_many_joins` while the address is barred."""
        self._forget(now)
        until = self._barred.get(address)
        if until is not None:
            raise _refusal(until - now)
        window = self._joins.pop(address, None) or Window(self.policy.most, self.policy.seconds)
        if window.full(now):
            self._barred[address] = now + self.policy.bar
            raise _refusal(self.policy.bar)
        window.add(now)
        self._joins[address] = window
        return max(0, window.count(now) - self.policy.free) * self.policy.delay

    def barred(self, address: str, now: float) -> bool:
        """Whether `address` is refused now (asking counts nothing)."""
        self._forget(now)
        return address in self._barred

    def tracked(self) -> int:
        """How many addresses are remembered now (for tests and benchmarks)."""
        return len(self._joins) + len(self._barred)

    def _forget(self, now: float) -> None:
        """Drop the addresses whose window and bar are over, and the oldest past the bound."""
        while self._joins and not next(iter(self._joins.values())).count(now):
            self._joins.popitem(last=False)
        while self._barred and next(iter(self._barred.values())) <= now:
            self._barred.popitem(last=False)
        while len(self._joins) >= self.MOST_ADDRESSES:
            self._joins.popitem(last=False)
        while len(self._barred) >= self.MOST_ADDRESSES:
            self._barred.popitem(last=False)


def _refusal(seconds: float) -> ProtocolError:
    return ProtocolError("too_many_joins", seconds=max(1, round(seconds)))
