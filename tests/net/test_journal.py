"""The journal: a cut-off last line is ignored; unfinished games are offered for resuming."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from core import replay
from net import journal
from net.client import save_token


def header() -> dict[str, object]:
    return {
        "game": "nothanks",
        "players": 3,
        "seed": 7,
        "options": {"first": 0},
        "table_id": "t",
        "table": "T",
        "local_seat": None,
        "settings": {},
        "seats": [],
    }


def test_a_line_cut_off_by_a_crash_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    written = journal.Journal.create(path, header())
    written.append(0, {"kind": "pass"})
    written.close()
    with path.open("a") as file:
        file.write('[1, {"kind": "pa')
    _header, record = journal.load(path)
    assert record["actions"] == [[0, {"kind": "pass"}]]
    assert record["seed"] == 7


def test_a_corrupt_line_in_the_middle_fails(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal.Journal.create(path, header()).close()
    with path.open("a") as file:
        file.write('garbage\n[0, {"kind": "pass"}]\n')
    with pytest.raises(ValueError):
        journal.load(path)


def test_unfinished_lists_games_not_over() -> None:
    path = journal.journal_dir() / "open.jsonl"
    journal.Journal.create(path, header()).close()
    assert journal.unfinished() == [path]


def test_journals_tokens_and_their_folder_are_the_users_alone(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)  # as an older Gamenight left it
    written = journal.Journal.create(journal.journal_dir() / "t.jsonl", header())
    written.close()
    save_token("127.0.0.1", 1, "Ann", "secret")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(journal.journal_dir().stat().st_mode) == 0o700
    assert stat.S_IMODE(written.path.stat().st_mode) == 0o600
    assert stat.S_IMODE((folder / "tokens.json").stat().st_mode) == 0o600


def test_a_discarded_journal_is_gone_from_the_resumable_list() -> None:
    path = journal.journal_dir() / "over.jsonl"
    written = journal.Journal.create(path, header())
    written.discard()
    assert not path.exists() and journal.unfinished() == []


def test_kick_lines_are_kept_apart_from_the_actions(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    written = journal.Journal.create(path, header())
    written.append(0, {"kind": "pass"})
    written.kick(2)
    written.append(1, {"kind": "pass"})
    written.close()
    loaded, record = journal.load(path)
    assert loaded["kicks"] == [2]
    assert record["actions"] == [[0, {"kind": "pass"}], [1, {"kind": "pass"}]]
    replay(record)  # still a match record core can replay


def test_a_journal_without_kicks_has_none(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    journal.Journal.create(path, header()).close()
    assert journal.load(path)[0]["kicks"] == []
