"""The `gamenight` command. Each subcommand imports its code only when run, so the plain
`gamenight` (the main menu) starts without loading bots, networking or the arena.

The help texts are in the player's language: `main` chooses it (`--lang`, read before the
parser is built, else the menu's choice, else the locale) and only then builds the parser.
argparse's own words ("usage:", "options", "show this help message and exit", the errors a
player can make) are in the catalogs too (ARGPARSE_WORDS): argparse looks each up through its
module's `_` and `ngettext`, which `speak_argparse` points at the chosen language.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from core import BOT_LEVELS
from tui.base import i18n, settings
from tui.base.bidi import flush_right, has_right_to_left, visual
from tui.base.i18n import LANGUAGES, N_, right_to_left, t, words
from tui.games import GAME_SCREENS
from tui.programs.cli_words import word_parser
from tui.programs.door_flags import (
    add_door_arguments,
    add_ssh_arguments,
    add_web_arguments,
    apply_door_arguments,
    ssh_plan,
    web_plan,
)
from tui.table.plans import DEFAULT_PORT, ClubHostPlan, HostPlan, JoinPlan

MDNS_HELP = N_(
    "an IPv4 address of the interface zeroconf may use to advertise/find tables (repeatable); "
    "default: $GAMENIGHT_MDNS_INTERFACES (comma-separated), else every interface"
)

PLAIN_ENV = "GAMENIGHT_PLAIN"
"""Set (not to 0) for the plain line mode, as --plain does: a screen reader's user sets it once."""

PLAYER_HELP = N_("your name at the table (default: the name you used last time)")


LAID = "\x00"  # marks a line laid out already, so `format_help` does not lay it out again


class LaidOutHelp(argparse.HelpFormatter):
    """argparse's wrapping, then each wrapped line laid out: a right-to-left help text is given
    in reading order (`words`), wrapped as such, and each line drawn right to left, flush
    right; what is typed (the usage lines, an argument's options and metavar) reads left to
    right, a Persian metavar laid out where it stands ("--player نام" as it is typed); the
    sections' headings are laid out once the help is whole; any other text (English) is left
    as argparse has it."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        lines = super()._split_lines(text, width)
        return [_flush_right(line, width) for line in lines] if _leftward(text) else lines

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if not _leftward(text):
            return super()._fill_text(text, width, indent)
        lines = super()._fill_text(text, width - len(indent), "").splitlines()
        return "\n".join(indent + _flush_right(line, width - len(indent)) for line in lines)

    def _format_usage(self, *args: Any) -> str:
        """The usage, wrapped by argparse, each line then laid out as typed (marked done)."""
        text = super()._format_usage(*args)
        return "\n".join(LAID + _typed(line) if line else line for line in text.split("\n"))

    def format_help(self) -> str:
        text = super().format_help()
        if not right_to_left():
            return text
        lines = []
        for line in text.split("\n"):
            typed, laid, rest = line.partition(LAID)
            if laid or typed.startswith(" "):  # an argument's column (and its help, laid out)
                lines.append(_typed(typed) + rest)
            else:  # a heading
                lines.append(visual(line, right_to_left=True) if line.strip() else line)
        return "\n".join(lines)


def _typed(text: str) -> str:
    """What is typed (options, metavars, the command) read left to right, a Persian word in
    it laid out where it stands; positions are kept, so argparse's columns stay aligned."""
    return visual(text, right_to_left=False) if _leftward(text) else text


def _leftward(text: str) -> bool:
    """A text read right to left (a Persian one, on a Persian screen)."""
    return right_to_left() and has_right_to_left(text)


def _flush_right(line: str, width: int) -> str:
    return LAID + flush_right(line, width)


class Parser(argparse.ArgumentParser):
    """A parser whose help is laid out for the language (its subcommands' parsers too: they
    are made of the same class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", LaidOutHelp)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """argparse's, with the sentence laid out (Persian)."""
        self.print_usage(sys.stderr)
        said = words("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message}
        self.exit(2, visual(said, right_to_left()))  # written out: laid out here


def _add_host(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    host = sub.add_parser(
        "host",
        help=words(
            "host a LAN table: opens its lobby, where friends join from their own terminals"
        ),
        description=words(
            "Host a LAN table and open its lobby. Players on the same network find it on their "
            "join screen (zeroconf), or type one of the addresses the lobby shows. You play in "
            "this terminal; closing it closes the table."
        ),
    )
    host.add_argument(
        "game", nargs="?", default="nothanks", choices=sorted(GAME_SCREENS), help=words("the game")
    )
    host.add_argument(
        "--port",
        type=int,
        metavar="PORT",
        help=words(
            "TCP port to listen on (default {port}, or a free one if that is taken)",
            port=DEFAULT_PORT,
        ),
    )
    host.add_argument(
        "--name", metavar="TABLE", help=words("the table's name (default: NAME's table)")
    )
    host.add_argument("--player", metavar="NAME", help=words(PLAYER_HELP))
    host.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="TABLE_ID",
        help=words(
            "continue an unfinished LAN game from its journal: the newest, or the table whose "
            "id starts with TABLE_ID; players rejoin with their names (use the same --port)"
        ),
    )
    host.add_argument(
        "--mdns-interface", action="append", metavar="ADDR", default=[], help=words(MDNS_HELP)
    )
    host.add_argument(
        "--no-discovery",
        action="store_true",
        help=words("do not advertise; players type the address"),
    )
    add_ssh_arguments(host)
    add_web_arguments(host)
    add_door_arguments(host)


SEAT_DRAWS = ("mix", "swiss", "fixed")
"""core.club.draw.METHODS, spelled out: the command line must not load the rules to start."""


class RoundGames(tuple[str, ...]):
    """The games a club's rounds may play, as argparse's `choices`, that also hold "none
    given": before Python 3.12, argparse checks the empty list of a `nargs="*"` positional
    against its choices and refuses `gamenight club --resume` ("invalid choice: []")."""

    def __contains__(self, value: object) -> bool:
        return value == [] or super().__contains__(value)


def _add_club(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    club = sub.add_parser(
        "club",
        help=words(
            "host a club night: several tables at once, seats drawn again each round, "
            "standings across the evening"
        ),
        description=words(
            "Host a club night and open its screen. Friends join it like a table (the join "
            "list, the address, the doors); each round you start draws the seats and takes "
            "everyone to their table. You play too."
        ),
    )
    club.add_argument(
        "games",
        nargs="*",
        choices=RoundGames(sorted(GAME_SCREENS)),
        help=words("the game of each round, in order (default: No Thanks!, Papayoo, Rummikub)"),
    )
    club.add_argument(
        "--name", metavar="CLUB", help=words("the club's name (default: NAME's club)")
    )
    club.add_argument("--player", metavar="NAME", help=words(PLAYER_HELP))
    club.add_argument(
        "--table-size", type=int, metavar="N", help=words("preferred seats at a table")
    )
    club.add_argument(
        "--draw", choices=SEAT_DRAWS, default="mix", help=words("how seats are drawn")
    )
    club.add_argument("--no-bots", action="store_true", help=words("people alone fill the tables"))
    level = words("the level of the bots filling seats")
    club.add_argument("--bot-level", default="normal", choices=BOT_LEVELS, help=level)
    clock = words("the turn clock of games that have one")
    club.add_argument("--turn-seconds", type=int, metavar="SECONDS", help=clock)
    club.add_argument(
        "--port", type=int, metavar="PORT", help=words("TCP port of the club (default 47475)")
    )
    club.add_argument(
        "--resume",
        action="store_true",
        help=words("continue the newest club night a crash cut off"),
    )
    club.add_argument(
        "--mdns-interface", action="append", metavar="ADDR", default=[], help=words(MDNS_HELP)
    )
    club.add_argument(
        "--no-discovery",
        action="store_true",
        help=words("do not advertise; players type the address"),
    )
    add_ssh_arguments(club)
    add_web_arguments(club)
    add_door_arguments(club)


def _add_join(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    join = sub.add_parser(
        "join",
        help=words(
            "join a LAN table: lists the tables found on the network, or connects to HOST:PORT"
        ),
        description=words(
            "Open the join screen, which lists the tables found on the network; with "
            "HOST:PORT, connect to that table at once (where multicast is blocked)."
        ),
    )
    join.add_argument("address", nargs="?", metavar="HOST:PORT", help=words("the table's address"))
    join.add_argument("--player", metavar="NAME", help=words(PLAYER_HELP))
    join.add_argument(
        "--spectate", action="store_true", help=words("watch the table instead of taking a seat")
    )
    join.add_argument(
        "--mdns-interface", action="append", metavar="ADDR", default=[], help=words(MDNS_HELP)
    )


def _add_arena(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    arena = sub.add_parser(
        "arena",
        help=words(
            "play bot-only games headless on every core; print win shares, ratings, timings"
        ),
        description=words(
            "Play bot-only games headless, on every core, and print per bot the win share with "
            "a 95% interval, the mean score, an openskill rating (mu ± sigma) and the mean, "
            "median and max decision time. A bot is a level (easy, normal, hard) or a bot "
            "factory named module:attribute, such as a sparring bot in bench/."
        ),
    )
    arena.add_argument("game", help=words("game id, e.g. nothanks"))
    who = arena.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--seats",
        metavar="BOTS",
        help=words("the bot in each seat, comma-separated: hard,easy,easy,easy"),
    )
    who.add_argument(
        "--round-robin",
        metavar="BOTS",
        help=words(
            "rate these bots against each other (comma-separated, e.g. easy,normal,hard): "
            "play --games games of every mix of them at the table"
        ),
    )
    arena.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=words("seats per round-robin game (default: one per bot, within the game's range)"),
    )
    arena.add_argument(
        "--games",
        type=int,
        metavar="N",
        default=100,
        help=words("how many games (default 100; per mix in a round robin)"),
    )
    arena.add_argument(
        "--seed", type=int, metavar="N", default=1, help=words("series seed (default 1)")
    )
    _add_arena_running(arena)


def _add_arena_running(arena: argparse.ArgumentParser) -> None:
    """The arena's options for how a series runs and where its figures go."""
    arena.add_argument(
        "--duplicate",
        action="store_true",
        help=words(
            "play each deal once per rotation of the seats, so every bot meets the same cards "
            "from every seat; intervals are paired by deal, and 'plain games' tells how many "
            "plain games give one as narrow (--games must be a multiple of the players)"
        ),
    )
    arena.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help=words("worker processes (default: every core); the results are the same for any N"),
    )
    arena.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="BOT.NAME=VALUE",
        help=words("a setting for one bot, e.g. hard.simulations=100 (repeatable)"),
    )
    arena.add_argument(
        "--json", metavar="FILE", help=words("also write the figures as JSON to FILE")
    )
    arena.add_argument(
        "--csv", metavar="FILE", help=words("also write one CSV row per bot to FILE")
    )
    arena.add_argument(
        "--no-progress", action="store_true", help=words("do not draw a progress bar")
    )


def _add_plain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--plain",
        action="store_true",
        help=words(
            "play in plain lines, for screen readers and braille displays: one sentence per "
            "event, one typed command per line (also $GAMENIGHT_PLAIN=1)"
        ),
    )


def build_parser() -> argparse.ArgumentParser:
    """The command line, its help in the language chosen (`i18n.use` before this)."""
    parser = Parser(
        prog="gamenight",
        description=words(
            "A terminal game table: play No Thanks!, Papayoo, Pásovec and Rummikub solo against "
            "bots or with friends on the LAN. Run with no subcommand to open the main menu."
        ),
    )
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help=words(
            "the language to play in (default: the one chosen in the menu, else the locale's, "
            "else English)"
        ),
    )
    _add_plain(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("play", help=words("open the main menu (the default)"))
    solo = sub.add_parser(
        "solo",
        help=words(
            "a solo game against bots: its set-up (GAME chosen), or --resume the newest one a "
            "crash or leaving cut off"
        ),
        description=words(
            "Open the solo set-up (with GAME chosen, else your last choices), or continue the "
            "newest unfinished solo game from its journal."
        ),
    )
    solo.add_argument("game", nargs="?", choices=sorted(GAME_SCREENS), help=words("the game"))
    solo.add_argument(
        "--resume",
        action="store_true",
        help=words("continue the newest unfinished game, whichever"),
    )
    _add_host(sub)
    _add_club(sub)
    _add_join(sub)
    _add_arena(sub)
    door = sub.add_parser("door")  # no help: unlisted; what a door runs for one person
    door.add_argument("port", type=int)
    door.add_argument("--secrets-fd", type=int, required=True)  # who, again: net/handoff.py
    door.add_argument("--table", default="")
    door.add_argument("--table-words", default="")  # a made-up name as data: net/table_names
    door.add_argument("--name", default="")
    sub.add_parser(
        "replays",
        help=words("watch finished games again: the list of the games kept on this machine"),
        description=words("Open the list of finished games (newest first) to watch one again."),
    )
    replay = sub.add_parser(
        "replay",
        help=words("watch the replay of a record file (a kept game, or one a friend exported)"),
        description=words("Open a record file as a replay: move by move, through a seat's eyes."),
    )
    replay.add_argument("file", type=Path, help=words("the record file (.json)"))
    word_parser(parser)  # the metavars and the games' names in the reader's words
    return parser


ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)
"""The words of argparse's own that a player reads (its messages for programmers stay English)."""


def speak_argparse() -> None:
    """argparse's own words in the chosen language: it calls its module's `_` and `ngettext`
    (gettext's, with no catalog of ours) each time it words something."""
    setattr(argparse, "_", words)  # noqa: B010 (argparse's private name, looked up at each call)


def chosen_language(argv: Sequence[str] | None) -> str:
    """The language to speak, known before the parser is built (its help is in it): `--lang`
    as given (a wrong one is left for the parser to refuse), else the menu's, the locale's."""
    early = argparse.ArgumentParser(prog="gamenight", add_help=False)
    early.add_argument("--lang", nargs="?")
    flags, _rest = early.parse_known_args(argv)
    return i18n.choose(flags.lang, settings.load().get("language"))


def parse_command_line(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line read and checked, nothing started (SystemExit when it is refused, as
    argparse does); the README's command lines are held to it (tests/test_readme_commands.py)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "solo" and args.resume and args.game:
        parser.error(t("solo --resume continues the newest unfinished game: leave out the game"))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    i18n.use(chosen_language(argv))
    speak_argparse()
    args = parse_command_line(argv)
    if args.command == "arena":
        from tui.programs.arena import run_arena

        return run_arena(args)
    plain = args.plain or os.environ.get(PLAIN_ENV, "") not in ("", "0")
    if args.command == "door":
        from tui.programs.door import door_table_title, run_door

        table = door_table_title(args.table, args.table_words)
        return run_door(args.port, args.secrets_fd, table, args.name, plain=plain)
    if plain:
        return _plain(args)
    from tui.app import run_app

    resuming_solo = args.command == "solo" and args.resume
    if resuming_solo or (args.command == "host" and args.resume is not None):
        refused = _nothing_to_resume(solo=resuming_solo, table=getattr(args, "resume", None))
    else:
        refused = _no_club_to_resume() if args.command == "club" and args.resume else None
    if refused:
        print(f"gamenight: {refused}", file=sys.stderr)
        return 1
    if args.command == "solo":
        return run_app(resume_solo=True) if args.resume else run_app(solo=args.game or "")
    if args.command == "replays":
        return run_app(replays=True)
    if args.command == "replay":
        refused = _not_a_replay(args.file)
        if refused:
            print(f"gamenight: {refused}", file=sys.stderr)
            return 1
        return run_app(replay=args.file)
    return _lan(args, run_app)


def _plain(args: argparse.Namespace) -> int:
    """The plain line mode (tui/plain/): the menu, a solo game (its set-up asked as questions)
    or the one cut off, a LAN table hosted or joined, a club night hosted, the replays."""
    from tui.plain.run import run_plain

    command = args.command
    if command in ("host", "join", "club"):
        player = args.player or settings.player_name()
        if command == "join":
            return run_plain(join=_join_plan(args, player))
        apply_door_arguments(args)  # the doors' password, as the app's host and club have it
        if command == "host":
            return run_plain(host=_host_plan(args, player))
        if args.resume and (refused := _no_club_to_resume()):
            print(f"gamenight: {refused}", file=sys.stderr)
            return 1
        return run_plain(club=_club_plan(args, player))
    if command == "solo":
        return run_plain(resume=True) if args.resume else run_plain(args.game)
    if command == "replays":
        return run_plain(replays=True)
    if command == "replay":
        return run_plain(replay=args.file)
    return run_plain(menu=True)


def _lan(args: argparse.Namespace, run_app: Callable[..., int]) -> int:
    """host, club, join (or the plain menu): the app opened at a LAN table's door."""
    player = getattr(args, "player", None) or settings.player_name()
    if args.command in ("host", "club"):
        plan = _host_plan(args, player) if args.command == "host" else _club_plan(args, player)
        apply_door_arguments(args)
        return run_app(host=plan, player=player)
    if args.command == "join":
        return run_app(join=_join_plan(args, player), player=player)
    return run_app()


def _join_plan(args: argparse.Namespace, player: str) -> JoinPlan:
    return JoinPlan(
        player=player,
        address=args.address,
        spectate=args.spectate,
        interfaces=",".join(args.mdns_interface) or None,
    )


def _host_plan(args: argparse.Namespace, player: str) -> HostPlan:
    return HostPlan(
        game_id=args.game,
        player=player,
        table_name=args.name,
        port=args.port,
        resume=args.resume is not None,
        resume_table=args.resume or None,
        interfaces=",".join(args.mdns_interface) or None,
        discovery=not args.no_discovery,
        ssh=ssh_plan(args),
        web=web_plan(args),
    )


def _club_plan(args: argparse.Namespace, player: str) -> ClubHostPlan:
    return ClubHostPlan(
        games=tuple(args.games) or ("nothanks", "papayoo", "rummikub"),
        player=player,
        club_name=args.name,
        table_size=args.table_size,
        draw=args.draw,
        bots=not args.no_bots,
        bot_level=args.bot_level,
        turn_seconds=args.turn_seconds,
        port=args.port,
        resume=args.resume,
        interfaces=",".join(args.mdns_interface) or None,
        discovery=not args.no_discovery,
        ssh=ssh_plan(args),
        web=web_plan(args),
    )


def _nothing_to_resume(solo: bool, table: object) -> str | None:
    """Why there is nothing to resume (said on the command line, not in the app), or None."""
    from tui.table.hosting import journal_to_resume

    try:
        journal_to_resume(table if isinstance(table, str) and table else None, solo=solo)
    except ValueError as err:
        return str(err)
    return None


def _no_club_to_resume() -> str | None:
    """Why `club --resume` has nothing to continue (said on the command line), or None."""
    from tui.table.club_hosting import club_to_resume

    try:
        club_to_resume()
    except ValueError as err:
        return str(err)
    return None


def _not_a_replay(path: Path) -> str | None:
    """Why the file cannot be replayed (said on the command line, not in the app), or None."""
    from tui.table.replays import read_replay

    try:
        read_replay(path)
    except ValueError as err:
        return str(err)
    return None


if __name__ == "__main__":
    sys.exit(main())
