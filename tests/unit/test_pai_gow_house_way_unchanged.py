"""The house way (9 NYCRR 5324.41(h)(5), (q)) sets every hand as it did before its engine worked on
card positions: the same two hands, the same card objects in the same order, on a large random
sample of seven-card hands from the 53-card deck, by the standard house way and by house ways
whose policies play every straight and flush, never play them, or split and keep together
differently (so that every plan and every straight/flush path is compared)."""

from __future__ import annotations

import random
import tomllib
from typing import Any

import pytest
from house_way_before_positions import set_hand as set_hand_before

from dealer_station.cards import Card, pai_gow_deck, parse_card
from dealer_station.games.pai_gow.house_way import (
    CATEGORIES,
    HouseWay,
    house_way_from_mapping,
)
from dealer_station.resources_path import resource_path


def _standard() -> dict[str, Any]:
    with resource_path("house_ways", "standard.toml").open("rb") as handle:
        return tomllib.load(handle)


def _every_policy(policy: str) -> HouseWay:
    data = _standard()
    for category in CATEGORIES:
        data[category]["straight_or_flush"] = policy
    return house_way_from_mapping(data)


def _other_alternatives() -> HouseWay:
    data = _standard()
    data["two_pair"]["keep_together_when"] = [{"singleton_at_least": "Q"}]
    data["trips"]["split_when"] = [{"trips_at_least": "9", "singleton_at_most": "J"}]
    data["full_house"]["keep_together_when"] = [{"pair_at_most": "9"}]
    data["four_of_a_kind"]["keep_together_when"] = [{"quads_at_most": "A"}]
    data["five_aces"]["keep_together_when"] = [{"singleton_at_least": "2"}]
    return house_way_from_mapping(data)


WAYS = {
    "standard": lambda: house_way_from_mapping(_standard()),
    "always": lambda: _every_policy("always"),
    "if_low_not_worse": lambda: _every_policy("if_low_not_worse"),
    "never": lambda: _every_policy("never"),
    "other_alternatives": _other_alternatives,
}


def _same(
    got: tuple[tuple[Card, ...], tuple[Card, ...]],
    expected: tuple[tuple[Card, ...], tuple[Card, ...]],
) -> bool:
    return got == expected and all(
        a is b for a, b in zip(got[0] + got[1], expected[0] + expected[1], strict=True)
    )


@pytest.mark.parametrize("name", sorted(WAYS))
def test_random_hands_set_as_before(name: str) -> None:
    way = WAYS[name]()
    rng = random.Random(name)
    deck = list(pai_gow_deck())
    hands = 60_000 if name == "standard" else 20_000
    differ = []
    for _ in range(hands):
        seven = tuple(rng.sample(deck, 7))
        got, expected = way.set_hand(seven), set_hand_before(seven, way)
        if not _same(got, expected):
            differ.append((seven, got, expected))
    assert not differ[:5]


def test_hands_rich_in_straights_and_flushes_set_as_before() -> None:
    """Hands drawn from few suits and a run of ranks, so that most hold a straight or flush."""
    rng = random.Random(7)
    pool = [parse_card(f"{r}{s}") for r in "9TJQKA2345" for s in "sh"] + [
        c for c in pai_gow_deck() if c.is_joker]
    for way in (WAYS["standard"](), WAYS["always"](), WAYS["if_low_not_worse"]()):
        differ = []
        for _ in range(10_000):
            seven = tuple(rng.sample(pool, 7))
            got, expected = way.set_hand(seven), set_hand_before(seven, way)
            if not _same(got, expected):
                differ.append(seven)
        assert not differ[:5]


def test_fresh_card_objects_set_as_before() -> None:
    """Cards parsed anew for every hand (new objects, not the deck's), as the station's records
    give them."""
    way = WAYS["standard"]()
    rng = random.Random(5)
    texts = [c.text for c in pai_gow_deck()]
    for _ in range(6_000):
        seven = tuple(parse_card(t) for t in rng.sample(texts, 7))
        assert _same(way.set_hand(seven), set_hand_before(seven, way))
