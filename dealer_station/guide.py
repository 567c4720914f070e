"""The guides for the three people who use the station (``docs/guide/``): where they are in a
checkout, an installed wheel or a PyInstaller bundle, their sections, and the names of buttons
and keys they mention.

A guide marks what it names on the screens: a button, page or menu entry in **bold** exactly as
the screen writes it, a key in backticks (`` `R` ``, `` `Enter` ``, `` `Space` ``); a test checks
every one against the screens' code.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "GUIDES",
    "KEY_NAMES",
    "GuideError",
    "Section",
    "guide_dir",
    "guide_path",
    "named_buttons",
    "named_keys",
    "sections",
]

#: The guides by reader, and the one-page quick card.
GUIDES = ("dealer", "supervisor", "technician", "quick-card")

#: Keys a guide may name by word (any other key is one letter or digit).
KEY_NAMES = frozenset({"Enter", "Space", "Esc", "Tab", "Backspace"})


class GuideError(ValueError):
    """A guide or a section that does not exist."""


@dataclass(frozen=True, slots=True)
class Section:
    """A heading of a guide: its level (1 for ``#``), its words and its line (0-based)."""

    level: int
    title: str
    line: int


def _docs_candidates() -> list[Path]:
    """Where ``docs/`` may be, in order: the bundle's, an installed wheel's package data (see
    setup.py), a checkout's (also an editable install). The wheel's before the checkout's, whose
    place beside an installed package is site-packages itself."""
    bundled = getattr(sys, "_MEIPASS", None)
    here = Path(__file__).resolve().parent
    return [*([Path(bundled) / "docs"] if bundled else []),
            here / "docs",  # an installed wheel (package data)
            here.parent / "docs"]  # a checkout (editable install)


def guide_dir() -> Path:
    """The folder of the guides (``docs/guide``); the journeys' screenshots are beside it."""
    for docs in _docs_candidates():
        if (docs / "guide" / "dealer.md").is_file():
            return docs / "guide"
    raise GuideError("the guides (docs/guide) are missing from this install")


def guide_path(name: str) -> Path:
    """The Markdown file of guide ``name`` (one of :data:`GUIDES`)."""
    if name not in GUIDES:
        raise GuideError(f"no guide {name!r}: the guides are {', '.join(GUIDES)}")
    return guide_dir() / f"{name}.md"


def sections(text: str) -> tuple[Section, ...]:
    """The headings of a Markdown text (code blocks skipped).

    >>> [s.title for s in sections("# Dealer\\n\\n## Starting a shift\\n```\\n# no\\n```\\n")]
    ['Dealer', 'Starting a shift']
    """
    found = []
    fenced = False
    for number, line in enumerate(text.splitlines()):
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = re.match(r"(#{1,6})\s+(.*\S)", line)
        if match and not fenced:
            found.append(Section(len(match.group(1)), match.group(2).strip(), number))
    return tuple(found)


def _prose(text: str) -> str:
    """``text`` without its fenced code blocks (commands, configuration files)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


def named_buttons(text: str) -> tuple[str, ...]:
    """What a guide names on the screens: every **bold** span (buttons, pages, menu entries).

    >>> named_buttons("Press **START ROUND**, then **PROBLEM…** → **REDEAL**. `D` deals.")
    ('START ROUND', 'PROBLEM…', 'REDEAL')
    """
    return tuple(m.strip() for m in re.findall(r"\*\*(.+?)\*\*", _prose(text)))


def named_keys(text: str) -> tuple[str, ...]:
    """The keys a guide names: a backtick span holding one letter or digit, or a key's name.

    >>> named_keys("Press `R` or `Enter`; run `dealer-station --check`.")
    ('R', 'Enter')
    """
    spans = re.findall(r"`([^`\n]+)`", _prose(text))
    return tuple(s for s in spans if re.fullmatch(r"[A-Z0-9]", s) or s in KEY_NAMES)
