"""Finds the texts a player reads that do not go through the translation functions.

Any string literal (or f-string) in a TUI module is taken for words a player reads unless it
is the argument of a translator (`t`, `tn`, `words`, `words_n`, `N_`, `Counted`: see
tui/base/i18n.py) or plainly not words: a docstring, a key of a dict or a subscript, a value
compared against, an identifier, a CSS selector or a Rich style, a keyword argument that names
rather than says (`id=`, `classes=`, `action=`…), the argument of a call that looks something
up (`query_one`, `split`…) or of a raised exception (a programmer's message), and a line
marked `# not words` (a brand written the same in every language). Casting the net this wide
catches the texts built in helpers and tables, not only those handed straight to a widget; the
price is the handful of `# not words` marks.

Run it on files to list what it finds: `python -m tests.i18n.literals tui/games/pasovec/*.py`.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

TRANSLATORS = {"t", "tn", "words", "words_n", "words_in", "N_", "NC_", "Counted"}
LOOKUPS = {
    "query_one", "query", "set_class", "add_class", "remove_class", "has_class",
    "toggle_class", "getattr", "hasattr", "setattr", "split", "rsplit", "startswith",
    "endswith", "get", "pop", "setdefault", "join", "replace", "strip", "rstrip", "lstrip",
    "partial", "import_module", "run_worker", "set_interval", "set_timer", "Path", "open",
    "encode", "decode", "index", "count", "isinstance", "cast", "TypeVar", "getLogger",
    "getenv", "fullmatch", "match", "compile", "sub", "search", "debug", "info", "warning",
    "exception", "Style", "parse", "files", "joinpath", "with_suffix", "glob", "rglob",
    "strftime", "strptime", "fromisoformat", "environ", "add_argument_group",
}  # fmt: skip
NAMING_KEYWORDS = {
    "id", "classes", "action", "variant", "key_display", "style", "name", "group", "justify",
    "overflow", "key", "end", "sep", "box", "border_style", "header_style", "align", "kind",
    "type", "dest", "metavar", "choices", "default", "encoding", "mode", "errors", "format",
}  # fmt: skip
CSS_NAMES = {"DEFAULT_CSS", "CSS", "CSS_PATH", "HINT", "GAME_ID", "__all__"}
STYLE_WORDS = re.compile(
    r"(?:(?:bold|dim|italic|reverse|underline|strike|blink|not|on|default|none|"
    r"black|red|green|yellow|blue|magenta|cyan|white|bright_\w+|grey\d*|\$[\w-]+|#[0-9a-f]{3,6})"
    r"\s*)+"
)
IDENTIFIER = re.compile(r"[a-z0-9_.#:\-/>,*$=%+@ ]*[a-z0-9_.#:\-/>,*$=%+@]|[A-Z0-9_]+")
SELECTOR = re.compile(r"(?:[#.]?[A-Za-z][\w-]*[ ,>]*)+")  # "#players, #game", "Cycler.game-x"
KEY_MARK = re.compile(r"\\?\[[^\]]{1,8}\]")  # a key shown on a button: "\\[enter]", "[y]"
NOT_WORDS = "# not words"


def _text(node: ast.AST) -> str | None:
    """The literal text of a string constant or an f-string (its placeholders left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(p.value for p in node.values if isinstance(p, ast.Constant))
    return None


def _words(text: str) -> bool:
    """Letters a player would read: not a key, an identifier, a selector or a style."""
    bare = KEY_MARK.sub("", text).strip()
    if not any(ch.isalpha() for ch in bare):
        return False
    if IDENTIFIER.fullmatch(bare) and " " not in bare.strip(" ,>"):
        return False  # "roll", "pasovec.tcss", "ALL_CAPS"
    if " " not in bare and not bare[:1].isupper():
        return False  # one lower-case word: an identifier or a key name
    if any(c.isupper() for c in bare[1:]) and " " not in bare and SELECTOR.fullmatch(bare):
        return False  # a widget class in a selector: "DoorSwitch", "Cycler.game-option"
    if bare[:1] in "#." and SELECTOR.fullmatch(bare):
        return False
    return not STYLE_WORDS.fullmatch(bare)


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _exempt(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether the literal's place says it is not words a player reads."""
    parent = parents.get(node)
    if isinstance(parent, ast.Expr | ast.Subscript | ast.Compare | ast.FormattedValue):
        return True  # a docstring, d["kind"], x == "roll", a format spec
    if isinstance(parent, ast.Dict) and node in parent.keys:
        return True
    if isinstance(parent, ast.keyword) and parent.arg in NAMING_KEYWORDS:
        return True
    if isinstance(parent, ast.AnnAssign) and parent.annotation is node:
        return True
    up: ast.AST | None = parent
    while up is not None and not isinstance(up, ast.stmt):
        if isinstance(up, ast.Call):
            name = _call_name(up)
            if name in TRANSLATORS or name in LOOKUPS:
                return True
            if isinstance(up.func, ast.Name) and up.func.id.endswith(("Error", "Exception")):
                return True
        up = parents.get(up)
    if isinstance(up, ast.Raise | ast.Assert):
        return True
    if isinstance(up, ast.Assign | ast.AnnAssign):
        targets = up.targets if isinstance(up, ast.Assign) else [up.target]
        return any(isinstance(t, ast.Name) and t.id in CSS_NAMES for t in targets)
    return False


def untranslated(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) for each literal of the module that reads as words and is not translated."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    for node in ast.walk(tree):
        text = _text(node)
        if text is None or isinstance(parents.get(node), ast.JoinedStr):
            continue  # an f-string's pieces are judged with the f-string
        if not _words(text) or _exempt(node, parents):
            continue
        line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
        end = lines[node.end_lineno - 1] if node.end_lineno else ""
        if NOT_WORDS in line or NOT_WORDS in end:
            continue
        yield node.lineno, text[:70]


if __name__ == "__main__":
    for name in sys.argv[1:]:
        for lineno, text in untranslated(Path(name)):
            print(f"{name}:{lineno}: {text!r}")
