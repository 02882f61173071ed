"""The host's settings shared by every door (SSH, browser): the table password."""

from __future__ import annotations

import argparse


def add_door_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument(
        "--door-password",
        metavar="TEXT",
        help="the password friends give at a door (SSH, browser); default: "
        "$GAMENIGHT_DOOR_PASSWORD; with none (and no authorized keys) the doors are open",
    )


def apply_door_arguments(args: argparse.Namespace) -> None:
    """Set the doors' password from the command line (the environment is read otherwise)."""
    if getattr(args, "door_password", None):
        from net import door_access

        door_access.set_password(args.door_password)
