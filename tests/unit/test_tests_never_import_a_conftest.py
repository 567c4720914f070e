"""No test imports a ``conftest`` by name: every test folder has one, and which of them the name
``conftest`` means depends on which folders pytest collects together (``from conftest import
PIN_COST`` in tests/store failed when tests/installer was collected first). Shared helpers live
in modules of their own names (tests/store/station_helpers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_test_module_imports_a_conftest_by_name() -> None:
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            if any(name.split(".")[-1] == "conftest" for name in names):
                offenders.append(f"{path.relative_to(TESTS)}:{node.lineno}")
    assert not offenders, f"imports of a conftest by name: {offenders}"
