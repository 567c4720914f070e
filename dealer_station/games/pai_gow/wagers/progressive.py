"""The progressive payout wager (5324.41(k)): the meter, its contributions and deductions, and the
payout of a winning hand.

**The meter** (:class:`ProgressiveMeter`) starts at, and is reseeded to, the facility's reset
amount; every progressive wager confirmed at the lockout adds the rate of progression of the amount
wagered (at least 21% for $1, 27% for $5, (k)(5)); a payout deducted from the meter is taken off at
the moment it is paid (k)(6), and whenever the meter falls below the reset amount the house reseeds
it back to the reset amount. The meter counts in ten-thousandths of a cent so that a rate in basis
points is exact: contributions, deductions and reseeds always reconcile with the value
(:meth:`ProgressiveMeter.reconciles`).

**A payout** (:func:`progressive_payout`) pays the highest amount any arrangement of the seven
cards earns on the (k)(4) table, the dealer resetting the hands to it ((g)(8)); a $5 wager pays five
times the fixed amounts ((k)(4)(i)); shares of the meter are of the meter as it stands when paid
((k)(6)). A payout of $50 or more or for a straight flush ($250 or more or a straight flush
at $5) is deducted from the meter ((k)(5)) and, like every payout determined by the meter, waits
for a supervisor's validation ((k)(3)(iii)).

>>> from dealer_station.games.pai_gow.wagers.paytables import pay_table
>>> meter = ProgressiveMeter(reset=dollars(10_000), rate_basis_points=2100)
>>> meter.contribute(dollars(6)).units // UNITS_PER_CENT
126
>>> meter.value
1000126
>>> table = pay_table("progressive")
>>> win = progressive_payout(["straight_flush", "flush_and_pair"], table, dollars(1))
>>> win.hand, win.amount(meter.value), win.from_meter
('straight_flush', 2500, True)
>>> progressive_payout(["natural_royal_flush_and_pair"], table, dollars(1)).amount(meter.value)
1000126
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from dealer_station.money import Cents, dollars, format_cents
from dealer_station.procedure import ProcedureError

from .meter_rules import MINIMUM_RATE_BASIS_POINTS, deducted_from_meter
from .paytables import Fixed, MeterShare, PayTable

__all__ = [
    "UNITS_PER_CENT",
    "MeterEntry",
    "MeterEntryKind",
    "ProgressiveMeter",
    "ProgressivePayout",
    "deducted_from_meter",
    "progressive_payout",
    "verify_meter_terms",
]

#: The meter counts in ten-thousandths of a cent: any rate in basis points of a whole-cent wager
#: is a whole number of units.
UNITS_PER_CENT = 10_000
@dataclass(frozen=True, slots=True)
class ProgressivePayout:
    """What a winning progressive hand pays: ``figure`` from the (k)(4) table (a fixed amount
    already multiplied for $5, or a share of the meter); ``from_meter`` when it is deducted from
    the meter (and so needs a supervisor's validation, (k)(3)(iii))."""

    hand: str
    figure: Fixed | MeterShare
    from_meter: bool

    @property
    def needs_validation(self) -> bool:
        return self.from_meter

    def amount(self, meter: Cents) -> Cents:
        """The amount paid when the meter stands at ``meter`` cents (k)(6)."""
        if isinstance(self.figure, Fixed):
            return self.figure.cents
        return min(self.figure.of(meter), meter)


def progressive_payout(
    hands: Iterable[str], table: PayTable, denomination: Cents, meter: Cents | None = None
) -> ProgressivePayout | None:
    """The best paying of the qualifying ``hands`` (every (k)(4) hand type some arrangement of
    the seven cards forms) on ``table`` for a ``denomination`` wager; ``None`` when none pays.

    Shares of the meter are compared with fixed amounts at ``meter`` (the meter when paid); with
    no reading, a share of the meter ranks above any fixed amount. Equal amounts go to the row
    listed later in the table (three of a kind and straight both pay $2: straight), so the hand
    named never depends on the order the categories come in.

    >>> from dealer_station.games.pai_gow.wagers.paytables import pay_table
    >>> table = pay_table("progressive")
    >>> progressive_payout(["full_house", "flush_and_pair"], table, dollars(1)).hand
    'flush_and_pair'
    >>> progressive_payout(["four_of_a_kind"], table, dollars(5)).figure
    Fixed(cents=10000)
    >>> progressive_payout(["two_pairs"], table, dollars(1)) is None
    True
    """
    multiplier = denomination // dollars(1)
    best: tuple[tuple[int, Cents, int], ProgressivePayout] | None = None
    for hand in sorted(set(hands)):
        if not table.pays_on(hand):
            continue
        figure = table.figure(hand)
        payout: ProgressivePayout
        if isinstance(figure, Fixed):
            cents = figure.cents * multiplier
            payout = ProgressivePayout(
                hand, Fixed(cents), deducted_from_meter(hand, cents, denomination)
            )
            key = (0, cents, table.hands.index(hand))
        elif isinstance(figure, MeterShare):
            payout = ProgressivePayout(hand, figure, True)
            key = ((1, figure.basis_points, table.hands.index(hand)) if meter is None
                   else (0, payout.amount(meter), table.hands.index(hand)))
        else:  # pragma: no cover - the (k)(4) table holds no odds
            raise TypeError(f"odds {figure} on the progressive table")
        if best is None or key > best[0]:
            best = (key, payout)
    return None if best is None else best[1]


class MeterEntryKind(StrEnum):
    CONTRIBUTION = "contribution"
    DEDUCTION = "deduction"
    RESEED = "reseed"


@dataclass(frozen=True, slots=True)
class MeterEntry:
    """One movement of the meter; ``units`` in ten-thousandths of a cent (positive: added),
    ``amount`` the same in whole cents where it is a payment or a wager."""

    kind: MeterEntryKind
    units: int
    value_after: Cents
    amount: Cents = 0
    note: str = ""


class ProgressiveMeter:
    """The progressive meter: reset amount, rate of progression, contributions, deductions at the
    moment of payment and reseeds, with a ledger that reconciles exactly with the value."""

    def __init__(self, reset: Cents, rate_basis_points: int, value: Cents | None = None) -> None:
        if reset < 0 or not 0 <= rate_basis_points <= 10_000:
            raise ValueError("the reset amount must be non-negative and the rate 0-100%")
        self.reset = reset
        self.rate_basis_points = rate_basis_points
        start = reset if value is None else value
        self._opening_units = start * UNITS_PER_CENT
        self._units = self._opening_units
        self._ledger: list[MeterEntry] = []
        if start < reset:
            self._reseed("opening value below the reset amount")

    @property
    def value(self) -> Cents:
        """The meter in whole cents, as displayed (fractions of a cent carried, never shown)."""
        return self._units // UNITS_PER_CENT

    @property
    def units(self) -> int:
        return self._units

    @property
    def ledger(self) -> tuple[MeterEntry, ...]:
        return tuple(self._ledger)

    def contribute(self, amount_wagered: Cents, note: str = "") -> MeterEntry:
        """Add the rate of progression of ``amount_wagered`` (progressive wagers confirmed at the
        lockout, 5324.41(k)(5))."""
        if amount_wagered < 0:
            raise ValueError("a wager cannot be negative")
        units = amount_wagered * self.rate_basis_points * UNITS_PER_CENT // 10_000
        self._units += units
        entry = MeterEntry(MeterEntryKind.CONTRIBUTION, units, self.value, amount_wagered, note)
        self._ledger.append(entry)
        return entry

    def deduct(self, amount: Cents, note: str = "") -> tuple[MeterEntry, ...]:
        """Take a payment of ``amount`` off the meter at the moment it is paid (k)(6); reseed to
        the reset amount when the meter falls below it. Returns the entries made."""
        if amount < 0:
            raise ValueError("a payment cannot be negative")
        if amount > self.value:
            raise ProcedureError(
                f"a payment of {amount} cents exceeds the meter ({self.value} cents)",
                "5324.41(k)(6)",
            )
        units = amount * UNITS_PER_CENT
        self._units -= units
        entries = [MeterEntry(MeterEntryKind.DEDUCTION, -units, self.value, amount, note)]
        self._ledger.append(entries[0])
        if self._units < self.reset * UNITS_PER_CENT:
            entries.append(self._reseed(note))
        return tuple(entries)

    def _reseed(self, note: str) -> MeterEntry:
        units = self.reset * UNITS_PER_CENT - self._units
        self._units += units
        entry = MeterEntry(MeterEntryKind.RESEED, units, self.value, -(-units // UNITS_PER_CENT),
                           note)
        self._ledger.append(entry)
        return entry

    def total(self, kind: MeterEntryKind) -> int:
        """The sum of the ``kind`` entries, in units."""
        return sum(e.units for e in self._ledger if e.kind is kind)

    def reconciles(self) -> bool:
        """Opening value + contributions + reseeds - deductions equals the meter, exactly."""
        return self._opening_units + sum(e.units for e in self._ledger) == self._units


#: What may happen to contributions above a meter's limit.
ABOVE_LIMIT = ("overflow",)


def verify_meter_terms(*, reset: Cents, rate_bp: int, limit: Cents | None,
                       above_limit: str = "overflow", denomination: Cents | None = None,
                       least_reset: Cents | None = None) -> None:
    """Refuse a progressive meter's terms the law forbids, naming the clause: a rate of
    progression below 21% ($1) or 27% ($5) of the amount wagered, or above 100% ((k)(5)); a
    reset amount below the largest fixed payout deducted from the meter, which it could not pay
    ((k)(5)); a limit below the reset amount ((k)(4)); contributions stopped above the limit
    (the rate applies to every amount wagered: above the limit they go to the overflow, (k)(5)).

    >>> verify_meter_terms(reset=dollars(10_000), rate_bp=2000, limit=None, denomination=100)
    Traceback (most recent call last):
    ...
    dealer_station.procedure.ProcedureError: the rate of progression is 20.00%, below the 21% ...
    >>> verify_meter_terms(reset=dollars(500), rate_bp=2100, limit=dollars(400))
    Traceback (most recent call last):
    ...
    dealer_station.procedure.ProcedureError: the limit $400.00 is below the reset amount ...
    """
    if not 0 <= rate_bp <= 10_000:
        raise ProcedureError("the rate of progression is a share of the amount wagered, 0 to "
                             "100%", "5324.41(k)(5)")
    least = MINIMUM_RATE_BASIS_POINTS.get(denomination or 0)
    if least is not None and rate_bp < least:
        raise ProcedureError(
            f"the rate of progression is {rate_bp // 100}.{rate_bp % 100:02d}%, below the "
            f"{least // 100}% the regulation requires for the "
            f"{format_cents(denomination or 0)} progressive wager", "5324.41(k)(5)")
    if reset < 0 or (least_reset is not None and reset < least_reset):
        raise ProcedureError(
            f"the reset amount {format_cents(reset)} is below "
            f"{format_cents(least_reset or 0)}, the largest fixed payout deducted from the "
            "meter: the meter could not pay it", "5324.41(k)(5)")
    if limit is not None and limit < reset:
        raise ProcedureError(f"the limit {format_cents(limit)} is below the reset amount "
                             f"{format_cents(reset)}", "5324.41(k)(4)")
    if above_limit not in ABOVE_LIMIT:
        raise ProcedureError(
            f"contributions cannot {above_limit!r} above the limit: the rate of progression "
            "applies to every amount wagered, so above the limit they go to the overflow",
            "5324.41(k)(5)")
