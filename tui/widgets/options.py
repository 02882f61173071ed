"""A game's typed options as set-up controls: one `Cycler` per declared `core.api.Option`.

Both the solo set-up and the host's lobby draw a game's options from its declaration, so a new
option appears in both with its label, its values and its help line, and nothing is guessed.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Label

from core.api import OPTION_LABEL, Option
from tui.base.i18n import listing, t, words, words_in
from tui.widgets.cycler import Cycler


def seconds_text(seconds: float) -> str:
    """'30 s', in reading order."""
    return words("{seconds} s", seconds=seconds)  # 0.4 is written 0,4 in Czech


def value_label(spec: Option, value: Any) -> str:
    """'on'/'off' for a flag, the number otherwise (with 'none' for a zero clock), in reading
    order."""
    if isinstance(value, bool):
        return words("on") if value else words("off")
    if value == 0 and spec.name.endswith("_seconds"):
        return words("none")
    return seconds_text(value) if spec.name.endswith("_seconds") else str(value)


def option_label(spec: Option) -> str:
    """The option's label in the chosen language, as an option's (core.api.OPTION_LABEL)."""
    return words_in(OPTION_LABEL, spec.label)


def options_text(specs: tuple[Option, ...], values: dict[str, Any]) -> str:
    """The options in words, by their labels: 'Seconds per turn 30 s, Games 1, Jokers in the
    first meld off' (an option `values` lacks is at its default), in reading order. The
    options every game takes for tests and puzzles (`first`, `deck`) are not declared and not
    shown."""
    return listing(
        words(
            "{option} {value}",
            option=option_label(spec),
            value=value_label(spec, values.get(spec.name, spec.default)),
        )
        for spec in specs
    )


def option_rows(
    game_id: str, specs: tuple[Option, ...], values: dict[str, Any]
) -> list[tuple[Label, Cycler]]:
    """A label and a cycler per option of `game_id`, set to `values` where they are allowed.

    Ids are `opt-<game>-<name>`; every cycler has the class `game-option` and the game's id as
    a class, so a screen can show one game's options and read them back (`chosen_options`)."""
    rows = []
    for spec in specs:
        value = values.get(spec.name, spec.default)
        if value not in spec.values():
            value = spec.default
        choices = [(value_label(spec, v), v) for v in spec.values()]
        label = Label(option_label(spec), classes=f"option-label opt-{game_id}")
        label.tooltip = t(spec.help)
        cycler = Cycler(choices, value, id=f"opt-{game_id}-{spec.name}")
        cycler.add_class("game-option", f"opt-{game_id}")
        cycler.tooltip = t(spec.help)
        rows.append((label, cycler))
    return rows


def chosen_options(screen: Any, game_id: str, specs: tuple[Option, ...]) -> dict[str, Any]:
    """The values the option cyclers of `game_id` show on `screen`."""
    return {
        spec.name: screen.query_one(f"#opt-{game_id}-{spec.name}", Cycler).value for spec in specs
    }
