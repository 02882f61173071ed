"""The door password kept out of `ps` (issue 23 item 2): from a file or a prompt, and a
warning when it came on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

import tui.programs.door_flags
from net import door_access
from tui.programs.cli import build_parser
from tui.programs.door_flags import SHOWN_WARNING, apply_door_arguments


@pytest.fixture(autouse=True)
def _no_password(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(door_access.PASSWORD_ENV, raising=False)
    monkeypatch.setattr(door_access, "_password", None)


def host_args(*extra: str):  # type: ignore[no-untyped-def]
    return build_parser().parse_args(["host", "--ssh", *extra])


def test_a_password_file_gives_its_first_line_without_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = tmp_path / "door"
    secret.write_text("blue otter\nignored\n")
    apply_door_arguments(host_args("--door-password-file", str(secret)))
    assert door_access.password() == "blue otter"
    assert capsys.readouterr().err == ""


def test_a_missing_or_empty_file_is_refused_plainly(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="cannot read the door password file"):
        apply_door_arguments(host_args("--door-password-file", str(tmp_path / "none")))
    (tmp_path / "empty").write_text("\n")
    with pytest.raises(SystemExit, match="is empty"):
        apply_door_arguments(host_args("--door-password-file", str(tmp_path / "empty")))
    assert door_access.password() is None


def test_a_dash_asks_for_it_without_showing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    monkeypatch.setattr(
        tui.programs.door_flags.getpass, "getpass", lambda p: asked.append(p) or "otter"
    )
    apply_door_arguments(host_args("--door-password", "-"))
    assert door_access.password() == "otter" and asked


def test_a_password_on_the_command_line_works_but_is_warned_about(
    capsys: pytest.CaptureFixture[str],
) -> None:
    apply_door_arguments(host_args("--door-password", "blue otter"))
    assert door_access.password() == "blue otter"
    assert SHOWN_WARNING in capsys.readouterr().err


def test_file_and_value_cannot_both_be_given(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        host_args("--door-password", "x", "--door-password-file", str(tmp_path))


@pytest.mark.parametrize("command", [["host", "papayoo"], ["club", "pasovec"]])
def test_the_plain_host_and_club_take_the_password_file_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """`gamenight --plain host|club --ssh … --door-password-file F`: the plain mode's doors
    ask for the password the app's would (it was read only by the full-screen app)."""
    from tui.programs.cli import main

    seen: dict[str, object] = {}
    monkeypatch.setattr("tui.plain.run.run_plain", lambda **kwargs: seen.update(kwargs) or 0)
    secret = tmp_path / "door"
    secret.write_text("blue otter\n")
    args = ["--plain", *command, "--player", "Ana", "--ssh", "2222"]
    assert main([*args, "--door-password-file", str(secret)]) == 0
    assert door_access.password() == "blue otter"
    plan = seen["host" if command[0] == "host" else "club"]
    assert plan.player == "Ana" and plan.ssh is not None  # type: ignore[attr-defined]
