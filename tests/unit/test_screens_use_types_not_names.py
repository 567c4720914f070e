"""The screens (``dealer_station/ui``) reach what they hold through its type, not by asking an
object for an attribute by name (issue 15): no ``getattr`` / ``hasattr`` but the few listed
here, each reading a genuinely optional attribute of something foreign; and every Qt signal that
carries a Python ``object`` says why in a comment (PySide6 turns a ``dict`` argument into a
QVariantMap; a signal cannot declare a union). Read from the source (AST), nothing imported."""

from __future__ import annotations

import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "dealer_station" / "ui"

#: The probes left, by file (relative to ui/): at most how many, and why. A new one fails below
#: (one removed may leave the list at leisure: engineers remove them in parallel).
ALLOWED_PROBES: dict[str, tuple[int, str]] = {
    "supervisor/census_job.py": (2, "hasattr(os, 'killpg'): process groups are POSIX only"),
    "technician/bundle.py": (1, "getattr over dataclasses.fields(value): any dataclass"),
}


def probes(source: str) -> int:
    """The ``getattr(...)`` and ``hasattr(...)`` calls in ``source``.

    >>> probes("x = getattr(a, 'b', None)\\nif hasattr(a, 'c'): pass\\ny = a.getattr")
    2
    """
    return sum(1 for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
               and node.func.id in ("getattr", "hasattr"))


def unexplained_object_signals(source: str) -> list[int]:
    """The lines declaring a ``Signal(...)`` with an ``object`` argument and no comment on that
    line or the one or two above.

    >>> unexplained_object_signals("class A:\\n    done = Signal(object)\\n")
    [2]
    >>> unexplained_object_signals("class A:\\n    # a dict: QVariantMap\\n"
    ...                            "    done = Signal(object)\\n    ok = Signal(int)\\n")
    []
    """
    lines = source.splitlines()
    found = []
    for number, line in enumerate(lines, 1):
        if re.search(r"\bSignal\([^)]*\bobject\b", line):
            nearby = lines[max(0, number - 3):number]
            if not any("#" in each for each in nearby):
                found.append(number)
    return found


def _sources() -> dict[str, str]:
    return {path.relative_to(UI).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(UI.rglob("*.py"))}


def test_the_screens_probe_no_attribute_by_name_but_the_listed_ones() -> None:
    found = {name: count for name, source in _sources().items() if (count := probes(source))}
    assert found  # the walk sees calls (the allowed ones at least)
    over = {name: count for name, count in found.items()
            if count > ALLOWED_PROBES.get(name, (0, ""))[0]}
    assert over == {}, ("getattr/hasattr in the screens: reach the attribute through the "
                        "object's type (a typed attribute, a base class or a Protocol), or, for "
                        "a genuinely optional attribute of something foreign, list it in "
                        "ALLOWED_PROBES with why")


def test_every_signal_carrying_an_object_says_why() -> None:
    unexplained = {name: lines for name, source in _sources().items()
                   if (lines := unexplained_object_signals(source))}
    assert unexplained == {}, ("a Signal carrying object: declare the type it carries, or say "
                               "in a comment why PySide6 forces object (e.g. a dict becomes a "
                               "QVariantMap)")
