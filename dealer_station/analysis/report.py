"""The result of a pay-table analysis: one line per paying hand, one report per wager.

Counts are exact integers; probabilities, returns and house edges are floats derived from them.
``expected_return`` is the player's expected net result per unit wagered (``-0.035`` is a 3.5 %
house edge).

>>> line = PayLine("pair", 84, 84 / 22100, "1:1", 84 / 22100)
>>> report = WagerReport("example", None, (line,), 22100, -0.5)
>>> report.house_edge
0.5
>>> report.to_json()["lines"][0]["combinations"]
84
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dealer_station.analysis.census_report import CensusSection

__all__ = ["Analysis", "PayLine", "WagerReport", "format_odds", "odds_report"]


def format_odds(odds: Fraction | int) -> str:
    """Odds as the regulations write them.

    >>> format_odds(8), format_odds(Fraction(5, 2))
    ('8:1', '5:2')
    """
    fraction = Fraction(odds)
    return f"{fraction.numerator}:{fraction.denominator}"


@dataclass(frozen=True)
class PayLine:
    """One hand of a pay table: how many of the enumerated outcomes it covers, its probability,
    what it pays (``"8:1"``, ``"$25,000.00"``, ``"10% of the meter"``) and its share of the
    expected return; ``label``: the words shown when the hand's name alone would mislead
    (Let It Ride's ``pair`` is a pair of tens or better)."""

    hand: str
    combinations: int
    probability: float
    pays: str
    contribution: float
    extra: Mapping[str, float | int] = field(default_factory=dict)
    label: str = ""

    @property
    def name(self) -> str:
        """The words shown for the hand.

        >>> PayLine("pair", 1, 0.5, "1:1", 0.5, label="pair of tens or better").name
        'pair of tens or better'
        >>> PayLine("two_pair", 1, 0.5, "2:1", 1.0).name
        'two pair'
        """
        return self.label or self.hand.replace("_", " ")

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "label": self.name,
            "combinations": int(self.combinations),
            "probability": float(self.probability),
            "pays": self.pays,
            "contribution": float(self.contribution),
            **{k: (int(v) if isinstance(v, int) else float(v)) for k, v in self.extra.items()},
        }


@dataclass(frozen=True)
class WagerReport:
    """The analysis of one wager under one pay table.

    ``paid_by``: set for a payment that is not the player's wager (the envy bonus, the imperial
    banker hand bonus): who pays it to whom; ``expected_return`` is then the expected payout per
    hand and there is no house edge. ``simulated``: the lines count simulated rounds, not exact
    combinations. ``strategy_summary``: the strategy grouped by rank pattern, for reading."""

    wager: str
    table: str | None
    lines: tuple[PayLine, ...]
    total_combinations: int
    expected_return: float
    notes: tuple[str, ...] = ()
    figures: Mapping[str, float | int] = field(default_factory=dict)
    strategy: tuple[str, ...] = ()
    paid_by: str = ""
    simulated: bool = False
    strategy_summary: tuple[str, ...] = ()

    @property
    def house_edge(self) -> float:
        return -self.expected_return

    @property
    def counted(self) -> str:
        """What the lines count: ``combinations`` (exact) or ``rounds`` (simulated)."""
        return "rounds" if self.simulated else "combinations"

    def to_json(self) -> dict[str, Any]:
        lines = [line.to_json() for line in self.lines]
        if self.simulated:
            for line in lines:
                line["rounds"] = line.pop("combinations")
        result: dict[str, Any] = {
            "wager": self.wager,
            "table": self.table,
            f"total_{self.counted}": int(self.total_combinations),
            "expected_return": float(self.expected_return),
            "house_edge": None if self.paid_by else float(self.house_edge),
            "lines": lines,
            "figures": {
                k: (int(v) if isinstance(v, int) else float(v)) for k, v in self.figures.items()
            },
            "notes": list(self.notes),
        }
        if self.paid_by:
            result["expected_payout_per_hand"] = float(self.expected_return)
            result["paid_by"] = self.paid_by
        if self.strategy:
            result["strategy"] = list(self.strategy)
        if self.strategy_summary:
            result["strategy_summary"] = list(self.strategy_summary)
        return result


@dataclass(frozen=True)
class Analysis:
    """Every wager of a game under the casino's chosen tables, with the wall time it took, and
    (Pai Gow) the seven-card census the wagers were computed from, category by category."""

    game: str
    options: Mapping[str, str | int]
    wagers: tuple[WagerReport, ...]
    seconds: Mapping[str, float] = field(default_factory=dict)
    census: tuple[CensusSection, ...] = ()

    def to_json(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "game": self.game,
            "options": dict(self.options),
            "wagers": [w.to_json() for w in self.wagers],
            "seconds": {k: float(v) for k, v in self.seconds.items()},
        }
        if self.census:
            result["census"] = {"total": int(self.census[0].total),
                                "sections": [s.to_json() for s in self.census]}
        return result


def odds_report(
    wager: str,
    table: str | None,
    counts: Mapping[str, int],
    pays: Mapping[str, Fraction | int],
    total: int,
    notes: tuple[str, ...] = (),
) -> WagerReport:
    """A report for a wager paid at odds ``pays[hand]`` to 1 and lost on any hand not in ``pays``.

    >>> odds_report("w", None, {"pair": 1, "high_card": 3}, {"pair": 1}, 4).expected_return
    -0.5
    """
    if sum(counts.values()) != total:
        raise ValueError(f"counts of {wager} add up to {sum(counts.values())}, not {total}")
    expected = Fraction(0)
    lines = []
    for name, count in counts.items():
        if name in pays:
            share = Fraction(count, total) * Fraction(pays[name])
            lines.append(PayLine(name, count, count / total, format_odds(pays[name]), float(share)))
            expected += share
    losing = sum(count for name, count in counts.items() if name not in pays)
    lines.append(PayLine("losing_hands", losing, losing / total, "loses", -losing / total))
    expected -= Fraction(losing, total)
    return WagerReport(wager, table, tuple(lines), total, float(expected), notes=notes)
