"""Issue 27: the menu, the solo set-up, each game's screen with its help and its final table,
in each language, at 80x24: snapshots (SVG screenshots, like pytest-textual-snapshot's) and no
text cut short. Issue 36: the host's lobby with its seats, its LAN table, and the round
summaries of the games played in rounds, too.

Each language runs in its own process (tests/i18n/screens_script.py): the language is chosen
once, before the screens are imported. `pytest tests/i18n --snapshot-update` writes the
baselines; look at them (tests/i18n/__snapshots__/*.svg, in a browser) before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.i18n.screens_script import GAMES, LANGUAGES, ROUNDS
from tests.i18n.scripts import run_script

BASELINES = Path(__file__).resolve().parent / "__snapshots__"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_game_and_its_final_table_in_each_language(
    language: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    cut = run_script("tests.i18n.screens_script", tmp_path, language, str(tmp_path), timeout=300)
    assert cut == {name: [] for name in cut}, "texts cut short at 80x24"
    assert len(cut) == 3 + 2 * len(GAMES) + len(ROUNDS)
    update = request.config.getoption("--snapshot-update", default=False)
    differ = []
    shots = sorted(svg.stem.removeprefix(f"{language}_") for svg in tmp_path.glob("*.svg"))
    expected = {*cut, "lan", *(f"{game}_help" for game in GAMES)}
    assert expected <= set(shots)
    for name in shots:
        svg = (tmp_path / f"{language}_{name}.svg").read_text()
        baseline = BASELINES / f"{language}_{name}.svg"
        if update:
            BASELINES.mkdir(exist_ok=True)
            baseline.write_text(svg)
        elif not baseline.is_file() or baseline.read_text() != svg:
            (tmp_path / f"{language}_{name}.new.svg").write_text(svg)
            differ.append(name)
    assert not differ, f"screens unlike their snapshots (new ones in {tmp_path}): {differ}"
