"""The table-driven best five of seven (dealer_station.rankings.best_five) agrees exactly with
the single-hand evaluator (seven_card.best_five, 5324.41(c)(1)-(4)): for every entry of its flush
table (one hand per set of five to seven ranks of a suit, with and without the joker), for a
large sample of its non-flush table (one hand per seven-rank multiset, the joker included, no
five of a suit; the whole table is checked by ``BEST_FIVE_EXHAUSTIVE=1``), and for random hands,
under both straight orders ((c)(4) ``wheel_lowest``). ``natural`` is whether the best value can
be made without the joker."""

from __future__ import annotations

import os
import random
from itertools import combinations

import pytest

from dealer_station.cards import Card, Rank, Suit, pai_gow_deck, parse_cards
from dealer_station.rankings import _poker
from dealer_station.rankings.best_five import best_five_hand, best_five_key
from dealer_station.rankings.pai_gow import evaluate_high
from dealer_station.rankings.seven_card import best_five

SUITS = list(Suit)
JOKER = next(c for c in pai_gow_deck() if c.is_joker)


def _plain(ranks: tuple[int, ...]) -> list[Card]:
    """The ranks as cards, suits cycling so no suit holds five (even with the joker)."""
    return [JOKER if r == 15 else Card(Rank(r), SUITS[i % 4]) for i, r in enumerate(ranks)]


def _agree(cards: list[Card], wheel_lowest: bool, natural: bool = False) -> None:
    indices = [c.index for c in cards]
    expected = best_five(cards, wheel_lowest=wheel_lowest)
    assert best_five_key(indices, wheel_lowest) == expected.key, (cards, wheel_lowest)
    found = best_five_hand(indices, wheel_lowest)
    assert found == expected and found.category is expected.category
    if natural:
        best = [evaluate_high(five, wheel_lowest=wheel_lowest)
                for five in combinations(cards, 5)]
        assert found.natural == any(h.natural for h in best if h.key == expected.key), cards


def test_every_rank_multiset_agrees_5324_41_c_2() -> None:
    multisets = [*_poker.rank_multisets(7), *((*m, 15) for m in _poker.rank_multisets(6))]
    assert len(multisets) == 67_600
    rng = random.Random(4)
    every = os.environ.get("BEST_FIVE_EXHAUSTIVE") == "1"
    for ranks in multisets if every else rng.sample(multisets, 3000):
        _agree(_plain(ranks), False)
    for ranks in multisets if every else rng.sample(multisets, 1500):  # (c)(4): wheel lowest
        _agree(_plain(ranks), True)


@pytest.mark.parametrize("wheel_lowest", [False, True])
def test_every_suited_rank_set_agrees_5324_41_c_3(wheel_lowest: bool) -> None:
    """Five to seven ranks of one suit (four to six and the joker), the rest of other suits."""
    rng = random.Random(5)
    checked = 0
    for joker in (False, True):
        for size in range(5 - joker, 8 - joker):
            for ranks in combinations(range(2, 15), size):
                if wheel_lowest and rng.random() > 0.15:
                    continue
                cards = [Card(Rank(r), Suit.SPADES) for r in ranks] + ([JOKER] if joker else [])
                while len(cards) < 7:
                    card = Card(Rank(rng.randrange(2, 15)), rng.choice(SUITS[1:]))
                    if card not in cards:
                        cards.append(card)
                rng.shuffle(cards)
                _agree(cards, wheel_lowest, natural=joker)
                checked += 1
    assert checked > 1000


def test_random_hands_agree() -> None:
    rng = random.Random(6)
    deck = list(pai_gow_deck())
    for _ in range(5000):
        _agree(rng.sample(deck, 7), rng.random() < 0.5, natural=True)


def test_a_wrong_count_is_refused() -> None:
    with pytest.raises(ValueError):
        best_five_key([0, 1, 2, 3, 4, 5])


def _ace_only_oracle(cards: list[Card], wheel_lowest: bool) -> int:
    """The best of the 21 five-card choices, the joker only an ace of no suit (5324.41(c)(7)),
    four aces and the joker five aces: straight from the single-hand evaluator's ``_high``."""
    from dealer_station.rankings.pai_gow import _high

    best = 0
    for five in combinations(cards, 5):
        real = sorted(int(c.rank) for c in five if not c.is_joker)
        if len(real) == 5:
            flush = len({c.suit for c in five}) == 1
            hand = _high(tuple(real), flush, False, wheel_lowest)
        elif real.count(14) == 4:
            hand = _high(tuple(real), False, True, wheel_lowest)
        else:
            hand = _high(tuple(sorted((*real, 14))), False, False, wheel_lowest)
        best = max(best, hand.key)
    return best


def test_the_joker_only_an_ace_5324_41_c_7() -> None:
    """The insurance reading: the joker pairs an ace and completes a straight only as an ace;
    it never completes a flush; four aces and the joker are five aces."""
    from dealer_station.rankings.best_five import best_five_hand_joker_as_ace

    rng = random.Random(7)
    deck = [c for c in pai_gow_deck() if not c.is_joker]
    for number in range(3000):
        if number % 3 == 0:  # four to six cards of one suit with the joker
            suit = rng.choice(SUITS)
            suited = [c for c in deck if c.suit is suit]
            cards = [JOKER, *rng.sample(suited, rng.randint(4, 6))]
            while len(cards) < 7:
                card = rng.choice(deck)
                if card not in cards:
                    cards.append(card)
        else:
            cards = [JOKER, *rng.sample(deck, 6)]
        wheel_lowest = number % 2 == 0
        found = best_five_hand_joker_as_ace([c.index for c in cards], wheel_lowest)
        assert found.key == _ace_only_oracle(cards, wheel_lowest), cards
    five_aces = parse_cards("As Ah Ad Ac JK 2c 3d")
    assert best_five_hand_joker_as_ace([c.index for c in five_aces]).category.value == "five_aces"
    flush = parse_cards("JK 2h 5h 9h Kh 3c 7d")
    assert best_five_hand_joker_as_ace([c.index for c in flush]).category.value == "high_card"
