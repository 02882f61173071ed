"""Finds the texts a player reads that do not go through the translation functions.

A text a player reads is, in the TUI's code, a string literal given to what draws it: a
`Static`, `Label`, `Button` or `Option`'s first argument, a `Binding`'s description, a
notification, a screen's `HELP` text, `say(...)`. Such a literal must be the argument of `t`,
`tn` or `N_` (tui/base/i18n.py). Literals with no letters (keys, symbols, "◀ ▶") are not
words and pass.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

TRANSLATORS = {"t", "tn", "N_"}
DRAWN_BY = {"Static": 0, "Label": 0, "Button": 0, "Option": 0, "Binding": 2, "notify": 0}
SAYERS = {"say", "update"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


KEY_MARK = re.compile(r"\\?\[[^\]]{1,6}\]")  # a key shown on a button: "\\[enter]", "[y]"


def _words(node: ast.expr) -> bool:
    """A literal (or f-string) with letters in it: words a player would read (a key in
    brackets on a button, "\\[y]", is a key, not a word)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(ch.isalpha() for ch in KEY_MARK.sub("", node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_words(part) for part in node.values if isinstance(part, ast.Constant))
    return False


def untranslated(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) for each player-facing literal of the module not given to a translator."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            index = DRAWN_BY.get(name or "")
            shown = []
            if index is not None and len(node.args) > index:
                shown.append(node.args[index])
            if name in SAYERS and node.args:
                shown.append(node.args[0])
            for arg in shown:
                if _words(arg):
                    yield node.lineno, ast.unparse(arg)[:60]
        elif isinstance(node, ast.Assign) and _is_help(node) and _words(node.value):
            yield node.lineno, ast.unparse(node.value)[:60]


def _is_help(node: ast.Assign) -> bool:
    return any(isinstance(target, ast.Name) and target.id == "HELP" for target in node.targets)
