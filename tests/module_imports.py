"""The imports of the project's own modules, read from their source (AST, nothing imported): for
the tests of the import structure (no cycle, nothing of the product importing the previews)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("dealer_station", "drivers")


@cache
def project_modules() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its ``__init__``)."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(body: list[ast.stmt], module_level: bool,
                type_checking: bool = False) -> Iterator[ast.stmt]:
    """The statements of ``body``, into blocks, less those under ``if TYPE_CHECKING`` (never
    run) unless ``type_checking``; with ``module_level`` only those run at import (not in
    functions)."""
    for statement in body:
        yield statement
        if module_level and isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if (not type_checking and isinstance(statement, ast.If)
                and _is_type_checking(statement.test)):
            yield from _statements(statement.orelse, module_level)
            continue
        for child in ast.iter_child_nodes(statement):
            if isinstance(child, ast.ExceptHandler):
                yield from _statements(child.body, module_level, type_checking)
        for block in ("body", "orelse", "finalbody"):
            inner = getattr(statement, block, None)
            if isinstance(inner, list):
                yield from _statements(inner, module_level, type_checking)


def imported_modules(name: str, path: Path, *, module_level: bool,
                     type_checking: bool = False) -> set[str]:
    """The project modules that module ``name`` (at ``path``) imports at run time: every import
    (type-checking ones aside, unless ``type_checking``), or with ``module_level`` only those run
    when it is imported.
    ``from package import module`` counts as an import of the module; a relative import is
    resolved."""
    known = project_modules()
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for statement in _statements(tree.body, module_level, type_checking):
        if isinstance(statement, ast.Import):
            targets = [alias.name for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom):
            base = statement.module or ""
            if statement.level:
                anchor = name.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[:len(anchor) - statement.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in statement.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def unexplained_local_imports(path: Path) -> list[int]:
    """The lines of the imports inside functions of the module at ``path`` (``if TYPE_CHECKING``
    ones aside) that do not say why they are deferred: each run of imports next to each other
    needs a comment with the word "deferred" on the line above its first import or on one of
    its lines."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    unexplained: list[int] = []

    def said(first: int, last: int) -> bool:
        above = lines[first - 2].strip() if first >= 2 else ""
        return ((above.startswith("#") and "deferred" in above)
                or any("#" in line and "deferred" in line for line in lines[first - 1:last]))

    def visit(body: list[ast.stmt], in_function: bool) -> None:
        run: list[ast.stmt] = []
        for statement in [*body, None]:
            if isinstance(statement, ast.Import | ast.ImportFrom) and in_function:
                run.append(statement)
                continue
            if run and not said(run[0].lineno, run[-1].end_lineno or run[-1].lineno):
                unexplained.extend(each.lineno for each in run)
            run = []
            if statement is None:
                break
            inner_function = in_function or isinstance(statement, ast.FunctionDef
                                                       | ast.AsyncFunctionDef)
            if isinstance(statement, ast.If) and _is_type_checking(statement.test):
                visit(statement.orelse, in_function)
                continue
            for child in ast.iter_child_nodes(statement):
                if isinstance(child, ast.ExceptHandler):
                    visit(child.body, inner_function)
            for block in ("body", "orelse", "finalbody"):
                inner = getattr(statement, block, None)
                if isinstance(inner, list) and all(isinstance(s, ast.stmt) for s in inner):
                    visit(inner, inner_function)

    visit(ast.parse(text, filename=str(path)).body, False)
    return sorted(unexplained)
