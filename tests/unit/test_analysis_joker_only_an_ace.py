"""5324.41(c)(7): the census report's reading of the joker as only an ace, looked up a block of
hand classes at a time, against the single-hand evaluator of that reading."""

from __future__ import annotations

import numpy as np

from dealer_station.analysis.census_report import _ACE_ONLY_CATEGORY, _best_joker_as_ace
from dealer_station.analysis.five_card_table import HandCode
from dealer_station.analysis.pai_gow_census import hand_classes
from dealer_station.rankings.best_five import best_five_hand_joker_as_ace


def test_joker_only_an_ace_agrees_with_the_single_hand_evaluator_on_every_class() -> None:
    """Every class of seven cards of deuces to fives, tens to aces and the joker: every category
    of the reading occurs (wheels and royals, with the joker as the ace or not, five aces)."""
    classes = hand_classes((0, 1, 2, 3, 8, 9, 10, 11, 12))
    best = _best_joker_as_ace(classes.representatives)
    found = {}
    for cards, code in zip(classes.representatives.tolist(), best.tolist(), strict=True):
        expected = best_five_hand_joker_as_ace(cards).category
        assert _ACE_ONLY_CATEGORY[HandCode(code)] == expected, cards
        found[expected] = found.get(expected, 0) + 1
    assert len(found) == len(set(_ACE_ONLY_CATEGORY.values())), found  # every category occurs


def test_four_aces_and_the_joker_are_five_aces_and_the_joker_completes_no_flush() -> None:
    """(c)(2)(i), (c)(7): four aces and the joker; four spades and the joker are no flush."""
    five_aces = np.array([[0, 4, 8, 48, 49, 50, 51, 52][-7:]])
    no_flush = np.array([[0, 8, 16, 24, 29, 33, 52]])  # 2s 4s 6s 8s 9h Th JK
    codes = _best_joker_as_ace(np.vstack([five_aces, no_flush]))
    names = [_ACE_ONLY_CATEGORY[HandCode(c)].value
             for c in codes.tolist()]
    assert names == ["five_aces", "high_card"]
