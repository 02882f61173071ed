"""The floor plan of the code (design.md, "Layout"; the package docstrings of tui, net, core).

The import graph is built from the source with `ast`, so every import counts: at module level,
inside a function, and under `if TYPE_CHECKING:` (type-only imports are coupling too). A module
importing its own package's `__init__` is not counted when that `__init__` imports nothing
outside itself (a docstring-only package), since importing it runs no other code.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "net", "tui")
GAMES = ("nothanks", "papayoo", "pasovec", "rummikub")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def sources() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def imported_names(name: str, path: Path) -> Iterator[str]:
    """Every dotted name `name`'s source imports, relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


@cache
def graph() -> dict[str, frozenset[str]]:
    """Module -> the modules of core, net and tui it imports."""
    known = sources()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        found = set()
        for imported in imported_names(name, path):
            while imported and imported not in known:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                found.add(imported)
        edges[name] = found
    for name, found in edges.items():  # a package's __init__ and its children: not a cycle
        edges[name] = {
            other
            for other in found
            if not other.startswith(name + ".")
            and not (name.startswith(other + ".") and not outside(other, edges[other]))
        }
    return {name: frozenset(found) for name, found in edges.items()}


def outside(package: str, imports: set[str]) -> set[str]:
    return {m for m in imports if not m.startswith(package + ".")}


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each a cycle."""
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while (top := stack.pop()) != node:
                component.append(top)
            component.append(node)
            if len(component) > 1:
                found.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    return found


def imports_of(prefix: str) -> Iterator[tuple[str, str]]:
    """(module, imported) for every module that is `prefix` or under it."""
    for name, found in graph().items():
        if name == prefix or name.startswith(prefix + "."):
            for other in sorted(found):
                yield name, other


def under(name: str, *prefixes: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_graph_sees_every_kind_of_import() -> None:
    """The checks below would pass vacuously if the graph missed type-only or late imports."""
    edges = graph()
    assert "net.host" in edges["tui.table.hosting"]  # module level
    assert "tui.table.hosting" in edges["tui.app"]  # inside a method
    assert "tui.table.link" in edges["tui.app"]  # under TYPE_CHECKING
    assert len(edges) > 100


def test_no_module_is_in_an_import_cycle() -> None:
    described = []
    for component in cycles():
        inside = set(component)
        lines = [f"{m} -> {', '.join(sorted(graph()[m] & inside))}" for m in component]
        described.append(f"cycle of {len(component)}:\n  " + "\n  ".join(lines))
    assert not described, "\n".join(described)


def test_the_layers_import_one_way_tui_net_core() -> None:
    wrong = [
        (m, i)
        for m, i in [*imports_of("core"), *imports_of("net")]
        if under(i, "tui") or (under(m, "core") and under(i, "net"))
    ]
    assert not wrong


@pytest.mark.parametrize(
    ("floor", "may_import"),
    [
        ("tui.base", ("tui.base",)),
        ("tui.table", ("tui.base", "tui.table")),
        ("tui.widgets", ("tui.base", "tui.widgets")),
        ("tui.screens", ("tui.base", "tui.table", "tui.widgets", "tui.screens")),
        ("tui.app", ("tui.base", "tui.table", "tui.widgets", "tui.screens", "tui.games")),
        # the plain line mode, the app's sibling: the same floors below, never the app
        (
            "tui.plain",
            ("tui.base", "tui.table", "tui.widgets", "tui.screens", "tui.games", "tui.plain"),
        ),
    ],
)
def test_each_floor_of_tui_imports_only_the_floors_below(
    floor: str, may_import: tuple[str, ...]
) -> None:
    """Widgets import no screen, no table layer, no app; the table layer no widget or screen;
    screens no app, no program and no game (the app hands them the registry's entries)."""
    wrong = [(m, i) for m, i in imports_of(floor) if under(i, "tui") and not under(i, *may_import)]
    assert not wrong


def test_messages_import_nothing_of_tui() -> None:
    assert not [i for _, i in imports_of("tui.base.messages") if under(i, "tui")]


@pytest.mark.parametrize("game", GAMES)
def test_a_games_screen_stands_on_the_frame_alone(game: str) -> None:
    """A game's package imports its own modules and the floors below the app, never another
    game, the registry, the app or a program."""
    allowed = ("tui.base", "tui.table", "tui.widgets", "tui.screens", f"tui.games.{game}")
    wrong = [
        (m, i)
        for m, i in imports_of(f"tui.games.{game}")
        if under(i, "tui") and not under(i, *allowed)
    ]
    assert not wrong
    assert any(m.endswith(".screen") for m, _ in imports_of(f"tui.games.{game}"))


def test_nothing_below_the_programs_imports_one() -> None:
    wrong = [
        (m, i)
        for m, found in graph().items()
        for i in found
        if under(i, "tui.programs") and not under(m, "tui.programs")
    ]
    assert not wrong


def test_the_arena_command_needs_no_textual() -> None:
    """The headless arena draws nothing: none of its modules imports Textual."""
    for name in ("tui.programs.arena", "tui.programs.arena_runner", "tui.programs.arena_ratings"):
        path = sources()[name]
        assert not [n for n in imported_names(name, path) if n.split(".")[0] == "textual"], name
