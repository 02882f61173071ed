"""The solo set-up as questions with defaults: Enter takes the default, `start` takes every
default from there on. The defaults are the player's last choices, as the set-up screen
opens with them (`tui.base.settings`), and the answers are kept for next time the same way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core import BOT_LEVELS, get_game
from tui.base import settings
from tui.base.game_names import game_name
from tui.base.i18n import listing, words
from tui.base.names import clean_name
from tui.base.seats import level_name
from tui.games import playable_games
from tui.plain.lines import Lines
from tui.screens.solo_setup import (
    BOT_PAUSES,
    DEFAULT_LEVEL,
    DEFAULT_PAUSE,
    DEFAULT_PLAYERS,
    remember_setup,
)
from tui.table.plans import SoloSetup
from tui.widgets.options import option_label, value_label

START = "start"


class Questions:
    """Asks one question at a time; once `start` is typed, every later default is taken."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.started = False

    async def ask(self, question: str, choices: Sequence[tuple[str, Any]], default: Any) -> Any:
        """One of `choices` (label, value), by its label or a prefix of it, or by its number;
        Enter (or `start`) takes `default`. None when the input ends."""
        labels = {value: label for label, value in choices}
        said = words(
            "{question}: {choices}. Enter takes {default}.",
            question=question,
            choices=listing(label for label, _ in choices),
            default=labels.get(default, str(default)),
        )
        while not self.started:
            self.lines.say(said)
            self.lines.prompt()
            typed = await self.lines.read()
            if typed is None:
                return None
            answer = typed.strip().casefold()
            if answer in ("", START):
                self.started = answer == START
                return default
            found = chosen(answer, choices)
            if found is not None:
                return found[1]
            self.lines.say(words("Not one of the choices: {answer}.", answer=typed.strip()))
        return default

    async def name(self, default: str) -> str | None:
        if self.started:
            return default
        self.lines.say(words("Your name: Enter takes {default}.", default=default))
        self.lines.prompt()
        typed = await self.lines.read()
        if typed is None:
            return None
        if typed.strip().casefold() == START:
            self.started = True
            return default
        return clean_name(typed) if typed.strip() else default


def chosen(answer: str, choices: Sequence[tuple[str, Any]]) -> tuple[str, Any] | None:
    """The choice `answer` names: its label, the one label it begins, or its number from 1."""
    for label, value in choices:
        if answer in (label.casefold(), str(value).casefold()):
            return label, value
    starting = [c for c in choices if c[0].casefold().startswith(answer)]
    if len(starting) == 1:
        return starting[0]
    if answer.isdigit() and 1 <= int(answer) <= len(choices):
        return choices[int(answer) - 1]
    return None


async def solo_setup(lines: Lines, game_id: str | None) -> SoloSetup | None:
    """Ask for a solo table (the game too unless given); None when the input ended."""
    ask = Questions(lines)
    last = settings.load().get("solo", {})
    lines.say(words("Solo game — set up the table"), words("Type start to take every default."))
    games = playable_games()
    if game_id is None:
        ids = [g.id for g in games]
        first = last.get("game") if last.get("game") in ids else ids[0]
        game_id = await ask.ask(words("Game"), [(game_name(g), g.id) for g in games], first)
        if game_id is None:
            return None
    game = get_game(game_id)
    player = await ask.name(settings.player_name())
    counts = [(str(n), n) for n in range(game.min_players, game.max_players + 1)]
    players = min(max(last.get("players", DEFAULT_PLAYERS), game.min_players), game.max_players)
    players = await ask.ask(words("Players"), counts, players)
    pauses = [(words(name), delay) for delay, name in BOT_PAUSES]
    pause = last.get("bot_delay", DEFAULT_PAUSE)
    pause = await ask.ask(words("Bot pause"), pauses, pause if pause in dict(BOT_PAUSES) else 0.8)
    options = await game_options(ask, game_id, last.get("options", {}).get(game_id, {}))
    levels = [(level_name(level), level) for level in BOT_LEVELS]
    remembered = [lv for lv in last.get("levels", []) if lv in BOT_LEVELS]
    level = await ask.ask(words("Bots"), levels, (remembered or [DEFAULT_LEVEL])[0])
    if None in (player, players, pause, options, level):
        return None
    setup = SoloSetup(game_id, player, (level,) * (players - 1), pause, options)
    remember_setup(setup)
    return setup


async def game_options(ask: Questions, game_id: str, last: dict[str, Any]) -> dict[str, Any] | None:
    """The game's declared options, each a question (core.api.Option)."""
    chosen_values: dict[str, Any] = {}
    for spec in get_game(game_id).option_specs:
        default = last.get(spec.name, spec.default)
        if default not in spec.values():
            default = spec.default
        values = [(value_label(spec, v), v) for v in spec.values()]
        value = await ask.ask(option_label(spec), values, default)
        if value is None and None not in spec.values():
            return None
        chosen_values[spec.name] = value
    return chosen_values
