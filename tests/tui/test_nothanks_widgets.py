"""How No Thanks! hands are written on screen."""

from tui.widgets.nothanks import runs_text


def test_runs_are_written_as_ranges_that_never_wrap_inside() -> None:
    """NT-11: a run scores its lowest card, written first; no space inside a run."""
    assert runs_text([]) == "—"
    assert runs_text([17, 3, 5, 4, 30, 29]) == "3–5 · 17 · 29–30"
    assert all(" " not in part for part in runs_text(list(range(3, 36, 2))).split(" · "))
