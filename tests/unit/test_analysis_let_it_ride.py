"""Let It Ride pay-table analysis, 5324.34(e)(2), (e)(4), (f)(1), (f)(3), (f)(4)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from dealer_station.analysis.combinatorics import colex_rank
from dealer_station.analysis.let_it_ride import (
    BaseGameSolution,
    base_game_report,
    bet_one_strategy,
    bonus_report,
    solve_base_game,
    three_card_bonus_report,
)
from dealer_station.cards import parse_cards
from dealer_station.games.let_it_ride import paytables

five_card = pytest.importorskip("dealer_station.rankings.five_card")

MINIMUM = {hand: Fraction(o.to_win, o.to_stake) for hand, o in paytables.BASE_MINIMUM.items()}


@cache
def solution() -> BaseGameSolution:
    return solve_base_game(MINIMUM)


def indices(text: str) -> list[int]:
    return [card.index for card in parse_cards(text)]


def value(cards: list[int]) -> Fraction:
    """One unit's result on five cards by the rankings and the regulation's odds, (e)(7)."""
    hand = five_card.evaluate_five(cards)
    if not hand.qualifies:
        return Fraction(-1)
    return MINIMUM[hand.category.value]


def brute_force_after(cards: list[int]) -> Fraction:
    rest = [i for i in range(52) if i not in cards]
    need = 5 - len(cards)
    outcomes = [value(cards + list(extra)) for extra in combinations(rest, need)]
    return Fraction(sum(outcomes), len(outcomes))


@pytest.mark.parametrize("hand", ["Ts Td 4c", "Js Qs Ks", "2h 3d 7c", "9s Ts Jh", "Ah 5h 3d"])
def test_bet_one_value_is_the_average_over_every_pair_of_community_cards(hand: str) -> None:
    """5324.34(e)(2): the value of letting bet one ride on three cards, against enumerating all
    1,176 community pairs with the rankings' evaluator."""
    cards = indices(hand)
    assert solution().value_after_three(cards) == brute_force_after(cards)


@pytest.mark.parametrize("hand", ["2s 5s 9s Ks", "2h 3d 4c 6s", "Th Jd Qc Ks", "7h 7d 3c 2s"])
def test_bet_two_value_is_the_average_over_every_last_community_card(hand: str) -> None:
    """5324.34(e)(4): the value of letting bet two ride on four cards, against the 48 last cards."""
    cards = indices(hand)
    assert solution().value_after_four(cards) == brute_force_after(cards)


def test_the_strategy_rides_exactly_when_the_value_is_positive() -> None:
    """5324.34(e)(2), (e)(4): paying pair and three to a royal ride bet one; a low pair and
    garbage pull it; four to a flush rides bet two; four to an inside low straight pulls it."""
    s = solution()
    assert s.value_after_three(indices("Ts Td 4c")) > 0
    assert s.value_after_three(indices("Js Qs Ks")) > 0
    assert s.value_after_three(indices("2h 3d 7c")) < 0
    assert s.value_after_three(indices("5h 5d 9c")) < 0
    assert s.value_after_four(indices("2s 5s 9s Ks")) > 0
    assert s.value_after_four(indices("2h 3d 4c 6s")) < 0
    for cards in (indices("Ts Td 4c"), indices("Js Qs Ks"), indices("2h 3d 7c")):
        index = sorted(cards)
        rides = bool(s.ride_bet_one[int(colex_rank([index])[0])])
        assert rides == (s.value_after_three(cards) > 0)


def test_base_game_return_two_ways_agree_and_match_the_known_house_edge() -> None:
    """5324.34(f)(1) minimum table: the exact expected return (backward induction) equals the
    strategy-weighted sum over the final hands, and is the well-known 3.51% house edge."""
    report = base_game_report(MINIMUM)
    exact = solution().expected_return
    assert report.expected_return == pytest.approx(float(exact), abs=1e-12)
    assert sum(line.contribution for line in report.lines) == pytest.approx(float(exact), abs=1e-9)
    assert float(exact) == pytest.approx(-0.035057, abs=1e-6)
    assert report.figures["average_units_wagered"] == pytest.approx(1.2237, abs=1e-4)
    assert sum(line.combinations for line in report.lines) == 2_598_960


def test_a_more_generous_pay_table_is_worth_more_and_fractional_odds_work() -> None:
    """Pay tables may pay more than (f)(1); odds such as 5:2 are exact fractions."""
    richer = dict(MINIMUM, pair=Fraction(5, 4))
    assert solve_base_game(richer).expected_return > solution().expected_return


def test_bonus_return_is_the_counts_times_the_f3_amounts() -> None:
    """5324.34(f)(3): the $1 bonus, amounts won with the $1 returned, lost below three of a kind."""
    report = bonus_report(paytables.BONUS_MINIMUM)
    counts = {line.hand: line.combinations for line in report.lines}
    assert counts["royal_flush"] == 4 and counts["three_of_a_kind"] == 54_912
    won = sum(counts[h] * Fraction(c, 100) for h, c in paytables.BONUS_MINIMUM.items())
    expected = (won - counts["losing_hands"]) / 2_598_960
    assert report.expected_return == pytest.approx(float(expected), abs=1e-12)
    included = bonus_report(paytables.BONUS_MINIMUM, returns_wager=False)
    winners = 2_598_960 - counts["losing_hands"]
    assert included.expected_return == pytest.approx(
        float(expected) - winners / 2_598_960, abs=1e-12
    )


@pytest.mark.parametrize("letter", paytables.THREE_CARD_TABLES)
def test_three_card_bonus_for_each_table(letter: str) -> None:
    """5324.34(f)(4) tables A-F: counts of the 22,100 hands (mini royal paid as a straight flush
    where the table has none) times the table's odds."""
    table = paytables.three_card_minimum(letter)
    odds = {h: Fraction(o.to_win, o.to_stake) for h, o in table.items()}
    report = three_card_bonus_report(odds, letter)
    counts = {line.hand: line.combinations for line in report.lines}
    assert counts["mini_royal"] == 4 and counts["straight_flush"] == 44
    assert counts["three_of_a_kind"] == 52 and counts["straight"] == 720
    assert counts["flush"] == 1_096 and counts["pair"] == 3_744
    total = sum(counts[h] * odds[h] for h in odds) - counts["losing_hands"]
    assert report.expected_return == pytest.approx(float(Fraction(total, 22_100)), abs=1e-12)
    if letter == "A":
        assert report.house_edge == pytest.approx(0.0232, abs=1e-4)


def test_computed_bet_one_strategy_is_the_published_one() -> None:
    """5324.34(e)(2): the computed holdings riding bet one are the well-known ones: any paying
    hand, three to a royal, suited three in a row except 2-3-4 and A-2-3, suited one-gappers with
    a high card, suited two-gappers with two high cards."""
    riding = set(bet_one_strategy(solution()))
    assert len(riding) == 162
    for name in ("A A A", "T T 4", "T T 4 (T 4 suited)", "A K Q suited", "Q J T suited",
                 "5 4 3 suited", "T 8 7 suited", "K J 9 suited", "Q T 8 suited"):
        assert name in riding, name
    for name in ("9 9 A", "A K Q", "4 3 2 suited", "A 3 2 suited", "9 7 6 suited",
                 "J 8 7 suited", "K Q J (K Q suited)"):
        assert name not in riding, name
    report = base_game_report(MINIMUM)
    assert len(report.strategy) == 162
