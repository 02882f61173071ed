"""The SSH door's host key: an ed25519 key made on first use and kept in the data directory.

Kept, not made per run, so friends' ssh clients recognise the table from one evening to the
next and a changed key is worth a warning. The private file is the user's alone (0o600 from
the moment it exists, net/paths.py); the lobby shows its fingerprint for friends to check.
"""

from __future__ import annotations

import asyncssh

from net.paths import data_dir, private_file

KEY_FILE = "ssh_host_ed25519_key"


def host_key() -> asyncssh.SSHKey:
    """The host key kept in the data dir, generated and saved there if missing."""
    path = data_dir() / KEY_FILE
    try:
        return asyncssh.read_private_key(path)
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519", comment="gamenight ssh door")
    with private_file(path) as file:
        file.write(key.export_private_key().decode("ascii"))
    return key


def key_secret(key: asyncssh.SSHKey) -> bytes:
    """The private key's own bytes, the same every time the key is read: a secret for things
    signed with the host key that must stay valid across host restarts (the SSH door's
    handles). Not `export_private_key()`, whose OpenSSH encoding carries random check bytes
    (issue 34)."""
    return key.encode_ssh_private()


def fingerprint(key: asyncssh.SSHKey) -> str:
    """'SHA256:…', as `ssh` prints it when it first meets the host."""
    return key.get_fingerprint("sha256")
