"""How long a station waits before it tries the floor again: capped exponential backoff with
full jitter, so N stations that lost the floor together do not all knock at once (about N
attempts per cap, not 4N a second) and a floor that is back is found within the cap.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Backoff", "ceiling"]


def ceiling(failures: int, *, first: float = 0.5, cap: float = 30.0) -> float:
    """The longest wait after ``failures`` failures in a row: doubling from ``first``, never
    above ``cap``.

    >>> [ceiling(n) for n in (1, 2, 3, 4, 7, 50)]
    [0.5, 1.0, 2.0, 4.0, 30.0, 30.0]
    """
    if failures < 1:
        return 0.0
    return min(cap, first * 2.0 ** min(failures - 1, 64))


@dataclass
class Backoff:
    """The waits of one reconnect loop: :meth:`next` after each failure (a random wait up to
    :func:`ceiling`), :meth:`reset` once connected."""

    first: float = 0.5
    cap: float = 30.0
    draw: Callable[[float, float], float] = field(default=random.uniform)
    failures: int = 0

    def next(self) -> float:
        self.failures += 1
        return self.draw(0.0, ceiling(self.failures, first=self.first, cap=self.cap))

    def reset(self) -> None:
        self.failures = 0
