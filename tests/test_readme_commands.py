"""Issue 34: every `gamenight …` command the README shows is one the program takes. Each
command line of its code blocks, each inline code span that is a whole command, and each
entry of its synopsis ("Commands", placeholders given sample values, every option included and
every alternative tried once) goes through the real command-line parser: parsed, nothing
started. `gamenight club --resume` failed there once ("invalid choice: []", issue 35)."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from tui.programs.cli import build_parser, parse_command_line

README = Path(__file__).resolve().parents[1] / "README.md"

SAMPLES = {
    "GAME": "nothanks",
    "N": "4",
    "PORT": "2222",
    "NAME": "Zoe",
    "TABLE": "Den",
    "CLUB": "Den",
    "TABLE_ID": "3fa9",
    "ADDR": "127.0.0.1",
    "FILE": "README.md",
    "LEVEL": "normal",
    "SECONDS": "60",
    "HOST:PORT": "127.0.0.1:47474",
    "BOT.NAME=VALUE": "hard.playouts=100",
}
"""A value for each placeholder of the synopsis (a new placeholder needs one here)."""

PLACEHOLDER = re.compile(r"[A-Z][A-Z_:.=]*")
PROGRAM = re.compile(r"(?:\S*/)?gamenight")


@dataclass(frozen=True)
class Shown:
    """A command as the README shows it, and where (for the failure message)."""

    line: int
    text: str


# ---- reading the README -----------------------------------------------------------------------
def blocks_and_prose(text: str) -> tuple[list[list[tuple[int, str]]], list[tuple[int, str]]]:
    """The code blocks (fenced, or indented four spaces after a blank line) as numbered lines,
    and the rest of the text as numbered lines."""
    blocks: list[list[tuple[int, str]]] = []
    prose: list[tuple[int, str]] = []
    fenced: list[tuple[int, str]] | None = None
    indented: list[tuple[int, str]] | None = None
    blank = True
    for number, line in enumerate(text.splitlines(), 1):
        if fenced is not None:
            if line.lstrip().startswith("```"):
                blocks.append(fenced)
                fenced = None
            else:
                fenced.append((number, line))
        elif line.lstrip().startswith("```"):
            fenced = []
        elif line.startswith("    ") and (blank or indented is not None):
            indented = indented if indented is not None else []
            indented.append((number, line[4:]))
        else:
            if indented is not None and line.strip():
                blocks.append(indented)
                indented = None
            if indented is None:
                prose.append((number, line))
        blank = not line.strip()
    if indented is not None:
        blocks.append(indented)
    return blocks, prose


def inline_commands(prose: list[tuple[int, str]]) -> list[Shown]:
    """Inline code spans that begin with the program (a span may run over a line break)."""
    text = "\n".join(line for _, line in prose)
    starts = [0]
    for _, line in prose:
        starts.append(starts[-1] + len(line) + 1)
    found = []
    for span in re.finditer(r"`([^`]+)`", text):
        words = " ".join(span.group(1).split())
        if PROGRAM.fullmatch(words.split()[0]):
            index = next(i for i, start in enumerate(starts) if start > span.start()) - 1
            found.append(Shown(prose[index][0], words))
    return found


def block_commands(block: list[tuple[int, str]]) -> list[Shown]:
    """The commands of a code block: each shell command that runs the program, with the
    synopsis's continuation lines joined to their entry (a line indented less than the
    descriptions, opening with `[` or `(`), its description column left out."""
    column = min(
        (m.end() for _, line in block if (m := re.match(r"\s*gamenight\S*.*?\s{2,}(?=\S)", line))),
        default=10**6,
    )
    entries: list[Shown] = []
    for number, line in block:
        code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
        indent = len(code) - len(code.lstrip())
        if entries and indent < column and code.lstrip()[:1] in ("[", "("):
            last = entries[-1]
            entries[-1] = Shown(last.line, f"{last.text} {code.strip()}")
            continue
        for piece in re.split(r"&&|;", code):
            piece = re.split(r"\s{2,}", piece.strip())[0]
            if piece and PROGRAM.fullmatch(piece.split()[0]):
                entries.append(Shown(number, piece))
    return entries


def readme_commands() -> list[Shown]:
    blocks, prose = blocks_and_prose(README.read_text(encoding="utf-8"))
    return [*(c for block in blocks for c in block_commands(block)), *inline_commands(prose)]


# ---- the synopsis's grammar ---------------------------------------------------------------------
def tokens(synopsis: str) -> list[str]:
    return re.findall(r"\.\.\.|[\[\]()|]|[^\s\[\]()|]+(?:\|[^\s\[\]()|]+)*", synopsis)


def expand(synopsis: str) -> list[list[str]]:
    """Concrete command lines for a synopsis: the first has every optional part and the first
    of every choice; each further one differs in one choice. `X...` gives X twice (once for an
    option: `--ssh...` is --ssh and its like)."""
    items, rest = _sequence(tokens(synopsis))
    assert not rest, f"unbalanced synopsis: {synopsis}"
    return _combine(items)


def _sequence(toks: list[str]) -> tuple[list[list[list[str]]], list[str]]:
    """Parse until a closing bracket: a list of items, each a list of variants (token lists)."""
    items: list[list[list[str]]] = []
    alternatives: list[list[list[list[str]]]] = []
    while toks and toks[0] not in ("]", ")"):
        token, toks = toks[0], toks[1:]
        if token in ("[", "("):
            inner, toks = _sequence(toks)
            toks = toks[1:]  # the closing bracket
            items.append(_combine(inner))
        elif token == "|":
            alternatives.append(items)
            items = []
        elif token == "...":
            items.append([v + v for v in items.pop()])
        else:
            items.append(_word(token))
    if alternatives:
        alternatives.append(items)
        return [[variant for branch in alternatives for variant in _combine(branch)]], toks
    return items, toks


def _word(token: str) -> list[list[str]]:
    """One word's variants: `a|b|c` each, a placeholder its sample, `--opt...` once."""
    if token.endswith("...") and len(token) > 3:
        word = token[:-3]
        once = _word(word)
        return once if word.startswith("-") else [v + v for v in once]
    if "|" in token:
        return [[choice] for choice in token.split("|")]
    if PLACEHOLDER.fullmatch(token):
        assert token in SAMPLES, f"the README's placeholder {token} needs a sample value here"
        return [[SAMPLES[token]]]
    return [[token]]


def _combine(items: list[list[list[str]]]) -> list[list[str]]:
    first = [token for variants in items for token in variants[0]]
    lines = [first]
    for index, variants in enumerate(items):
        for other in variants[1:]:
            before = [t for v in items[:index] for t in v[0]]
            after = [t for v in items[index + 1 :] for t in v[0]]
            lines.append(before + other + after)
    return lines


# ---- the tests ---------------------------------------------------------------------------------
def refusal(argv: list[str]) -> str | None:
    """What the parser says when it refuses `argv` (None: taken; `--help` is taken)."""
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            parse_command_line(argv)
    except SystemExit as exit:
        return None if exit.code == 0 else said.getvalue().strip().splitlines()[-1]
    return None


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    choices = next(a for a in parser._actions if a.dest == "command").choices
    assert isinstance(choices, dict)
    return choices


def needs_arguments(subcommand: argparse.ArgumentParser) -> bool:
    return any(action.required for action in subcommand._actions)


def test_the_readme_shows_commands_of_every_kind() -> None:
    shown = readme_commands()
    texts = [c.text for c in shown]
    assert "gamenight club --resume" in texts  # inline
    assert any(t.startswith("gamenight host --ssh 2222") for t in texts)  # an indented block
    assert any("--draw mix|swiss|fixed" in t for t in texts)  # the synopsis, joined up
    assert "gamenight club nothanks papayoo rummikub --player Zoe" in texts  # over a line break
    assert len(shown) >= 25


@pytest.mark.parametrize("command", readme_commands(), ids=lambda c: f"line{c.line}")
def test_every_command_in_the_readme_parses(command: Shown) -> None:
    argv = shlex.split(command.text)[1:]
    if len(argv) == 1 and not argv[0].startswith("-"):
        # A bare subcommand in prose ("`gamenight arena` is the bot maker's bench") names it.
        # It must name one; it runs as it is unless that one needs arguments.
        sub = subcommands().get(argv[0])
        assert sub is not None, f"README line {command.line}: {command.text}"
        assert refusal(argv) is None or needs_arguments(sub), f"README line {command.line}"
        return
    for line in expand(" ".join(argv)):
        said = refusal(line)
        assert said is None, f"README line {command.line}: gamenight {' '.join(line)}: {said}"


def test_a_refused_command_is_told_apart() -> None:
    """The check can fail: a game that does not exist, a mistyped option, a missing value."""
    assert refusal(["club", "chess"]) is not None
    assert refusal(["club", "--resmue"]) is not None
    assert refusal(["host", "--port"]) is not None
    assert refusal(["solo", "papayoo", "--resume"]) is not None
    assert expand("x [--a N] (--b | --c GAME...)") == [
        ["x", "--a", "4", "--b"],
        ["x", "--a", "4", "--c", "nothanks", "nothanks"],
    ]
