"""Checked reading of what a person or a file hands the station: numbers in their range, JSON
and TOML that cannot exhaust the parser. Each refusal is a :class:`ValueError` (or argparse's
own error) with one clear line naming the value, never a traceback.

>>> count = bounded_int(1, 10_000)
>>> count("25")
25
>>> count("-5")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: -5 is not a whole number from 1 to 10,000
>>> seconds(86_400)("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: nan is not a number of seconds above 0 and at most 86,400
>>> loads_json("[" * 100_000, "round.json")
Traceback (most recent call last):
...
ValueError: round.json: nested more than 64 levels deep
>>> loads_json('{"wager": 1e400}', "round.json")
Traceback (most recent call last):
...
ValueError: round.json: the number 1e400 does not fit (too large)
>>> loads_json('{"wager": NaN}', "round.json")
Traceback (most recent call last):
...
ValueError: round.json: NaN is not a number a document may hold
"""

from __future__ import annotations

import argparse
import json
import math
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "SQLITE_MAX",
    "bounded_int",
    "check_depth",
    "load_toml",
    "loads_json",
    "seconds",
]

#: The deepest nesting any document of the station has is a handful of levels.
MAX_DEPTH = 64
#: The largest integer SQLite stores (a round or jackpot number beyond it cannot exist).
SQLITE_MAX = 2**63 - 1


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high`` (argparse names the
    option in its one-line error)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{text} is not a whole number from {low:,} to {high:,}")
        return value

    return parse


def seconds(maximum: float) -> Callable[[str], float]:
    """An argparse ``type``: a finite number of seconds above 0 and at most ``maximum``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and 0 < value <= maximum):
            raise argparse.ArgumentTypeError(
                f"{text} is not a number of seconds above 0 and at most {maximum:,g}")
        return value

    return parse


def check_depth(value: Any, what: str, limit: int = MAX_DEPTH) -> Any:
    """``value`` unchanged, unless lists and tables nest in it deeper than ``limit``."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = (item.values() if isinstance(item, dict) else
                    item if isinstance(item, list) else ())
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > limit:
                    raise ValueError(f"{what}: nested more than {limit} levels deep")
                stack.append((child, depth + 1))
    return value


def _json_depth_exceeds(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest deeper than ``limit`` (no parsing, no recursion)."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def loads_json(text: str, what: str, limit: int = MAX_DEPTH) -> Any:
    """Parse JSON ``text``; a document nested deeper than ``limit`` or not JSON at all is a
    ValueError naming ``what``."""
    if _json_depth_exceeds(text, limit):
        raise ValueError(f"{what}: nested more than {limit} levels deep")

    def constant(name: str) -> Any:
        raise ValueError(f"{what}: {name} is not a number a document may hold")

    def real(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            raise ValueError(f"{what}: the number {_shown(number)} does not fit (too large)")
        return value

    def whole(number: str) -> int:
        if len(number.lstrip("-")) > len(str(SQLITE_MAX)) or abs(int(number)) > SQLITE_MAX:
            raise ValueError(f"{what}: the number {_shown(number)} does not fit (at most "
                             f"{SQLITE_MAX:,})")
        return int(number)

    try:
        return json.loads(text, parse_constant=constant, parse_float=real, parse_int=whole)
    except json.JSONDecodeError as error:
        raise ValueError(f"{what}: not valid JSON ({error})") from None


def _shown(number: str, width: int = 24) -> str:
    """A number as typed, cut short when it is long (a refusal stays one readable line)."""
    return number if len(number) <= width else f"{number[:width]}... ({len(number)} digits)"


def load_toml(path: str | Path, limit: int = MAX_DEPTH) -> dict[str, Any]:
    """Read a TOML file; not TOML, or nested deeper than ``limit``, is a ValueError naming the
    file (the parser's own recursion is caught: it has no depth limit of its own)."""
    try:
        with open(path, "rb") as handle:
            document = tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path}: not valid TOML ({error})") from None
    except RecursionError:
        raise ValueError(f"{path}: nested more than {limit} levels deep") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: not UTF-8 text ({error.reason})") from None
    checked: dict[str, Any] = check_depth(document, str(path), limit)
    return checked
