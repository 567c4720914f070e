"""Every clause the product cites exists in the regulation's text: each "5324.41(g)(5)(iv)",
"5324.34(e)(2)" or "13:69F-18.3(b)" in the strings of ``dealer_station`` (the refusals, the
steps' rules, the forms' notes, the records' clauses) and of the shipped ``resources`` is looked
up in the vendored text of its section (``tests/fixtures/regulations/``, copies of the texts the
project works from); a range ("(g)(5)(iii)-(iv)") is checked at both ends. Within the Pai Gow and
Let It Ride modules a citation without its section ("(n)(7)(ii)") is the game's own section and
is checked too. A clause of another section is accepted where the regulation itself refers to
it ("subdivision (b) of section 5324.2")."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
from regulation_text import FIXTURES, clause_ids, referenced_elsewhere

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "dealer_station"

#: The vendored texts: each must be the one the project works from, byte for byte.
TEXTS = ("ny-5324.41-pai-gow-poker.txt", "ny-5324.34-let-it-ride.txt",
         "nj-13-69F-18.3-let-it-ride-rankings.txt")

_LABELS = r"((?:\([0-9]+\)|\([a-z]{1,5}\))*)"
#: A range's other end: its last labels, as many as it repeats ("-(iv)", "-(e)(9)").
_TAIL = r"((?:-(?:\([0-9a-z]+\))+)?)"
FULL = re.compile(r"(5324\.\d+|13:69F-18\.\d+)" + _LABELS + _TAIL)
#: A citation within a game's own section: a subdivision and at least its paragraph.
RELATIVE = re.compile(r"(?<![\w)])\(([a-q])\)((?:\([0-9]+\))(?:\([ivx]+\))?(?:\([a-e]\))?)"
                      + _TAIL)
#: The section a module's bare citations are in.
OWN_SECTION = {"pai_gow": "5324.41", "let_it_ride": "5324.34"}


def known() -> frozenset[str]:
    ids: set[str] = set()
    for path in sorted(FIXTURES.glob("*.txt")):
        ids |= clause_ids(path) | referenced_elsewhere(path)
    return frozenset(ids)


def strings(path: Path) -> Iterator[tuple[int, str]]:
    """The string literals of a Python file (docstrings, f-strings' text) with their lines; a
    TOML file whole."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        yield from enumerate(text.splitlines(), 1)
        return
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.STRING:
            yield token.start[0], token.string


def ends(section: str, labels: str, tail: str) -> list[str]:
    """The clause ids a citation names: itself, and the other end of its range."""
    cited = [section + labels]
    parts = re.findall(r"\([0-9a-z]+\)", labels)
    other = re.findall(r"\([0-9a-z]+\)", tail)
    if other and other[0] == parts[0]:  # restated from its subdivision: "(n)(7)(ii)-(n)(8)"
        cited.append(section + "".join(other))
    elif other and len(other) <= len(parts):  # its last labels: "(g)(5)(iii)-(iv)"
        cited.append(section + "".join(parts[:len(parts) - len(other)] + other))
    return cited


def own_section(path: Path) -> str | None:
    return next((section for game, section in OWN_SECTION.items()
                 if game in path.relative_to(ROOT).parts
                 or path.stem.startswith(game)), None)


def citations() -> list[tuple[str, str]]:
    """(where, clause id) of every citation in the product."""
    found = []
    files = [*SOURCES.rglob("*.py"), *(ROOT / "resources").rglob("*.toml")]
    for path in sorted(files):
        section = own_section(path)
        for line, text in strings(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            for match in FULL.finditer(text):
                found += [(where, c) for c in ends(*match.groups())]
            if section is None:
                continue
            bare = FULL.sub("", text)  # the full ones are checked already
            for letter, labels, tail in RELATIVE.findall(bare):
                found += [(where, c) for c in ends(section, f"({letter}){labels}", tail)]
    return found


def test_the_vendored_regulations_are_the_texts_worked_from() -> None:
    """The copies under tests/fixtures are whole; where the shared texts are at hand (not at
    CI), they are the same."""
    shared = ROOT.parent.parent / "shared" / "regulations"
    for name in TEXTS:
        vendored = (FIXTURES / name).read_bytes()
        assert vendored.strip(), name
        if (shared / name).exists():
            assert vendored == (shared / name).read_bytes(), name


def test_the_text_reads_as_its_clauses() -> None:
    """The reader finds what the regulations hold (checked against a few known clauses)."""
    ids = known()
    for clause in ("5324.41(q)", "5324.41(g)(5)(iv)", "5324.41(l)(4)(ii)(b)", "5324.41(i)(2)",
                   "5324.34(e)(8)(ii)", "5324.34(c)(7)(i)", "13:69F-18.3(b)", "5324.2(b)"):
        assert clause in ids, clause
    for clause in ("5324.41(r)", "5324.41(g)(10)", "5324.34(g)", "5324.41(q)(1)"):
        assert clause not in ids, clause


def test_every_clause_cited_exists_in_the_regulation_text() -> None:
    ids = known()
    cited = citations()
    assert len(cited) > 300  # the reader found the product's citations
    missing = sorted({f"{clause} ({where})" for where, clause in cited if clause not in ids})
    assert not missing, "cited but not in the regulations' text:\n" + "\n".join(missing)


@pytest.mark.parametrize("text, expected", [
    ("a foul [5324.41(g)(5)(iii)-(iv)]", ["5324.41(g)(5)(iii)", "5324.41(g)(5)(iv)"]),
    ("5324.41(e)(1)-(2)", ["5324.41(e)(1)", "5324.41(e)(2)"]),
    ("13:69F-18.3(b)", ["13:69F-18.3(b)"]),
    ("5324.34(e)(8)-(e)(9)", ["5324.34(e)(8)", "5324.34(e)(9)"]),
    ("5324.41(n)(7)(ii)-(n)(8)", ["5324.41(n)(7)(ii)", "5324.41(n)(8)"]),
])
def test_a_range_is_checked_at_both_ends(text: str, expected: list[str]) -> None:
    match = FULL.search(text)
    assert match is not None and ends(*match.groups()) == expected


def test_the_bank_clause_q_is_cited_only_of_a_bank_5324_41_q() -> None:
    """5324.41(q) speaks only of a bank that did not set its own hands correctly: every string
    citing it speaks of the bank, or the code it stands in does (the lines just above it): a
    card-exposed halt cited it."""
    text = (FIXTURES / TEXTS[0]).read_text(encoding="utf-8")
    assert "(q) Irregularities. If the bank does not set the bank's own hands correctly" in text
    elsewhere = []
    for path in sorted(SOURCES.rglob("*.py")):
        bare = own_section(path) == "5324.41"
        source = path.read_text(encoding="utf-8").splitlines()
        for line, words in strings(path):
            cites = "5324.41(q)" in words or (bare and re.search(r"(?<![\w)])\(q\)", words))
            around = " ".join(source[max(0, line - 5):line + words.count("\n")]).lower()
            if cites and "bank" not in around:
                elsewhere.append(f"{path.relative_to(ROOT)}:{line}: {words[:80]}")
    assert not elsewhere, "\n".join(elsewhere)
