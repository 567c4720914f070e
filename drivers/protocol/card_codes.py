"""A card on the wire: one byte (``docs/protocol.md``). The devices know cards only by these
codes; the rules core turns a code into its card (``dealer_station.cards.card_from_code``), so
nothing under ``drivers/`` depends on the rules core.

Codes 0-51 are the standard deck, ``(rank - 2) * 4 + suit`` with ranks deuce (2) to ace (14) and
suits in the order spades, hearts, diamonds, clubs; 52 is the Pai Gow joker; :data:`MISREAD`
(0xFF) is a card the shoe's reader could not recognise. Any other byte is no card.

>>> card_text(0), card_text(48), card_text(JOKER)
('2s', 'As', 'JK')
>>> card_code("As"), card_code("td"), card_code("JK")
(48, 34, 52)
>>> deck_codes(53)[-1] == JOKER, len(deck_codes(52))
(True, 52)
>>> card_text(MISREAD)
Traceback (most recent call last):
...
drivers.protocol.card_codes.CardCodeError: card code 255 is no card (0-52)
"""

from __future__ import annotations

__all__ = [
    "CARD_TEXTS",
    "JOKER",
    "MISREAD",
    "CardCode",
    "CardCodeError",
    "card_code",
    "card_text",
    "deck_codes",
    "is_card_code",
]

#: A card as its wire byte (0-52; see the module's description).
CardCode = int

#: The code of the Pai Gow joker.
JOKER: CardCode = 52
#: The byte a stack reports for a card the reader could not recognise.
MISREAD = 0xFF

_RANKS = "23456789TJQKA"
_SUITS = "shdc"
#: Decoding table: each code's card in the notation of ``dealer_station.cards`` (``As``, ``JK``).
CARD_TEXTS: tuple[str, ...] = (*(rank + suit for rank in _RANKS for suit in _SUITS), "JK")
#: Encoding table: a card's notation, upper case, to its code.
_CODES: dict[str, CardCode] = {text.upper(): code for code, text in enumerate(CARD_TEXTS)}


class CardCodeError(ValueError):
    """A byte or a text that is no card."""


def is_card_code(code: int) -> bool:
    """Whether ``code`` is a card (0-52): False for :data:`MISREAD` and any other byte."""
    return 0 <= code < len(CARD_TEXTS)


def card_text(code: CardCode) -> str:
    """The card coded ``code`` in the notation (``As``, ``Td``, ``JK``)."""
    if not is_card_code(code):
        raise CardCodeError(f"card code {code} is no card (0-{len(CARD_TEXTS) - 1})")
    return CARD_TEXTS[code]


def card_code(text: str) -> CardCode:
    """The code of the card written ``text`` (rank and suit letter, or ``JK``; any case)."""
    try:
        return _CODES[text.strip().upper()]
    except KeyError:
        raise CardCodeError(f"unknown card {text!r}") from None


def deck_codes(size: int) -> tuple[CardCode, ...]:
    """The codes of a fresh deck: 52 cards, or 53 with the joker (Pai Gow)."""
    if size not in (52, 53):
        raise CardCodeError(f"a deck has 52 or 53 cards, not {size}")
    return tuple(range(size))
