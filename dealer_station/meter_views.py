"""The progressive meter over the shift (Qt-free view data for the supervisor's Meters page and
its chart, and for `dealer-station meters`).

Each meter shows its current value, reset value, rate, the shift's contributions and hits, and
the series of its balance entry by entry (the meter is the sum of its journal, so the series is
exact). The shift is the last ``hours`` hours (8 by default); the series starts with the balance
the meter had when the shift began.

>>> from dealer_station.store.meters import MeterEntry
>>> def entry(i, kind, amount, balance, time):
...     return MeterEntry(i, "prog", kind, amount, balance, None, None, None, {}, time)
>>> series = shift_series([entry(1, "seed", 500, 500, "2026-11-29T01:00:00.000000Z"),
...                        entry(2, "contribution", 21, 521, "2026-11-29T10:00:00.000000Z"),
...                        entry(3, "hit", 0, 521, "2026-11-29T10:05:00.000000Z"),
...                        entry(4, "paid", -500, 21, "2026-11-29T10:05:00.000000Z"),
...                        entry(5, "reseed", 479, 500, "2026-11-29T10:05:00.000000Z")],
...                       since="2026-11-29T09:00:00")
>>> [(p.kind, p.balance) for p in series.points]
[('start', 500), ('contribution', 521), ('hit', 521), ('paid', 21), ('reseed', 500)]
>>> series.contributions, series.hits, series.low, series.high
(21, 1, 21, 521)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from dealer_station.money import Cents, format_cents
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store
from dealer_station.store.meters import MeterEntry

__all__ = ["HIT_COLUMNS", "LinkedPoolFigures", "MeterPanel", "MeterPoint", "MeterSeries",
           "hit_rows", "linked_pool_figures", "meter_panels", "parse_rate", "shift_series",
           "shift_start"]

#: The columns of a meter's last hits, as a regulator reads them.
HIT_COLUMNS = ("Time (UTC)", "Table", "Round", "Position", "Hand", "Amount", "Supervisor")


@dataclass(frozen=True, slots=True)
class MeterPoint:
    """One change of the meter: its entry's time, kind and amount and the balance after it
    (the shift's first point: kind "start", amount 0, the balance the shift began with)."""

    time: str
    kind: str
    amount: Cents
    balance: Cents


@dataclass(frozen=True, slots=True)
class MeterSeries:
    """The meter's balance entry by entry over the shift; its totals are read from the points."""

    points: tuple[MeterPoint, ...]

    @property
    def contributions(self) -> Cents:
        return sum(p.amount for p in self.points if p.kind == "contribution")

    @property
    def hits(self) -> int:
        return sum(1 for p in self.points if p.kind == "hit")

    @property
    def low(self) -> Cents:
        return min((p.balance for p in self.points), default=0)

    @property
    def high(self) -> Cents:
        return max((p.balance for p in self.points), default=0)

    def chart_points(self) -> tuple[MeterPoint, ...]:
        """The points a chart draws: a payout followed by its reseed is one change of the
        meter (the hit's amount paid, the reset value back), not a fall to what the payout
        left (``$0.00`` for a meter paid whole) and a climb back.

        >>> def point(kind, balance):
        ...     return MeterPoint("2026-11-29T10:05:00Z", kind, 0, balance)
        >>> series = MeterSeries((point("start", 900), point("hit", 900), point("paid", 0),
        ...                       point("reseed", 500), point("contribution", 510)))
        >>> [(p.kind, p.balance) for p in series.chart_points()]
        [('start', 900), ('hit', 900), ('reseed', 500), ('contribution', 510)]
        """
        points = self.points
        return tuple(point for index, point in enumerate(points)
                     if not (point.kind == "paid" and index + 1 < len(points)
                             and points[index + 1].kind == "reseed"))


@dataclass(frozen=True, slots=True)
class MeterPanel:
    """One meter as the meter view shows it: its terms, its journal's totals (``stats``) and
    the shift's series, at the table ``table``."""

    name: str
    wager: str
    stats: meter_store.MeterStatistics
    series: MeterSeries
    table: str = ""

    def lines(self, *, linked: bool = False) -> list[tuple[str, str]]:
        """The figures by label; ``linked``: the meter of a table in a floor's pool, whose
        "current" is its own ledger of contributions, not the pool (which pays the hits)."""
        stats = self.stats
        return [
            ("Ledger (this table)" if linked else "Current", format_cents(stats.current)),
            ("Overflow", format_cents(stats.overflow)),
            ("Base (reset)", format_cents(stats.reset)),
            ("Limit", "none" if stats.limit is None else
             f"{format_cents(stats.limit)} · above it to the overflow"),
            ("Rate", f"{stats.rate_bp / 100:g} % of {self.wager.replace('_', ' ')}"),
            ("Contributions (shift)", format_cents(self.series.contributions)),
            ("Contributions (all)", format_cents(stats.contributions)),
            ("Hits (shift / all)", f"{self.series.hits} / {stats.hits}"),
            ("Total paid", format_cents(stats.paid)),
            ("State", f"retired {stats.retired[:19]}" if stats.retired else "in service"),
        ]


@dataclass(frozen=True, slots=True)
class LinkedPoolFigures:
    """The floor's linked pool a table's progressive is paid from, as the table's floor link
    last reported it (:class:`dealer_station.floor.link.FloorView`).

    >>> LinkedPoolFigures("linked", 1_250_000, True, "", 1).lines()[:2]
    [('as of now', '$12,500.00'), ('pending at the pit', '1 hit waits for validation')]
    >>> LinkedPoolFigures("linked", 1_000_000, False, "no route to host", 0).lines()[0]
    ('last known', '$10,000.00')
    """

    pool: str
    amount: Cents | None
    reachable: bool
    reason: str
    pending: int

    @property
    def title(self) -> str:
        return f"Pool {self.pool} (floor)"

    def explanation(self, meter: str) -> str:
        """What the pool is beside the table's own meter ``meter``."""
        return (f"The floor's linked pool {self.pool}: the progressive hits at this table are "
                f"paid from it. The figures below are this table's meter {meter}: its own "
                "ledger of contributions, where the pool's payments are entries of $0.00.")

    def lines(self) -> list[tuple[str, str]]:
        amount = "not known yet" if self.amount is None else format_cents(self.amount)
        pending = ("none" if not self.pending else
                   f"{self.pending} hit{'s' if self.pending > 1 else ''} wait"
                   f"{'' if self.pending > 1 else 's'} for validation")
        return [("as of now" if self.reachable else "last known", amount),
                ("pending at the pit", pending),
                ("floor", "reachable" if self.reachable else f"away: {self.reason}")]


def linked_pool_figures(floor: Any) -> LinkedPoolFigures | None:
    """The pool of a table on a floor (``floor``: its link's last view; ``None`` or a view
    without a pool: the table pays from its own meter)."""
    if floor is None or not floor.pool:
        return None
    return LinkedPoolFigures(str(floor.pool), floor.amount_cents, bool(floor.reachable),
                             str(floor.reason), int(floor.pending))


def hit_rows(panel: MeterPanel) -> list[tuple[str, ...]]:
    """The meter's last 25 hits, newest first, in :data:`HIT_COLUMNS` order."""
    return [(hit.time[:16].replace("T", " "), panel.table,
             "-" if hit.round_id is None else str(hit.round_id), hit.position,
             hit.hand.replace("_", " "), format_cents(hit.amount), hit.supervisor)
            for hit in panel.stats.last_hits]


def parse_rate(text: str) -> int:
    """A rate of progression typed as a percentage (``21`` or ``21.5%``) in basis points.

    >>> parse_rate("21%"), parse_rate("27.25")
    (2100, 2725)
    >>> parse_rate("1e400%")
    Traceback (most recent call last):
    ...
    ValueError: the rate '1e400%' is not a percentage from 0 to 100 (e.g. 21%)
    """
    cleaned = text.strip().rstrip("%").strip()
    try:
        value = float(cleaned)
    except ValueError:
        raise ValueError(f"the rate {text!r} is not a percentage (e.g. 21%)") from None
    if not math.isfinite(value) or abs(value) > 1000:  # inf, nan, 1e400: no share of a wager
        raise ValueError(f"the rate {text!r} is not a percentage from 0 to 100 (e.g. 21%)")
    return round(value * 100)


def shift_start(hours: float = 8.0, now: datetime | None = None) -> str:
    """The start of the shift as journal time text."""
    moment = (now or datetime.now(UTC)) - timedelta(hours=hours)
    return moment.strftime("%Y-%m-%dT%H:%M:%S")


def shift_series(entries: Sequence[MeterEntry], *, since: str) -> MeterSeries:
    """The balance entry by entry from ``since`` (with the balance then as the first point)."""
    before = [e for e in entries if e.time < since]
    during = [e for e in entries if e.time >= since]
    points = [MeterPoint(since, "start", 0, before[-1].balance)] if before else []
    points += [MeterPoint(e.time, e.kind, e.amount, e.balance) for e in during]
    return MeterSeries(tuple(points))


def meter_panels(store: Store, *, since: str) -> list[MeterPanel]:
    """Every meter of the table with its shift series."""
    panels = []
    for each in meter_store.meters(store):
        series = shift_series(meter_store.shift_entries(store, each.name, since=since),
                              since=since)
        panels.append(MeterPanel(each.name, each.wager, meter_store.statistics(store, each.name),
                                 series, store.table))
    return panels
