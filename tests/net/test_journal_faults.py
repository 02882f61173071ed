"""A journal write that fails never reaches the journal, in whole or in part (issue 22).

The file-size limit of the report (`prlimit --fsize`) is met twice: for real, with
RLIMIT_FSIZE in a child process, and for every game through a running host, with a file that
does what the OS does at such a limit (it writes up to it, then fails with EFBIG). After each
sequence of refused and good writes the journal must resume to the very table the players saw.
"""

from __future__ import annotations

import errno
import json
import random
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from core import GAMES, IllegalMove, get_game
from net import journal
from net.client import ClientSession, connect
from net.host import Host
from net.session import Message, Session
from tests.net.conftest import wait_for


class LimitedFile:
    """A raw journal file under a file-size limit: writes stop at `limit` bytes as the kernel
    stops them (a short write, then EFBIG); `limit=None` lifts it. `cuts_fail` makes truncating
    fail too, as a disk that refuses everything would."""

    def __init__(self, file: Any) -> None:
        self.file = file
        self.limit: int | None = None
        self.cuts_fail = False
        self.closed = False

    def write(self, data: memoryview) -> int:
        position = self.file.tell()
        if self.limit is not None and position + len(data) > self.limit:
            if position >= self.limit:
                raise OSError(errno.EFBIG, "File too large")
            data = data[: self.limit - position]
        return self.file.write(data)

    def truncate(self, size: int) -> int:
        if self.cuts_fail:
            raise OSError(errno.EIO, "Input/output error")
        return self.file.truncate(size)

    def seek(self, offset: int, whence: int = 0) -> int:
        return self.file.seek(offset, whence)

    def close(self) -> None:
        self.closed = True
        self.file.close()


def limit(journal_: journal.Journal) -> LimitedFile:
    wrapped = LimitedFile(journal_._file)
    journal_._file = wrapped  # type: ignore[assignment]
    return wrapped


def header() -> dict[str, Any]:
    return {"game": "nothanks", "players": 3, "seed": 7, "options": {}}


def test_a_refused_line_never_lands_even_a_torn_part_of_it(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    written = journal.Journal.create(path, header())
    file = limit(written)
    written.append(0, {"kind": "pass"})
    size = path.stat().st_size
    for room in (0, 12):  # at the size, and 12 bytes past it: a torn line
        file.limit = size + room
        with pytest.raises(OSError):
            written.append(1, {"kind": "take"})
        assert path.stat().st_size == size
    file.limit = None
    written.append(1, {"kind": "take"})  # the retry, once
    written.append(2, {"kind": "pass"})
    written.close()
    assert journal.load(path)[1]["actions"] == [
        [0, {"kind": "pass"}],
        [1, {"kind": "take"}],
        [2, {"kind": "pass"}],
    ]


def test_a_torn_line_left_by_a_failed_cut_is_cut_before_the_next_line_and_on_reopen(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.jsonl"
    written = journal.Journal.create(path, header())
    file = limit(written)
    size = path.stat().st_size
    file.limit, file.cuts_fail = size + 5, True
    with pytest.raises(OSError):
        written.append(0, {"kind": "take"})
    assert path.stat().st_size == size + 5  # torn, and the cut failed as well
    assert journal.load(path)[1]["actions"] == []  # a torn last line is no action
    file.limit, file.cuts_fail = None, False
    written.append(0, {"kind": "pass"})
    assert journal.load(path)[1]["actions"] == [[0, {"kind": "pass"}]]
    with path.open("ab") as raw:
        raw.write(b'[1, {"ki')  # the host died mid-write
    written.close()
    reopened = journal.Journal.reopen(path)
    reopened.append(1, {"kind": "take"})
    reopened.close()
    assert journal.load(path)[1]["actions"] == [[0, {"kind": "pass"}], [1, {"kind": "take"}]]


CHILD = textwrap.dedent(
    """
    import json, resource, sys
    from pathlib import Path
    from net import journal

    path = Path(sys.argv[1])
    written = journal.Journal.create(path, {"game": "nothanks", "players": 3, "seed": 7,
                                            "options": {}})
    outcomes = []
    for room in (0, 12, None):
        size = path.stat().st_size
        soft = resource.RLIM_INFINITY if room is None else size + room
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, resource.RLIM_INFINITY))
        try:
            written.append(1, {"kind": "take"})
            outcomes.append("saved")
        except OSError as err:
            outcomes.append(f"refused {err.errno}, size {path.stat().st_size - size:+d}")
    written.append(2, {"kind": "pass"})
    print(json.dumps(outcomes))
    """
)


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE as Linux applies it")
def test_a_real_file_size_limit_refuses_then_saves_the_retry_once(tmp_path: Path) -> None:
    """The report's `prlimit --fsize`, for real: CPython ignores SIGXFSZ, so a write past the
    limit fails with EFBIG, after a short write when part of the line fits."""
    path = tmp_path / "j.jsonl"
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout) == [
        f"refused {errno.EFBIG}, size +0",
        f"refused {errno.EFBIG}, size +0",
        "saved",
    ]
    assert journal.load(path)[1]["actions"] == [[1, {"kind": "take"}], [2, {"kind": "pass"}]]


# ---- every game, through a running host ------------------------------------------------------
class Player:
    """A seat's connection and the last state it was sent."""

    def __init__(self) -> None:
        self.states: list[Message] = []
        self.session: Session | None = None

    def __call__(self, message: Message) -> None:
        if message["type"] == "state":
            self.states.append(message)


async def seat_everyone(game_id: str) -> tuple[Host, list[Player]]:
    """A table of the game's fewest seats, every one a person: the host and remote players."""
    game = get_game(game_id)
    players = [Player() for _ in range(game.min_players)]
    host = Host(game_id, name="Hostess", players=game.min_players, on_message=players[0])
    host.seed = 11
    players[0].session = host.local
    port = await host.serve("127.0.0.1", 0)
    host.admission.joins = None
    for index, player in enumerate(players[1:], start=1):
        player.session = await connect("127.0.0.1", port, f"Player {index}", on_message=player)
    host.start()
    referee = host.referee
    assert referee is not None
    await wait_for(lambda: all(p.states and p.states[-1]["version"] == 0 for p in players))
    return host, players


def intent(
    host: Host, rng: random.Random, unlike: tuple[int, dict] | None = None
) -> tuple[int, dict]:
    """A random legal intent of a seat to act, and its seat (the test may look at the state; a
    player could not). With `unlike`, another one where the rules allow: another seat's in a
    simultaneous decision, else another move of the same seat."""
    referee = host.referee
    assert referee is not None
    seats = referee.game.to_act(referee.state)
    if unlike is not None and len(seats) > 1:
        seats = [s for s in seats if s != unlike[0]]
    seat = rng.choice(seats)
    action = referee.game.random_action(referee.state, seat, rng)
    for _ in range(20):
        if (seat, action) != unlike:
            break
        action = referee.game.random_action(referee.state, seat, rng)
    return seat, action


async def send(players: list[Player], seat: int, action: dict, version: int) -> None:
    session = players[seat].session
    assert session is not None
    await session.act(action, version)


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_refused_writes_never_reach_the_journal_and_a_resume_is_the_table_seen(
    game_id: str, tmp_path: Path
) -> None:
    """Refused at the journal's size and at 12 bytes past it (a torn line), then: the same
    intent again, once; a different move instead; the same again. The journal holds exactly
    the moves made, and with a torn tail added it resumes to the views the players hold."""
    host, players = await seat_everyone(game_id)
    referee, rng = host.referee, random.Random(5)
    assert referee is not None and host.journal is not None
    file = limit(host.journal)
    path = host.journal.path
    try:
        for step in ("retry", "another move", "retry"):
            seat, action = intent(host, rng)
            version, size = referee.version, path.stat().st_size
            for room in (0, 12):
                file.limit = size + room
                with pytest.raises(IllegalMove, match="could not save"):
                    await send(players, seat, action, version)
                assert path.stat().st_size == size and referee.version == version
            file.limit = None
            if step == "another move":
                seat, action = intent(host, rng, unlike=(seat, action))
            await send(players, seat, action, version)
            assert journal.load(path)[1]["actions"] == referee.record["actions"]
        await wait_for(lambda: all(p.states[-1]["version"] == referee.version for p in players))
        copy = tmp_path / "crashed.jsonl"
        shutil.copy(path, copy)
        with copy.open("ab") as raw:
            raw.write(b'[0, {"kind": "pl')  # killed mid-write
        seen = [p.states[-1]["view"] for p in players]
    finally:
        for player in players[1:]:
            assert isinstance(player.session, ClientSession)
            await player.session.close()
        await host.close()
    resumed = Host.resume(copy)
    try:
        assert resumed.referee is not None
        assert resumed.referee.version == referee.version
        assert [resumed.referee.view(s) for s in range(len(players))] == seen
    finally:
        await resumed.close()
