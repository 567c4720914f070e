"""Amounts of money, always integer cents: never floats.

>>> dollars(25)
2500
>>> format_cents(123456)
'$1,234.56'
>>> format_cents(-50)
'-$0.50'
>>> parse_amount("$1,234.5")
123450
>>> round_up_to(35, 25), round_up_to(125, 25), round_up_to(0, 25)
(50, 125, 0)
>>> round_down_to(1099, 100)
1000
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

__all__ = ["Cents", "dollars", "format_cents", "parse_amount", "round_down_to", "round_up_to"]

#: An amount in cents. A plain ``int`` so that arithmetic stays exact and cheap.
Cents = int


def dollars(amount: int) -> Cents:
    """Whole dollars as cents."""
    return amount * 100


def format_cents(cents: Cents) -> str:
    """``$1,234.56`` style, with a leading minus for negative amounts."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{part:02d}"


def parse_amount(text: str) -> Cents:
    """Parse ``25``, ``$25.50``, ``1,000`` into cents; rejects fractions of a cent and junk."""
    cleaned = text.strip().replace("$", "").replace(",", "")
    try:
        value = Decimal(cleaned) * 100
    except InvalidOperation:
        raise ValueError(f"not an amount of money: {text!r}") from None
    if value != value.to_integral_value():
        raise ValueError(f"amount has a fraction of a cent: {text!r}")
    return int(value)


def round_up_to(cents: Cents, step: Cents) -> Cents:
    """Round a non-negative amount up to the next multiple of ``step`` cents."""
    return -(-cents // step) * step


def round_down_to(cents: Cents, step: Cents) -> Cents:
    """Round a non-negative amount down to a multiple of ``step`` cents."""
    return cents // step * step
