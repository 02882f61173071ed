"""`gamenight host`'s door flags: the SSH door (`--ssh`), the browser door (`--web`), and the
table password shared by both.

The password is best given in a file (`--door-password-file`) or typed at a prompt
(`--door-password -`): a value on the command line is visible to every local user in `ps`, so
it is still taken but warned about (issue 23).
"""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path

from tui.base.i18n import N_, t, words
from tui.table.plans import DEFAULT_SSH_PORT, DEFAULT_WEB_PORT, WEB_IDLE, WEB_MAX, SshPlan, WebPlan

SHOWN_WARNING = N_(
    "gamenight: warning: a password on the command line can be read by every user of this "
    "machine (ps); prefer --door-password-file FILE or --door-password - (asks for it)"
)


def add_door_arguments(host: argparse.ArgumentParser) -> None:
    given = host.add_mutually_exclusive_group()
    given.add_argument(
        "--door-password-file",
        type=Path,
        metavar="FILE",
        help=words(
            "the password friends give at a door (SSH, browser), read from the first line of "
            "FILE; default: $GAMENIGHT_DOOR_PASSWORD; with none (and no authorized keys) the "
            "doors are open"
        ),
    )
    given.add_argument(
        "--door-password",
        metavar="TEXT",
        help=words(
            "the door password itself; '-' asks for it without showing it (a value given here "
            "shows in ps: prefer --door-password-file)"
        ),
    )


def apply_door_arguments(args: argparse.Namespace) -> None:
    """Set the doors' password from the command line (the environment is read otherwise);
    SystemExit with the reason when the file cannot be read or is empty."""
    text = door_password(args)
    if text:
        from net import door_access

        door_access.set_password(text)


def door_password(args: argparse.Namespace) -> str | None:
    """The password the command line gives, by file, prompt or value (warned about)."""
    path: Path | None = getattr(args, "door_password_file", None)
    if path is not None:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise SystemExit(
                t("gamenight: cannot read the door password file: {err}", err=err)
            ) from None
        text = lines[0].strip() if lines else ""
        if not text:
            raise SystemExit(t("gamenight: the door password file {path} is empty", path=path))
        return text
    value: str | None = getattr(args, "door_password", None)
    if value == "-":
        return getpass.getpass(t("Door password (friends type it at the door): ")) or None
    if value:
        print(t(SHOWN_WARNING), file=sys.stderr)
    return value


def add_ssh_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument(
        "--ssh",
        type=int,
        nargs="?",
        const=0,
        metavar="PORT",
        help=words(
            "also open an SSH door (on PORT; default {port}, or a free one): friends join with "
            "only an ssh client (the lobby shows the command); see --door-password and "
            "--ssh-authorized-keys",
            port=DEFAULT_SSH_PORT,
        ),
    )
    host.add_argument(
        "--ssh-authorized-keys",
        type=Path,
        metavar="FILE",
        help=words("public keys (authorized_keys format) that may come in through the SSH door"),
    )
    host.add_argument(
        "--ssh-bind",
        metavar="ADDR",
        help=words(
            "the address the SSH door listens on (default: the addresses the lobby shows; "
            "0.0.0.0 for every interface)"
        ),
    )


def ssh_plan(args: argparse.Namespace) -> SshPlan | None:
    if args.ssh is None:
        return None
    return SshPlan(args.ssh or None, args.ssh_authorized_keys, args.ssh_bind)


def add_web_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument(
        "--web",
        type=int,
        nargs="?",
        const=0,
        metavar="PORT",
        help=words(
            "also open a browser door (on PORT; default {port}, or a free one): friends open "
            "http://ADDRESS:PORT (the lobby shows it, with a QR code) and play in their web "
            "browser; see --door-password",
            port=DEFAULT_WEB_PORT,
        ),
    )
    host.add_argument(
        "--web-bind",
        metavar="ADDR",
        help=words(
            "the address the browser door listens on (default: the addresses the lobby shows, "
            "and loopback; 0.0.0.0 for every interface)"
        ),
    )
    host.add_argument(
        "--web-max",
        type=int,
        default=WEB_MAX,
        metavar="N",
        help=words("most browsers connected at once (default {most})", most=WEB_MAX),
    )
    host.add_argument(
        "--web-idle",
        type=float,
        default=WEB_IDLE,
        metavar="SECONDS",
        help=words(
            "close a browser that sent no key or click for this long (default {seconds})",
            seconds=format(WEB_IDLE, ".0f"),
        ),
    )


def web_plan(args: argparse.Namespace) -> WebPlan | None:
    if args.web is None:
        return None
    if args.web_max < 1 or args.web_idle <= 0:
        raise SystemExit(t("gamenight: --web-max and --web-idle must be positive"))
    return WebPlan(args.web or None, args.web_bind, args.web_max, args.web_idle)
