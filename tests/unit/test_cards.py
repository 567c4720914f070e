"""Cards and their notation (issue: foundation)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_station.cards import (
    JOKER,
    Card,
    CardError,
    Rank,
    Suit,
    card_codes,
    card_from_code,
    format_cards,
    pai_gow_deck,
    parse_card,
    parse_cards,
    standard_deck,
)


def test_decks_hold_each_card_once() -> None:
    assert len(set(standard_deck())) == 52
    assert set(pai_gow_deck()) == set(standard_deck()) | {JOKER}
    assert [c.index for c in pai_gow_deck()] == list(range(53))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", "As"), ("as", "As"), ("AS", "As"), ("10h", "Th"),
        ("tD", "Td"), ("jk", "JK"), ("Jk", "JK"),
    ],
)
def test_parse_is_case_insensitive_and_accepts_10(text: str, expected: str) -> None:
    assert parse_card(text).text == expected


@pytest.mark.parametrize("text", ["", "1s", "Ax", "11h", "JKs", "A", "s", "Zz", "10"])
def test_unknown_cards_are_refused_with_reason(text: str) -> None:
    with pytest.raises(CardError, match="unknown card"):
        parse_card(text)


def test_duplicates_wrong_size_and_joker_are_refused() -> None:
    with pytest.raises(CardError, match="duplicate card Kd"):
        parse_cards("Kd 2c kd")
    with pytest.raises(CardError, match="expected 5 or 7 cards, got 3"):
        parse_cards("2c 3c 4c", count=(5, 7))
    with pytest.raises(CardError, match="joker is not used"):
        parse_cards("JK 2c", allow_joker=False)
    with pytest.raises(CardError, match="duplicate card JK"):
        parse_cards(["JK", "jk"])


def test_joker_has_no_suit_and_others_must() -> None:
    with pytest.raises(CardError):
        Card(Rank.JOKER, Suit.SPADES)
    with pytest.raises(CardError):
        Card(Rank.ACE, None)


@given(st.lists(st.sampled_from(pai_gow_deck()), unique=True, max_size=10))
def test_format_then_parse_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert all(Card.from_index(c.index) == c for c in cards)


def test_every_card_code_on_the_wire_is_the_same_card_in_the_rules_core() -> None:
    """The devices' card codes (drivers.protocol.card_codes) and the rules core's cards agree on
    all 53 cards, both ways; a misread byte or a byte that is no card becomes no card."""
    from drivers.protocol.card_codes import MISREAD, card_code, card_text, deck_codes

    for code in deck_codes(53):
        card = card_from_code(code)
        assert card is not None and card.text == card_text(code) and card.index == code
        assert card_code(card.text) == code and card_codes([card]) == (code,)
    assert card_from_code(MISREAD) is None and card_from_code(53) is None
    assert card_from_code(None) is None
    assert card_codes(pai_gow_deck()) == deck_codes(53)
