"""Cards, the 52-card deck and the 53-card Pai Gow deck, and their text notation.

Notation used everywhere (CLI, logs, records): rank ``2``-``9``, ``T`` (``10`` also accepted),
``J``, ``Q``, ``K``, ``A``; suit ``s``, ``h``, ``d``, ``c``; the joker ``JK``. Parsing is
case-insensitive.

>>> parse_card("ah")
Card('Ah')
>>> parse_card("10d").text
'Td'
>>> parse_cards("As Kd 10h", count=3)
(Card('As'), Card('Kd'), Card('Th'))
>>> JOKER.is_joker, str(JOKER)
(True, 'JK')
>>> len(standard_deck()), len(pai_gow_deck())
(52, 53)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from drivers.protocol.card_codes import CardCode, is_card_code

__all__ = [
    "JOKER",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "card_codes",
    "card_from_code",
    "format_cards",
    "pai_gow_deck",
    "parse_card",
    "parse_cards",
    "standard_deck",
]


class CardError(ValueError):
    """A card or a group of cards that cannot be accepted, with the reason in plain words."""


class Rank(IntEnum):
    """Card ranks, ordered deuce (2) to ace (14). ``JOKER`` (15) is only the Pai Gow joker's."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """The one-character notation (``T`` for ten); ``JK`` for the joker."""
        return _RANK_SYMBOLS[self]


class Suit(Enum):
    """The four suits, by their notation letter."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def symbol(self) -> str:
        return self.value


_RANK_SYMBOLS: dict[Rank, str] = {
    **{Rank(v): str(v) for v in range(2, 10)},
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_RANKS_BY_SYMBOL: dict[str, Rank] = {
    s: r for r, s in _RANK_SYMBOLS.items() if r is not Rank.JOKER
}
_RANKS_BY_SYMBOL["10"] = Rank.TEN
_SUITS_BY_SYMBOL: dict[str, Suit] = {s.value: s for s in Suit}
_SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: The standard ranks, deuce to ace (no joker).
STANDARD_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)
SUITS: tuple[Suit, ...] = _SUIT_ORDER


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, or the joker (``rank`` is :attr:`Rank.JOKER` and ``suit`` is None).

    ``index`` numbers the 53 cards 0-52 (``(rank - 2) * 4 + suit``, the joker 52) for table-driven
    evaluation; it is also the card's wire code (``drivers.protocol.card_codes``).

    >>> Card(Rank.ACE, Suit.SPADES).index, JOKER.index
    (48, 52)
    """

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CardError("only the joker has no suit, and the joker has none")

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def text(self) -> str:
        """The card in the notation, e.g. ``Ah``, ``Td``, ``JK``."""
        if self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.value

    @property
    def index(self) -> int:
        if self.suit is None:
            return 52
        return (self.rank - 2) * 4 + _SUIT_ORDER.index(self.suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card numbered ``index`` (0-52).

        >>> Card.from_index(0), Card.from_index(52)
        (Card('2s'), Card('JK'))
        """
        if index == 52:
            return JOKER
        if not 0 <= index < 52:
            raise CardError(f"card index {index} is outside 0-52")
        return cls(Rank(index // 4 + 2), _SUIT_ORDER[index % 4])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"


JOKER = Card(Rank.JOKER, None)


def parse_card(text: str) -> Card:
    """Parse one card in the notation, case-insensitively.

    >>> parse_card("JK"), parse_card("jk"), parse_card("Tc")
    (Card('JK'), Card('JK'), Card('Tc'))
    >>> parse_card("1s")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: unknown card '1s': expected a rank 2-9, T (or 10), J, Q, K, A...
    """
    raw = text.strip()
    upper = raw.upper()
    if upper == "JK":
        return JOKER
    rank = _RANKS_BY_SYMBOL.get(upper[:-1])
    suit = _SUITS_BY_SYMBOL.get(raw[-1:].lower())
    if rank is None or suit is None:
        raise CardError(
            f"unknown card {text!r}: expected a rank 2-9, T (or 10), J, Q, K, A and a suit "
            "s, h, d, c, or JK for the joker"
        )
    return Card(rank, suit)


def parse_cards(
    cards: str | Iterable[str] | Iterable[Card],
    *,
    count: int | Sequence[int] | None = None,
    allow_joker: bool = True,
) -> tuple[Card, ...]:
    """Parse a hand: a string of cards separated by spaces or commas, or an iterable of cards or
    card texts. Rejects unknown cards, duplicates, a joker where none is allowed and a wrong hand
    size (``count``: one size or the accepted sizes).

    >>> parse_cards("As,Kd Qh")
    (Card('As'), Card('Kd'), Card('Qh'))
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: duplicate card As
    >>> parse_cards("As Kd", count=5)
    Traceback (most recent call last):
    ...
    dealer_station.cards.CardError: expected 5 cards, got 2
    """
    items: Iterable[str | Card]
    items = cards.replace(",", " ").split() if isinstance(cards, str) else cards
    parsed = tuple(c if isinstance(c, Card) else parse_card(c) for c in items)
    seen: set[Card] = set()
    for card in parsed:
        if card in seen:
            raise CardError(f"duplicate card {card}")
        if card.is_joker and not allow_joker:
            raise CardError("the joker is not used in this game")
        seen.add(card)
    if count is not None:
        sizes = (count,) if isinstance(count, int) else tuple(count)
        if len(parsed) not in sizes:
            wanted = " or ".join(str(s) for s in sizes)
            raise CardError(f"expected {wanted} cards, got {len(parsed)}")
    return parsed


def card_from_code(code: CardCode | None) -> Card | None:
    """The card a device reported by its wire code (``drivers.protocol.card_codes``): the one
    place where a device's card becomes the rules core's. None for a card the reader could not
    recognise (None, or a byte that is no card).

    >>> card_from_code(48), card_from_code(52), card_from_code(None), card_from_code(0xFF)
    (Card('As'), Card('JK'), None, None)
    """
    if code is None or not is_card_code(code):
        return None
    return Card.from_index(code)


def card_codes(cards: Iterable[Card]) -> tuple[CardCode, ...]:
    """The wire codes of ``cards``, for a simulated shoe's back door (a known deck, the next
    cards out of the shoe).

    >>> card_codes(parse_cards("2s As JK"))
    (0, 48, 52)
    """
    return tuple(card.index for card in cards)


def format_cards(cards: Iterable[Card]) -> str:
    """The cards in the notation, separated by spaces.

    >>> format_cards(parse_cards("as kd jk"))
    'As Kd JK'
    """
    return " ".join(card.text for card in cards)


def standard_deck() -> tuple[Card, ...]:
    """The 52 cards of a standard deck (Let It Ride), in index order."""
    return tuple(Card.from_index(i) for i in range(52))


def pai_gow_deck() -> tuple[Card, ...]:
    """The 53 cards of the Pai Gow Poker deck: a standard deck plus one joker (5324.41(b))."""
    return (*standard_deck(), JOKER)
