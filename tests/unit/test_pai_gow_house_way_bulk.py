"""The house way over many hands at once (9 NYCRR 5324.41(h)(5), (q)) sets each hand as the
per-hand call does: the same low hand (so the same high hand), on random hands, on hands rich in
straights and flushes, by house ways playing straights and flushes always, if the low hand is not
worse, or never; malformed arrays and duplicate cards are refused with the reason."""

from __future__ import annotations

import random
import tomllib

import numpy as np
import pytest

from dealer_station.cards import Card, CardError, pai_gow_deck, parse_card
from dealer_station.games.pai_gow.house_way import CATEGORIES, HouseWay, house_way_from_mapping
from dealer_station.games.pai_gow.house_way_bulk import low_hands
from dealer_station.resources_path import resource_path


def _way(policy: str | None) -> HouseWay:
    with resource_path("house_ways", "standard.toml").open("rb") as handle:
        data = tomllib.load(handle)
    if policy is not None:
        for category in CATEGORIES:
            data[category]["straight_or_flush"] = policy
    return house_way_from_mapping(data)


def _per_hand(way: HouseWay, hands: list[tuple[Card, ...]]) -> list[int]:
    out = []
    for seven in hands:
        _, low = way.set_hand(seven)
        out.append(sum(1 << i for i, card in enumerate(seven) if card in low))
    return out


def _check(way: HouseWay, hands: list[tuple[Card, ...]]) -> None:
    array = np.array([[c.index for c in seven] for seven in hands])
    expected = _per_hand(way, hands)
    first = low_hands(array, way).tolist()  # plans made as it goes
    again = low_hands(array, way).tolist()  # every key remembered
    assert first == expected
    assert again == expected


@pytest.mark.parametrize("policy", [None, "always", "if_low_not_worse", "never"])
def test_random_hands_set_as_one_by_one(policy: str | None) -> None:
    rng = random.Random(policy)
    deck = list(pai_gow_deck())
    _check(_way(policy), [tuple(rng.sample(deck, 7)) for _ in range(20_000)])


@pytest.mark.parametrize("policy", [None, "always", "never"])
def test_hands_rich_in_straights_and_flushes_set_as_one_by_one(policy: str | None) -> None:
    rng = random.Random(9)
    pool = [parse_card(f"{r}{s}") for r in "9TJQKA2345" for s in "sh"] + [
        c for c in pai_gow_deck() if c.is_joker]
    _check(_way(policy), [tuple(rng.sample(pool, 7)) for _ in range(5_000)])


def test_the_standard_house_way_by_default() -> None:
    rng = random.Random(2)
    deck = list(pai_gow_deck())
    hands = [tuple(rng.sample(deck, 7)) for _ in range(500)]
    array = np.array([[c.index for c in seven] for seven in hands])
    assert low_hands(array).tolist() == low_hands(array, "standard").tolist() == _per_hand(
        _way(None), hands)


@pytest.mark.parametrize(("hands", "message"), [
    (np.zeros((2, 6), dtype=np.int64), "rows of seven"),
    (np.array([[0, 1, 2, 3, 4, 5, 53]]), "outside 0-52"),
    (np.array([[0, 1, 2, 3, 4, 5, 5]]), "seven different cards"),
    (np.array([[0.0, 1, 2, 3, 4, 5, 6]]), "rows of seven"),
])
def test_malformed_hands_refused(hands: np.ndarray, message: str) -> None:
    with pytest.raises(CardError, match=message):
        low_hands(hands)
