"""The club's arithmetic is pure (core/club/__init__.py): no I/O, no clock, and no randomness but
a `random.Random` passed in or made by `core.api.chance`, so a resumed club draws the same."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CLUB = Path(__file__).resolve().parents[2] / "core" / "club"
SOURCES = sorted(CLUB.glob("*.py"))
ALLOWED = {"__future__", "collections", "collections.abc", "dataclasses", "fractions", "typing"}
ALLOWED |= {"csv", "io", "functools", "heapq", "itertools", "random"}  # io: StringIO for CSV


def test_the_package_has_its_modules() -> None:
    assert {p.stem for p in SOURCES} >= {"draw", "mix", "swiss", "fixed", "standings", "tables"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.stem)
def test_a_club_module_imports_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    outside = {name for name in imported if name.split(".")[0] != "core"}
    assert outside <= ALLOWED, outside - ALLOWED
    assert "io" not in imported or {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "io"
    } == {"StringIO"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.stem)
def test_no_club_module_draws_from_a_generator_of_its_own(path: Path) -> None:
    """`random` is named only as the type `random.Random`, never called or its functions used."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    uses = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "random"
    ]
    assert all(node.attr == "Random" for node in uses)
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and node.func in uses]
    assert not calls
