"""The house way (9 NYCRR 5324.41(h)(5), (q)) sets every hand as it did before its engine worked on
card positions: the same two hands, the same card objects in the same order, on a large random
sample of seven-card hands from the 53-card deck, by the standard house way and by house ways
whose policies play every straight and flush, never play them, or split and keep together
differently (so that every plan and every straight/flush path is compared).

The reference is tests/fixtures/house_way_settings.bin.xz: the settings the house way's engine
gave before its rewrite, recorded once from that engine on the seeded hands below, and now the
reference in its place (that engine is gone: the fixture cannot be made again, only checked). Each
hand is six bytes, hand after hand in the order of ``samples()``: the setting's cards, the high
hand's five then the low hand's two, each in the order the engine gave, as the Lehmer code of their
positions among the seven cards ranked high to low (ties in the order dealt) -- ``encode`` and
``decode``. A changed seed, sample or house way below compares other hands with these settings and
fails; it cannot pass unnoticed."""

from __future__ import annotations

import lzma
import random
import tomllib
from collections.abc import Callable, Iterator
from functools import cache
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest

from dealer_station.cards import Card, pai_gow_deck, parse_card
from dealer_station.games.pai_gow.house_way import (
    CATEGORIES,
    HouseWay,
    house_way_from_mapping,
)
from dealer_station.resources_path import resource_path

FIXTURE = Path(__file__).parent.parent / "fixtures" / "house_way_settings.bin.xz"

Seven = tuple[Card, ...]
Setting = tuple[tuple[Card, ...], tuple[Card, ...]]


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


WAYS: dict[str, Callable[[], HouseWay]] = {
    "standard": lambda: house_way_from_mapping(_standard()),
    "always": lambda: _every_policy("always"),
    "if_low_not_worse": lambda: _every_policy("if_low_not_worse"),
    "never": lambda: _every_policy("never"),
    "other_alternatives": _other_alternatives,
}


def _random_hands(name: str) -> list[Seven]:
    rng = random.Random(name)
    deck = list(pai_gow_deck())
    return [tuple(rng.sample(deck, 7)) for _ in range(60_000 if name == "standard" else 20_000)]


RICH_WAYS = ("standard", "always", "if_low_not_worse")


def _rich_hands() -> list[Seven]:
    """Hands drawn from few suits and a run of ranks, so that most hold a straight or flush: one
    seeded stream, 10,000 hands for each house way of ``RICH_WAYS`` in turn."""
    rng = random.Random(7)
    pool = [parse_card(f"{r}{s}") for r in "9TJQKA2345" for s in "sh"] + [
        c for c in pai_gow_deck() if c.is_joker]
    return [tuple(rng.sample(pool, 7)) for _ in range(10_000 * len(RICH_WAYS))]


def _fresh_hands() -> list[Seven]:
    """Cards parsed anew for every hand (new objects, not the deck's), as the station's records
    give them."""
    rng = random.Random(5)
    texts = [c.text for c in pai_gow_deck()]
    return [tuple(parse_card(t) for t in rng.sample(texts, 7)) for _ in range(6_000)]


def samples() -> Iterator[tuple[str, list[Seven]]]:
    """``(house way, hands)`` in the fixture's order."""
    for name in sorted(WAYS):
        yield name, _random_hands(name)
    rich = _rich_hands()
    for k, name in enumerate(RICH_WAYS):
        yield name, rich[k * 10_000:(k + 1) * 10_000]
    yield "standard", _fresh_hands()


def _by_rank(seven: Seven) -> list[int]:
    """The positions of the seven cards, highest rank first (ties in the order dealt)."""
    return sorted(range(7), key=lambda i: (-int(seven[i].rank), i))


def encode(seven: Seven, setting: Setting) -> bytes:
    """The six bytes of one setting: the Lehmer code of its cards among ``seven`` ranked."""
    remaining = _by_rank(seven)
    digits = []
    for card in setting[0] + setting[1]:
        position = next(i for i, c in enumerate(seven) if c is card)
        digits.append(remaining.index(position))
        remaining.remove(position)
    assert not remaining
    return bytes(digits[:6])


def decode(seven: Seven, six: bytes) -> Setting:
    remaining = _by_rank(seven)
    cards = tuple(seven[remaining.pop(d)] for d in (*six, 0))
    return cards[:5], cards[5:]


@cache
def _reference() -> bytes:
    return lzma.decompress(FIXTURE.read_bytes())


def _expected(index: int, hands: list[Seven]) -> list[Setting]:
    """The reference settings of the ``index``-th sample (in ``samples()``'s order)."""
    counts = [60_000 if name == "standard" else 20_000 for name in sorted(WAYS)]
    counts += [10_000] * len(RICH_WAYS) + [6_000]
    assert len(_reference()) == 6 * sum(counts), "the fixture is not of these samples"
    start = 6 * sum(counts[:index])
    assert counts[index] == len(hands)
    return [decode(seven, _reference()[start + 6 * k:start + 6 * k + 6])
            for k, seven in enumerate(hands)]


def _same(got: Setting, expected: Setting) -> bool:
    return got == expected and all(
        a is b for a, b in zip(got[0] + got[1], expected[0] + expected[1], strict=True)
    )


def _differ(way: HouseWay, hands: list[Seven], index: int) -> list[Seven]:
    return [seven for seven, expected in zip(hands, _expected(index, hands), strict=True)
            if not _same(way.set_hand(seven), expected)]


@pytest.mark.parametrize("name", sorted(WAYS))
def test_random_hands_set_as_before(name: str) -> None:
    assert not _differ(WAYS[name](), _random_hands(name), sorted(WAYS).index(name))[:5]


def test_hands_rich_in_straights_and_flushes_set_as_before() -> None:
    rich = _rich_hands()
    for k, name in enumerate(RICH_WAYS):
        hands = rich[k * 10_000:(k + 1) * 10_000]
        assert not _differ(WAYS[name](), hands, len(WAYS) + k)[:5]


def test_fresh_card_objects_set_as_before() -> None:
    assert not _differ(WAYS["standard"](), _fresh_hands(), len(WAYS) + len(RICH_WAYS))[:5]


def test_settings_code_round_trips() -> None:
    """The fixture's six bytes name every order of seven cards apart (the code is sound)."""
    seven = tuple(parse_card(t) for t in ["2c", "As", "2d", "Kh", "Ks", "9c", "JK"])
    orders = set()
    for order in permutations(range(7)):
        setting = tuple(seven[i] for i in order[:5]), tuple(seven[i] for i in order[5:])
        two = encode(seven, setting)
        assert _same(decode(seven, two), setting)
        orders.add(two)
    assert len(orders) == 5040
