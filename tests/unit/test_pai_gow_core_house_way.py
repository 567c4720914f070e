"""The house way (9 NYCRR 5324.41(h)(5), (q)): the engine and the standard house way as data,
rule by rule as written in docs/house-way.md."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

import pytest

from dealer_station.cards import JOKER, SUITS, Card, Rank, format_cards, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow.house_way import (
    CATEGORIES,
    HouseWayError,
    house_way_from_mapping,
    load_house_way,
    set_hand,
)
from dealer_station.rankings.pai_gow import (
    PaiGowCategory,
    evaluate_high,
    evaluate_low,
    high_not_lower_than_low,
)
from dealer_station.resources_path import resource_path


def split(cards: str, way: Any = None) -> tuple[str, str]:
    """The two hands, each written high to low (the joker first)."""
    high, low = set_hand(cards, way)
    return format_cards(high), format_cards(low)


@pytest.mark.parametrize(
    ("cards", "high", "low"),
    [
        # no pair: highest card high, the next two low
        ("Ks Jd 9h 7c 5s 3d 2c", "Ks 7c 5s 3d 2c", "Jd 9h"),
        # one pair: the pair high, the two highest singletons low
        ("As Ks 7d 7c 4h 3s 2d", "7d 7c 4h 3s 2d", "As Ks"),
        # two pair, aces: split
        ("Ah Ad Kc Kd 9s 5h 2c", "Ah Ad 9s 5h 2c", "Kd Kc"),
        # two small pairs with a king: together
        ("6h 6d 3c 3d Ks 9h 2c", "6h 6d 3d 3c 2c", "Ks 9h"),
        # two small pairs without a king or ace: split
        ("6h 6d 3c 3d Qs 9h 2c", "Qs 9h 6h 6d 2c", "3d 3c"),
        # medium pairs with an ace: together
        ("Th Td 4c 4d As 9h 2c", "Th Td 4d 4c 2c", "As 9h"),
        # three pair: the highest pair low
        ("Qh Qd 8c 8d 5s 5h Ac", "Ac 8d 8c 5s 5h", "Qh Qd"),
        # three of a kind: together
        ("9s 9h 9d Kc Jd 4s 2h", "9s 9h 9d 4s 2h", "Kc Jd"),
        # three aces: split, an ace low
        ("As Ah Ad Kc Jd 4s 2h", "As Ah Jd 4s 2h", "Ad Kc"),
        # two three of a kinds: a pair of the higher low
        ("9s 9h 9d 5c 5d 5s 2h", "9d 5s 5d 5c 2h", "9s 9h"),
        # full house: split, the pair low
        ("9s 9h 9d 5c 5d Ks 2h", "Ks 9s 9h 9d 2h", "5d 5c"),
        # full house with deuces and A-K: together
        ("9s 9h 9d 2c 2d As Kh", "9s 9h 9d 2d 2c", "As Kh"),
        # four of a kind, low: together
        ("5s 5h 5d 5c Kd Qs 2h", "5s 5h 5d 5c 2h", "Kd Qs"),
        # four of a kind, high: split
        ("Js Jh Jd Jc Kd Qs 2h", "Kd Qs Js Jh 2h", "Jd Jc"),
        # four of a kind and a pair: the pair low
        ("Js Jh Jd Jc 8d 8s 2h", "Js Jh Jd Jc 2h", "8s 8d"),
        # five aces with kings: together
        ("As Ah Ad Ac JK Kh Kd", "JK As Ah Ad Ac", "Kh Kd"),
        # five aces otherwise: split
        ("As Ah Ad Ac JK 9h 3d", "JK Ad Ac 9h 3d", "As Ah"),
        # the joker as an ace with a pair of aces
        ("JK Ah 9c 7d 5s 4h 2c", "JK Ah 5s 4h 2c", "9c 7d"),
        # the joker completing a straight, the best low kept
        ("JK Kd Qc Jh 9s 4d As", "JK Kd Qc Jh 9s", "As 4d"),
        # a flush kept with the pair low when possible
        ("2h 3h 4h 5h 9h Kc Kd", "9h 5h 4h 3h 2h", "Kd Kc"),
    ],
)
def test_standard_house_way_rules(cards: str, high: str, low: str) -> None:
    """Each rule of resources/house_ways/standard.toml (docs/house-way.md)."""
    assert split(cards) == (high, low)


def test_every_setting_is_legal_and_complete_5324_41_g_1() -> None:
    """5324.41(g)(1): the house way always keeps the high hand at least as high as the low hand,
    and uses the seven cards exactly once."""
    rng = random.Random(7)
    deck = list(pai_gow_deck())
    way = load_house_way()
    for _ in range(6000):
        seven = rng.sample(deck, 7)
        high, low = way.set_hand(seven)
        assert len(high) == 5 and len(low) == 2
        assert set(high) | set(low) == set(seven)
        assert high_not_lower_than_low(evaluate_high(high), evaluate_low(low)), seven


def test_every_tenth_rank_pattern_is_set_legally_5324_41_g_1() -> None:
    """5324.41(g)(1) over the rank patterns themselves: every tenth of the 67,600 multisets of
    seven ranks (at most four of a rank, with or without the joker), suits spread so that the
    pattern's own plan is used."""
    way = load_house_way()
    count = 0
    for joker in (False, True):
        patterns = combinations_with_replacement(range(2, 15), 6 if joker else 7)
        for index, ranks in enumerate(patterns):
            if index % 10 or max(Counter(ranks).values()) > 4:
                continue
            # suits in turn: the same rank never repeats a suit and no flush can form
            cards = [Card(Rank(r), SUITS[i % 4]) for i, r in enumerate(ranks)]
            if joker:
                cards.append(JOKER)
            high, low = way.set_hand(tuple(cards))
            assert sorted(map(str, high + low)) == sorted(map(str, cards))
            assert high_not_lower_than_low(evaluate_high(high), evaluate_low(low)), cards
            count += 1
    assert count > 6000


def test_deterministic_whatever_the_order_of_the_cards() -> None:
    rng = random.Random(11)
    deck = list(pai_gow_deck())
    for _ in range(500):
        seven = rng.sample(deck, 7)
        shuffled = list(seven)
        rng.shuffle(shuffled)
        assert set_hand(seven) == set_hand(shuffled)


def test_straight_or_flush_played_when_always() -> None:
    rng = random.Random(3)
    deck = list(pai_gow_deck())
    way = load_house_way()
    seen = 0
    for _ in range(4000):
        seven = rng.sample(deck, 7)
        ranks = {14 if c.is_joker else int(c.rank) for c in seven}
        if len(ranks) < 7:
            continue  # a pair (the joker an ace): other rules
        best = max(evaluate_high(c) for c in _fives(seven))
        if best.category >= PaiGowCategory.STRAIGHT:
            # no pair at all: the straight or flush is always played
            high, _ = way.set_hand(seven)
            assert evaluate_high(high).category >= PaiGowCategory.STRAIGHT
            seen += 1
    assert seen > 50


def _fives(seven: list[Any]) -> list[tuple[Any, ...]]:
    from itertools import combinations

    return list(combinations(seven, 5))


def test_house_way_is_data_a_different_file_sets_differently() -> None:
    """Casinos file their own house ways: the same engine reads another rule set."""
    with resource_path("house_ways", "standard.toml").open("rb") as handle:
        data = tomllib.load(handle)
    data["two_pair"]["keep_together_when"] = []  # always split two pair
    data["four_of_a_kind"]["keep_together_when"] = [{"quads_at_most": "A"}]
    way = house_way_from_mapping(data)
    assert split("6h 6d 3c 3d Ks 9h 2c", way) == ("Ks 9h 6h 6d 2c", "3d 3c")
    assert split("Js Jh Jd Jc Kd Qs 2h", way) == ("Js Jh Jd Jc 2h", "Kd Qs")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"two_pair": {"keep_together_when": [{"pair_at_most": "6"}]}}, "unknown condition"),
        ({"two_pair": {"keep_together_when": [{"high_pair_at_most": "1"}]}}, "not a rank"),
        ({"trips": {"straight_or_flush": "sometimes"}}, "straight_or_flush"),
        ({"no_pair": {"split_when": []}}, "unknown key"),
        ({"extra": {}}, "unknown section"),
    ],
)
def test_malformed_house_way_refused(change: dict[str, Any], message: str) -> None:
    with resource_path("house_ways", "standard.toml").open("rb") as handle:
        data = tomllib.load(handle)
    data.update(change)
    with pytest.raises(HouseWayError, match=message):
        house_way_from_mapping(data)


def test_every_category_required() -> None:
    with pytest.raises(HouseWayError, match="no \\[five_aces\\]"):
        house_way_from_mapping({c: {} for c in CATEGORIES if c != "five_aces"})


def test_cards_as_text_list_or_cards() -> None:
    expected = split("As Ks 7d 7c 4h 3s 2d")
    for given in (["As", "Ks", "7d", "7c", "4h", "3s", "2d"],
                  list(parse_cards("As Ks 7d 7c 4h 3s 2d"))):
        high, low = set_hand(given)
        assert (format_cards(high), format_cards(low)) == expected


def test_bad_input_refused() -> None:
    with pytest.raises(ValueError):
        set_hand("As Kd")
    with pytest.raises(ValueError):
        set_hand(parse_cards("As Kd Qh Jc 9s 8d 7h") + parse_cards("As"))
    with pytest.raises(ValueError):
        load_house_way("../pai_gow")
