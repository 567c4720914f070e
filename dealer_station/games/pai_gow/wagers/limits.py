"""Payout limits per player and round of play, each applied only to the wagers its clause names.

* 5324.41(m)(4): fortune bonus and insurance payouts (with the envy bonus payments, whose fixed
  amounts the paragraph also overrides);
* 5324.41(o)(3): seven-card bonus payouts only (not the three-card bonus);
* 5324.41(p)(6): the aggregate player hand and banker hand bonus payouts of the imperial wager.

The progressive, the three-card bonus and the pai gow wager are never limited here.

>>> from dealer_station.procedure import Payment
>>> lines = [Payment(1, 3, "fortune_bonus", "pay", 1000, 3_000_000),
...          Payment(2, 3, "insurance", "pay", 1000, 1_500_000),
...          Payment(3, 3, "progressive", "pay", 100, 9_000_000)]
>>> [p.amount for p in apply_limits(lines, {"fortune_insurance": 4_000_000})]
[3000000, 1000000, 9000000]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from dealer_station.money import Cents, format_cents
from dealer_station.procedure import Payment

from .families import ENVY_BONUS, BonusWager

__all__ = ["LIMIT_CLAUSES", "apply_limits", "limit_group"]

#: Each limited group and its clause.
LIMIT_CLAUSES: Mapping[str, str] = {
    "fortune_insurance": "5324.41(m)(4)",
    "seven_card": "5324.41(o)(3)",
    "imperial": "5324.41(p)(6)",
}
_GROUPS: Mapping[str, str] = {
    BonusWager.FORTUNE_BONUS.value: "fortune_insurance",
    ENVY_BONUS: "fortune_insurance",
    BonusWager.INSURANCE.value: "fortune_insurance",
    BonusWager.SEVEN_CARD_BONUS.value: "seven_card",
    BonusWager.IMPERIAL_BONUS.value: "imperial",
}


def limit_group(wager: str) -> str | None:
    """The payout limit group of a payment line's wager, or None when no limit applies.

    >>> limit_group("envy_bonus"), limit_group("three_card_bonus"), limit_group("progressive")
    ('fortune_insurance', None, None)
    """
    return _GROUPS.get(wager)


def apply_limits(payments: Iterable[Payment], limits: Mapping[str, Cents | None]) -> list[Payment]:
    """Cap the winning lines, in payment order, so that no player is paid more than the limit of
    a group in the round; a capped line says so. ``limits`` maps a group to its limit (None: no
    limit)."""
    paid: dict[tuple[int | str, str], Cents] = {}
    result: list[Payment] = []
    for payment in payments:
        group = limit_group(payment.wager)
        limit = limits.get(group) if group else None
        if group is None or limit is None or payment.outcome != "pay":
            result.append(payment)
            continue
        key = (payment.position, group)
        room = max(limit - paid.get(key, 0), 0)
        amount = min(payment.amount, room)
        paid[key] = paid.get(key, 0) + amount
        if amount < payment.amount:
            note = (f"capped at the payout limit of {format_cents(limit)} per player and round "
                    f"(the table pays {format_cents(payment.amount)})")
            payment = replace(payment, amount=amount, clause=LIMIT_CLAUSES[group],
                              note="; ".join(n for n in (payment.note, note) if n))
        result.append(payment)
    return result
