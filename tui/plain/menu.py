"""The main menu as lines: the menu screen's entries with their keys, read out; the one typed
(its key, its number or its first word) opens, and the menu comes back when it is done."""

from __future__ import annotations

from tui.base import settings
from tui.base.game_names import game_name
from tui.base.i18n import LANGUAGES, current, words
from tui.games import playable_games, rules_text
from tui.plain.lines import Lines
from tui.plain.setup import Questions
from tui.screens.menu import ENTRIES, RESUME_ENTRY, TAGLINE, resumable_title
from tui.table.plans import HostPlan, JoinPlan

PLAIN_ENTRIES = ("solo", "resume_solo", "host", "join", "club", "replays", "rules", "quit")
"""The menu's entries the plain mode opens (the language and the keys' help are the
full-screen app's: `--lang` chooses the language here)."""


def entries(resume: str | None) -> list[tuple[str, str, str]]:
    """(name, key, label) of each entry on offer now, in the menu screen's order."""
    offered = [e for e in ENTRIES if e[0] in PLAIN_ENTRIES]
    if resume is not None:
        offered.insert(1, RESUME_ENTRY)
    return offered


async def menu(lines: Lines) -> int:
    """Offer the menu until the player quits (or the input ends)."""
    from tui.plain import tables

    while True:
        offered = entries(resumable_title())
        lines.say(words("Gamenight — {tagline}", tagline=words(TAGLINE)))
        for number, (_, key, label) in enumerate(offered, start=1):
            said = words(label, language=LANGUAGES[current()])
            lines.say(f"{number}. {said} ({key})")
        lines.prompt()
        typed = await lines.read()
        if typed is None:
            return 0
        name = chosen_entry(typed.strip().casefold(), offered)
        if name == "quit":
            return 0
        if name is None:
            lines.say(words("Not one of the choices: {answer}.", answer=typed.strip()))
        elif name == "solo":
            await tables.solo(lines, None)
        elif name == "resume_solo":
            await tables.resumed(lines)
        elif name == "host":
            await host(lines)
        elif name == "join":
            await tables.joining(lines, JoinPlan(player=settings.player_name()))
        elif name == "club":
            await club(lines)
        elif name == "replays":
            from tui.plain.replay import replays

            await replays(lines)
        elif name == "rules":
            await rules(lines)


def chosen_entry(typed: str, offered: list[tuple[str, str, str]]) -> str | None:
    for number, (name, key, label) in enumerate(offered, start=1):
        if typed in (key, str(number), name) or (
            len(typed) > 1 and words(label).casefold().startswith(typed)
        ):
            return name
    return None


async def pick_game(lines: Lines) -> str | None:
    games = playable_games()
    return await Questions(lines).ask(
        words("Game"), [(game_name(g), g.id) for g in games], games[0].id
    )


async def host(lines: Lines) -> None:
    from tui.plain import tables

    game_id = await pick_game(lines)
    if game_id is not None:
        player = settings.player_name()
        await tables.hosting(lines, HostPlan(game_id=game_id, player=player))


async def club(lines: Lines) -> None:
    from tui.plain import tables
    from tui.plain.club_setup import club_setup

    game_id = await pick_game(lines)
    plan = None if game_id is None else await club_setup(lines, game_id)
    if plan is not None:
        await tables.club_hosting(lines, plan)


async def rules(lines: Lines) -> None:
    from tui.plain.frame import rules_lines

    game_id = await pick_game(lines)
    if game_id is not None:
        lines.say(*rules_lines(rules_text(game_id) or ""))
