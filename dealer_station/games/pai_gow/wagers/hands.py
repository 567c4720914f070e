"""TEMPORARY: adapter to dealer_station.rankings (being written)."""

from __future__ import annotations

from collections.abc import Sequence

from dealer_station.cards import Card

from .config import RoyalMatch


def fortune_hand(cards: Sequence[Card], royal_match: RoyalMatch) -> str | None:
    raise NotImplementedError


def insurance_hand(cards: Sequence[Card]) -> str | None:
    raise NotImplementedError


def seven_card_bonus_hand(cards: Sequence[Card]) -> str | None:
    raise NotImplementedError


def player_hand_bonus_hand(cards: Sequence[Card]) -> str | None:
    raise NotImplementedError


def banker_hand_bonus_hand(cards: Sequence[Card]) -> str | None:
    raise NotImplementedError


def progressive_hands(cards: Sequence[Card]) -> frozenset[str]:
    raise NotImplementedError


def three_card_bonus_hand(cards: Sequence[Card]) -> str | None:
    raise NotImplementedError
