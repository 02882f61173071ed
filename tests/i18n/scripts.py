"""Run a script of tests/i18n in a process of its own (the language is chosen once, before the
screens are imported) with its own settings and data folder, and read the JSON it prints."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def run_script(module: str, home: Path, *args: str, timeout: float) -> Any:
    """The JSON of the last line `python -m module ARGS` prints, run from the repository with
    `home` as its settings and data folder; if it fails, the end of what it wrote to stderr
    (where it failed) is the test's failure."""
    env = {**os.environ, "GAMENIGHT_CONFIG_DIR": str(home), "GAMENIGHT_DATA_DIR": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, f"{module} {' '.join(args)} failed:\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])
