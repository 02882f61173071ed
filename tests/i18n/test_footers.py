"""Issue 36, item 12: in every language, each footer at 80x24 keeps the keys of its screen —
the menu's (with a solo game to resume too), a game's own with its hint (and the chat at a LAN
table) ahead of the frame's, which `?` lists anyway, and a replay's every key it shows
(tests/tui/test_footers.py checks that nothing is cut and `?` lists all). Each language runs
in its own process (tests/i18n/footers_script.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.i18n.scripts import run_script


@pytest.mark.parametrize("language", ["en", "hu", "cs", "ro", "fa"])
def test_every_footer_keeps_its_screens_keys_at_80x24(language: str, tmp_path: Path) -> None:
    screens = run_script("tests.i18n.footers_script", tmp_path, language, timeout=600)
    assert len(screens) == 1 + 2 * 4 + 1 + 1 + 1
    lost = {
        name: sorted(set(keys["wanted"]) - set(keys["drawn"]))
        for name, keys in screens.items()
        if set(keys["wanted"]) - set(keys["drawn"])
    }
    assert lost == {}, f"{language}: keys left out of the footer at 80x24"
    assert all(keys["drawn"][-1] == "help" for keys in screens.values())


@pytest.mark.parametrize("language", ["en", "hu", "cs", "ro", "fa"])
def test_rummikubs_prompt_shares_its_line_with_the_clock_at_80_columns(language: str) -> None:
    """The status line and the turn clock sit side by side (each padded a cell on each side):
    every prompt, holding three tiles, fits one line of 80 columns beside the longest clock."""
    from types import SimpleNamespace

    from tui.base import i18n
    from tui.games.rummikub.screen import RummikubScreen

    try:
        i18n.use(language)
        clock = max(
            cell_len(i18n.t("⏱ you: {seconds} s", seconds=60)),
            cell_len(i18n.t("⏱ {seconds} s", seconds=60)),
        )
        held = SimpleNamespace(held=["R7", "R8", "R9"], changed=True)
        changed = SimpleNamespace(held=[], changed=True)
        states = [(held, None), (changed, ("rack", 0)), (changed, None), (None, None)]
        prompts = [
            RummikubScreen.my_prompt(SimpleNamespace(draft=draft, anchor=anchor), None)  # type: ignore[arg-type]
            for draft, anchor in states
        ]
    finally:
        i18n.use("en")
    assert len(set(prompts)) == 4
    assert [p for p in prompts if cell_len(p) + 2 + clock + 2 > 80] == []
