"""Pai Gow seven-card census and bonus hands, 5324.41(c)(6)-(7), (k)(4), (m), (o), (p): the
class counting against visiting every hand of smaller decks, and the hands it assigns against the
rankings' seven-card evaluator."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from math import comb

import numpy as np
import pytest

from dealer_station.analysis.combinatorics import combinations_array
from dealer_station.analysis.pai_gow import (
    banker_hand_bonus_report,
    envy_report,
    fortune_report,
    insurance_report,
    player_hand_bonus_report,
    progressive_report,
    seven_card_bonus_report,
    three_card_bonus_report,
)
from dealer_station.analysis.pai_gow_census import (
    PaiGowCensus,
    census,
    decode,
    hand_classes,
    hand_features,
)
from dealer_station.analysis.pai_gow_wagers import (
    banker_hand_bonus_hands,
    fortune_hands,
    insurance_hands,
    player_hand_bonus_hands,
    progressive_hands,
    seven_card_bonus_hands,
)
from dealer_station.cards import Card, parse_cards
from dealer_station.games.pai_gow.wagers.hands import best_paying
from dealer_station.games.pai_gow.wagers.paytables import pay_table

seven_card = pytest.importorskip("dealer_station.rankings.seven_card")

ROYALS_UP = (8, 9, 10, 11, 12)  # tens to aces


def brute_force(ranks: tuple[int, ...]) -> PaiGowCensus:
    deck = np.array([r * 4 + s for r in ranks for s in range(4)] + [52])
    hands = deck[combinations_array(len(deck), 7)]
    return PaiGowCensus.of_hands(hand_features(hands), np.ones(len(hands), dtype=np.int64))


@pytest.mark.parametrize(
    "ranks",
    [ROYALS_UP, (0, 1, 2, 3, 12), (0, 2, 5, 6, 9, 11), (3, 4, 5, 6, 7, 8)],
    ids=["tens-aces", "wheel", "scattered", "fives-tens"],
)
def test_class_counting_equals_visiting_every_hand_of_a_small_deck(ranks: tuple[int, ...]) -> None:
    """The census by rank-multiset and flush-suit classes equals the tally of every hand of the
    deck of ``ranks`` plus the joker (royal flushes, royal matches, five aces and wheels included).
    """
    found = census(ranks, workers=1)
    assert found.total == comb(4 * len(ranks) + 1, 7)
    assert found == brute_force(ranks)


def test_classes_of_the_full_deck_split_by_joker() -> None:
    """5324.41(b): 52 cards and the joker; the hands holding the joker are C(52, 6)."""
    with_joker = hand_classes(joker=True)
    assert with_joker.total == comb(52, 6)
    assert (with_joker.representatives[:, -1] == 52).all()
    assert (np.diff(with_joker.representatives, axis=1) > 0).all()


def test_seven_card_straight_flushes_and_royal_matches_of_a_seven_rank_deck() -> None:
    """(c)(6): in the deck of eights to aces, the seven-card straight flush without the joker is
    one per suit, with the joker the six-card subsets of 8-A (seven per suit) and 9-A with the
    joker as the eight; royal flush plus royal match counted by hand."""
    found = census((6, 7, 8, 9, 10, 11, 12), workers=1)
    assert found.count(lambda f: f.seven_card_straight_flush == 2) == 4
    assert found.count(lambda f: f.seven_card_straight_flush == 1) == 4 * 7
    # natural royal + suited K Q of another suit: 4 x 3; joker royal (one of the five replaced):
    # 4 suits x 5 cards x 3 suits for the K Q.
    assert found.count(lambda f: f.royal_match_kq) == 4 * 3 + 4 * 5 * 3
    # likewise with a suited A K of real cards of another suit
    assert found.count(lambda f: f.royal_match_ak) == 4 * 3 + 4 * 5 * 3


def _best(names: Iterable[str], wager: str, letter: str = "-") -> str | None:
    """The hand paid, chosen by the bonus wagers' own rule (highest paying, then highest row)."""
    return best_paying(list(names), pay_table(wager, letter))


def _values(found: Iterable[object]) -> list[str]:
    return [str(getattr(item, "value", item)) for item in found]


def _sample_hands() -> list[tuple[Card, ...]]:
    rng = random.Random(5324)
    deck = [Card.from_index(i) for i in range(53)]
    rich = [c for c in deck if c.is_joker or c.rank >= 9]  # nines to aces and the joker
    hands = [tuple(rng.sample(deck, 7)) for _ in range(250)]
    hands += [tuple(rng.sample(rich, 7)) for _ in range(250)]
    special = [
        "As Ks Qs Js Ts Kh Qh", "As Ks Qs Js JK Kd Qd", "As Ks Qs Js Ts Ah Kh",
        "As Ks Qs JK Ts Ah Kh", "8s 9s Ts Js Qs Ks As", "2c 3c 4c 5c 6c 7c JK",
        "Ac 2c 3c 4c 5c 6c 7c", "Ah Ad Ac As JK 9d 9c", "Ah Ad Ac As JK 9d 8c",
        "As Ks Qs Js Ts 9h 9d", "As Ks Qs Js Ts Ah JK", "2h 4d 6c 8s 9h Jd Qc",
        "2h 3d 4c 5s 9h 9d 9c", "5h 6h 7h 8h 9h 9d 9c", "2h 4d 6c 8s 9h Td JK",
        "Ah Kd Qc Js 9h 7d 5c", "9s 9h 9d 3c 3s 3h 2c", "Ks Qs Js Ts JK 2h 3d",
    ]
    hands += [parse_cards(text) for text in special]
    return hands


def _features(cards: tuple[Card, ...]):  # type: ignore[no-untyped-def]
    return decode(int(hand_features([sorted(c.index for c in cards)])[0]))


@pytest.mark.parametrize("royal_match", ["king_queen", "ace_king"])
@pytest.mark.parametrize("letter", ["A", "C"])
def test_fortune_and_envy_hands_agree_with_the_rankings(royal_match: str, letter: str) -> None:
    """(c)(6), (l)(4)(ii), (m)(1)-(2): the paid fortune / envy hand, against
    ``seven_card.fortune_hands``."""
    match = seven_card.RoyalMatch(royal_match)
    for cards in _sample_hands():
        theirs = _values(seven_card.fortune_hands(cards, royal_match=match))
        mine = fortune_hands(_features(cards), royal_match)
        assert _best(mine, "fortune_bonus", letter) == _best(theirs, "fortune_bonus", letter), cards
        assert _best(mine, "envy_bonus", letter) == _best(theirs, "envy_bonus", letter), cards


CHECKS: list[tuple[str, str, Callable[..., Iterable[str]], Callable[..., Iterable[object]]]] = [
    ("seven_card_bonus", "A", seven_card_bonus_hands, seven_card.seven_card_bonus_hands),
    ("seven_card_bonus", "B", seven_card_bonus_hands, seven_card.seven_card_bonus_hands),
    ("player_hand_bonus", "-", player_hand_bonus_hands, seven_card.imperial_hands),
    ("progressive", "-", progressive_hands, seven_card.progressive_hands),
]


@pytest.mark.parametrize(("wager", "letter", "mine", "theirs"), CHECKS, ids=[
    "seven-card-A", "seven-card-B", "imperial-player", "progressive"])
def test_bonus_hands_agree_with_the_rankings(
    wager: str,
    letter: str,
    mine: Callable[..., Iterable[str]],
    theirs: Callable[..., Iterable[object]],
) -> None:
    """(k)(4), (o)(2), (p)(4): the hand paid (the highest paying, (g)(8), (p)(3)(i))."""
    for cards in _sample_hands():
        expected = _best(_values(theirs(cards)), wager, letter)
        assert _best(mine(_features(cards)), wager, letter) == expected, cards


def test_insurance_and_banker_pai_gow_agree_with_the_rankings() -> None:
    """(c)(7), (m)(3), (p)(5): the pai gow by highest card, the joker an ace for insurance."""
    for cards in _sample_hands():
        features = _features(cards)
        insurance = seven_card.insurance_pai_gow(cards)
        assert insurance_hands(features) == (() if insurance is None else (insurance.value,))
        banker = _best(_values(filter(None, [seven_card.banker_pai_gow(cards)])),
                       "banker_hand_bonus")
        assert _best(banker_hand_bonus_hands(features), "banker_hand_bonus") == banker, cards


def test_reports_on_a_small_deck_add_up() -> None:
    """Every report's lines cover every hand once; returns are the counts times the figures."""
    small = census(ROYALS_UP, workers=1)
    for report in (
        fortune_report(small, "A", "king_queen"),
        insurance_report(small, "B"),
        seven_card_bonus_report(small, "A"),
        player_hand_bonus_report(small),
    ):
        assert sum(line.combinations for line in report.lines) == small.total
        shares = sum(line.contribution for line in report.lines)
        assert report.expected_return == pytest.approx(shares)
    envy = envy_report(small, "A", "king_queen")
    assert envy.expected_return > 0
    assert banker_hand_bonus_report(small).expected_return == 0  # no nine to jack high here
    progressive = progressive_report(small)
    assert sum(line.combinations for line in progressive.lines) == small.total
    assert progressive.figures["meter_share_per_wager"] > 0


def test_three_card_bonus_return() -> None:
    """(o)(1) over the 23,426 three-card hands of the 53 cards."""
    report = three_card_bonus_report()
    counts = {line.hand: line.combinations for line in report.lines}
    assert sum(counts.values()) == comb(53, 3)
    assert counts["three_card_straight_flush_with_no_joker"] == 48  # 12 runs (A-2-3 .. Q-K-A) x 4
    assert counts["three_of_a_kind"] == 13 * comb(4, 3) + comb(4, 2)  # the joker and two aces
