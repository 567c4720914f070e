"""Chips a bet acceptor senses, in whatever order the table produces them (Let It Ride's bonus,
5324.34(a)(3), (c)(6); Pai Gow's progressive, 5324.41(d)(4), (k)(2)).

A player may drop the chip before the dealer enters the position's base wager, lift it and put
it back, or withdraw the base wager and leave the chip. The round therefore keeps what the
acceptors sense apart from the wagers: a :class:`SensedChips` value, changed by a chip placed or
lifted, and resolved at "no more bets" by :meth:`SensedChips.resolve`: a chip where the position
has its base wager is that position's wager, a chip where it has none is a line to return.

>>> sensed = SensedChips().placed(3).placed(5).lifted(5).placed(1)
>>> sensed.positions
frozenset({1, 3})
>>> sensed.resolve(with_base_wager=[3, 4])
Resolution(wagers=(3,), returns=(1,))

:func:`unsettled_sensed_chips` reads a round's records back: every chip sensed at the lockout
must end in a settlement line of its wager or a return line, otherwise the dispute re-run
reports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from dealer_station.procedure import JSONValue, Record

__all__ = ["Resolution", "SensedChips", "unsettled_sensed_chips"]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What the chips sensed at the lockout are: ``wagers`` (a base wager there) and
    ``returns`` (no base wager: given back to the player, never a wager)."""

    wagers: tuple[int, ...]
    returns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SensedChips:
    """The positions whose acceptor senses a chip while bets are open (an immutable value)."""

    positions: frozenset[int] = frozenset()

    def __contains__(self, position: object) -> bool:
        return position in self.positions

    def placed(self, position: int) -> SensedChips:
        """A chip sensed at ``position``; sensed again (an acceptor back after a restart, or
        reporting twice) it stays one chip.

        >>> SensedChips().placed(2).placed(2).positions
        frozenset({2})
        """
        return replace(self, positions=self.positions | {position})

    def lifted(self, position: int) -> SensedChips:
        """The chip at ``position`` taken off its acceptor."""
        return replace(self, positions=self.positions - {position})

    def resolve(self, with_base_wager: Iterable[int]) -> Resolution:
        """At "no more bets": each sensed chip is its position's wager where the position has
        its base wager, else a chip to return."""
        base = set(with_base_wager)
        return Resolution(tuple(sorted(self.positions & base)),
                          tuple(sorted(self.positions - base)))


def _positions(value: JSONValue | None) -> list[int]:
    if not isinstance(value, list):
        return []
    return [int(p) for p in value if isinstance(p, int) and not isinstance(p, bool)]


def unsettled_sensed_chips(records: Sequence[Record], payments: Sequence[Mapping[str, JSONValue]],
                           wager: str, lockout_action: str,
                           wagers_key: str, voided: Iterable[int] = ()
                           ) -> list[dict[str, JSONValue]]:
    """The chips the round's lockout record says were sensed (``wagers_key``: the positions
    where the chip is a wager; ``sensed_returns``: chips to return) whose ``wager`` has no line
    in ``payments`` (a settlement line for a wager, a ``return`` line for a return): each a
    difference, in words. ``voided``: lights a supervisor voided after the count (no chip there,
    its reason recorded); a round not played to its settlement has none yet.

    >>> lockout = Record(4, "no_more_bets", {}, {"lights": [2, 5], "sensed_returns": [6]}, None)
    >>> paid = [{"position": 2, "wager": "progressive", "outcome": "collect"}]
    >>> for line in unsettled_sensed_chips([lockout], paid, "progressive", "no_more_bets",
    ...                                    "lights"):
    ...     print(line["words"])
    the progressive chip sensed at position 5 at the lockout was never settled
    the progressive chip sensed at position 6 without a base wager was never returned
    """
    lockout = next((r for r in records if r.action == lockout_action), None)
    if lockout is None:
        return []
    lines = {(p.get("position"), p.get("wager"), p.get("outcome") == "return") for p in payments}
    settled = {(position, kind) for position, kind, _ in lines if kind == wager}
    returned = {(position, kind) for position, kind, back in lines if kind == wager and back}
    words = wager.replace("_", " ")
    found: list[dict[str, JSONValue]] = []
    excused = set(voided)
    for position in _positions(lockout.effects.get(wagers_key)):
        if (position, wager) not in settled and position not in excused:
            found.append({"position": position, "wager": wager, "words":
                          f"the {words} chip sensed at position {position} at the lockout was "
                          "never settled"})
    for position in _positions(lockout.effects.get("sensed_returns")):
        if (position, wager) not in returned:
            found.append({"position": position, "wager": wager, "words":
                          f"the {words} chip sensed at position {position} without a base wager "
                          "was never returned"})
    return found
