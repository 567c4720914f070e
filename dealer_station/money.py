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

from decimal import Decimal, InvalidOperation, Overflow

__all__ = [
    "MAX_AMOUNT",
    "Cents",
    "check_amount",
    "dollars",
    "format_cents",
    "parse_amount",
    "round_down_to",
    "round_up_to",
]

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


#: The largest amount the station takes anywhere (a wager, a table limit, a fixed payout): a
#: billion dollars, far above any table's and far below what storage or arithmetic could not
#: hold.
MAX_AMOUNT: Cents = 100_000_000_000


def check_amount(cents: int, text: str) -> Cents:
    """``cents`` unless its size is over :data:`MAX_AMOUNT` (``text``: the amount as given).

    >>> check_amount(dollars(10**14), "100000000000000")
    Traceback (most recent call last):
    ...
    ValueError: amount 100000000000000 is over $1,000,000,000.00
    """
    if abs(cents) > MAX_AMOUNT:
        raise ValueError(f"amount {text} is over {format_cents(MAX_AMOUNT)}")
    return cents


def parse_amount(text: str) -> Cents:
    """Parse ``25``, ``$25.50``, ``1,000`` into cents; rejects fractions of a cent, amounts over
    :data:`MAX_AMOUNT`, NaN, infinity and junk.

    >>> parse_amount("$1,000.50"), parse_amount("-5")
    (100050, -500)
    >>> parse_amount("Infinity")
    Traceback (most recent call last):
    ...
    ValueError: not an amount of money: 'Infinity'
    """
    cleaned = text.strip().replace("$", "").replace(",", "")
    try:
        value = Decimal(cleaned) * 100
    except Overflow:  # an exponent past the decimal context's (1e999999999)
        raise ValueError(f"amount {text[:24]!r} is over {format_cents(MAX_AMOUNT)}") from None
    except InvalidOperation:
        raise ValueError(f"not an amount of money: {text!r}") from None
    if not value.is_finite():
        raise ValueError(f"not an amount of money: {text!r}")
    if abs(value) > MAX_AMOUNT:
        raise ValueError(f"amount {text!r} is over {format_cents(MAX_AMOUNT)}")
    if value != value.to_integral_value():
        raise ValueError(f"amount has a fraction of a cent: {text!r}")
    return int(value)


def round_up_to(cents: Cents, step: Cents) -> Cents:
    """Round a non-negative amount up to the next multiple of ``step`` cents."""
    return -(-cents // step) * step


def round_down_to(cents: Cents, step: Cents) -> Cents:
    """Round a non-negative amount down to a multiple of ``step`` cents."""
    return cents // step * step
