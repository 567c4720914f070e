"""A count with its noun in the right number, for the words on the screens ("1 light lit",
"2 lights lit"; it said "1 light(s) lit" in the dealer's large type). A leaf: no imports.

>>> counted(1, "light"), counted(2, "light"), counted(0, "chip")
('1 light', '2 lights', '0 chips')
>>> counted(1, "progressive light"), counted(3, "round")
('1 progressive light', '3 rounds')
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, the noun with an s unless the number is one."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
