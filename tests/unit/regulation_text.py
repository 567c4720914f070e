"""The regulations' text as a tree of clause ids, read from the copies vendored under
``tests/fixtures/regulations/`` (the tests run on a clean checkout: nothing outside the repository
is read). A line opening with a label — "(g)", "(5)", "(iv)", "(a)" — opens a subdivision, a
paragraph, a subparagraph or a clause; each line's id is the path of labels above it and its own
("5324.41(g)(5)(iv)")."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["FIXTURES", "clause_ids", "referenced_elsewhere"]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "regulations"

_LABEL = re.compile(r"^\(([0-9]+|[a-z]+)\)\s*(.*)$")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
          "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx")
_SECTION = re.compile(r"^Section (\S+) - ")


def _next_letter(label: str | None) -> str:
    return "a" if label is None else chr(ord(label) + 1) if len(label) == 1 else ""


def _next_roman(label: str | None) -> str:
    if label is None:
        return "i"
    return _ROMAN[_ROMAN.index(label) + 1] if label in _ROMAN[:-1] else ""


def _heading(rest: str) -> bool:
    """A subdivision's opening: a short title in capitals ("Wagers.", "(i) A player wagering on
    more than one betting area."), or a sentence starting with one (N.J. style)."""
    return bool(rest[:1].isupper()) and (len(rest) < 100 or rest.split(".")[0].count(" ") < 8)


def clause_ids(path: Path) -> frozenset[str]:
    """Every clause id of the regulation in ``path``, its section's ids included ("5324.41",
    "5324.41(g)", "5324.41(g)(5)", "5324.41(g)(5)(iv)")."""
    section = ""
    levels: list[str | None] = [None, None, None, None]
    found: set[str] = set()
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        named = _SECTION.match(line)
        if named:
            section = named.group(1)
            found.add(section)
            continue
        match = _LABEL.match(line)
        if not match or not section:
            continue
        label, rest = match.groups()
        sub, para, subpara, clause = levels
        if label.isdigit():
            level = 1
        elif label == _next_letter(sub) and _heading(rest) and not (
                subpara is not None and label == _next_roman(subpara)):
            level = 0
        elif para is not None and label == _next_roman(subpara):
            level = 2
        elif subpara is not None and label == _next_letter(clause):
            level = 3
        elif label == _next_letter(sub):
            level = 0
        else:
            raise ValueError(f"{path.name}: cannot place ({label}) after {levels}: {line[:60]}")
        levels = [*levels[:level], label, *([None] * (3 - level))]
        found.add(section + "".join(f"({x})" for x in levels if x is not None))
    return frozenset(found)


def referenced_elsewhere(path: Path) -> frozenset[str]:
    """Clauses of other sections the text itself refers to ("subdivision (b) of section 5324.2"
    is "5324.2(b)"): their text is not vendored, the reference attests them."""
    text = path.read_text(encoding="utf-8")
    found = set()
    for label, section in re.findall(r"subdivision \(([a-z])\) of section (5324\.\d+)", text):
        found.update({section, f"{section}({label})"})
    return frozenset(found)
