"""Dealing Pai Gow Poker: the starting position count, the seven-card stacks of every method, the
bank's first stack, the cut rotation (9 NYCRR 5324.41(e), (f), (h)(8)-(10), (n)(7); 5324.2(b))."""

from __future__ import annotations

import pytest

from dealer_station.games.pai_gow.config import CountDirection, DealingMethod, StartingPosition
from dealer_station.games.pai_gow.dealing import (
    check_count,
    cut_offer,
    delivery_order,
    hand_dealt_stacks,
    seven_card_hands,
    stack_delivery,
    starting_position,
    three_then_four_hands,
)
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.procedure import ProcedureError


def test_count_counter_clockwise_from_the_dealer_as_one_5324_2_b() -> None:
    """Every position counts, the dealer is one; 8 and 15 come back to the dealer (the count of
    NJ 13:69F-31.11)."""
    expected = [7, 6, 5, 4, 3, 2, 1]
    for number in range(1, 19):
        assert starting_position(number) == expected[(number - 1) % 7]


def test_count_clockwise_setting_5324_2_b() -> None:
    ring = [7, 1, 2, 3, 4, 5, 6]
    for number in range(1, 19):
        assert starting_position(number, direction=CountDirection.CLOCKWISE) == (
            ring[(number - 1) % 7]
        )


def test_the_bank_counts_as_one_5324_41_h_8_iii() -> None:
    """5324.41(h)(8)(iii), (h)(9)(iv), (h)(10)(iii)."""
    assert starting_position(1, anchor=4) == 4
    assert starting_position(2, anchor=4) == 3
    assert starting_position(5, anchor=4) == DEALER
    assert starting_position(6, anchor=4) == 6


def test_rng_and_dice_ranges_5324_2_b() -> None:
    check_count(StartingPosition.RNG, 7)
    check_count(StartingPosition.DICE, 18)
    for method, bad in ((StartingPosition.RNG, 0), (StartingPosition.RNG, 8),
                        (StartingPosition.DICE, 2), (StartingPosition.DICE, 19)):
        with pytest.raises(ProcedureError):
            check_count(method, bad)


def test_manual_shoe_one_card_at_a_time_clockwise_5324_41_f_1_iii() -> None:
    hands = seven_card_hands(list(range(53)), 3, DealingMethod.MANUAL_SHOE)
    assert hands[3] == [0, 7, 14, 21, 28, 35, 42]
    assert hands[DEALER] == [4, 11, 18, 25, 32, 39, 46]
    assert hands[2] == [6, 13, 20, 27, 34, 41, 48]
    assert sorted(c for h in hands.values() for c in h) == list(range(49))


def test_automated_shoe_stacks_of_seven_clockwise_5324_41_f_3() -> None:
    hands = seven_card_hands(list(range(53)), 6, DealingMethod.AUTOMATED_SHOE)
    assert delivery_order(6) == (6, DEALER, 1, 2, 3, 4, 5)
    assert hands[6] == list(range(0, 7))
    assert hands[DEALER] == list(range(7, 14))
    assert hands[5] == list(range(42, 49))


def test_hand_dealing_alternating_sweeps_5324_41_f_2() -> None:
    """(f)(2)(i): first seven left to right, the next seven right to left; (f)(2)(iv): the stack
    farthest left is the first, delivered to the starting position, then clockwise."""
    stacks = hand_dealt_stacks(list(range(49)))
    assert stacks[0] == [0, 13, 14, 27, 28, 41, 42]
    assert stacks[6] == [6, 7, 20, 21, 34, 35, 48]
    hands = seven_card_hands(list(range(53)), 2, DealingMethod.HAND)
    assert hands[2] == stacks[0] and hands[1] == stacks[6]


def test_bank_chooses_the_first_stack_5324_41_h_9_v() -> None:
    """(h)(9)(v): the chosen stack to the starting position, then the stacks to its right, then
    from the farthest left."""
    assert stack_delivery(3) == (3, 4, 5, 6, 7, 1, 2)
    stacks = hand_dealt_stacks(list(range(49)))
    hands = seven_card_hands(list(range(53)), 5, DealingMethod.HAND, first_stack=7)
    assert hands[5] == stacks[6]
    assert hands[6] == stacks[0]
    with pytest.raises(ProcedureError):
        stack_delivery(8)


def test_three_then_four_from_the_farthest_left_wager_5324_41_n_4_and_n_7() -> None:
    hands = three_then_four_hands(list(range(9)), list(range(100, 112)), [6, 1])
    assert hands == {1: [0, 1, 2, 100, 101, 102, 103], 6: [3, 4, 5, 104, 105, 106, 107],
                     DEALER: [6, 7, 8, 108, 109, 110, 111]}
    with pytest.raises(ProcedureError):
        three_then_four_hands(list(range(5)), list(range(12)), [6, 1])


def test_cut_rotation_5324_41_e_2() -> None:
    """(e)(2)(i): the first player to the table; (ii): the far right, then counter-clockwise."""
    seated = [1, 3, 6]
    assert cut_offer(seated, None, first_to_table=3) == 3
    assert cut_offer(seated, None) == 6
    assert cut_offer(seated, 6) == 3
    assert cut_offer(seated, 3) == 1
    assert cut_offer(seated, 1) == 6
    assert cut_offer([], None) is None


def test_too_few_cards_refused_5324_41_f() -> None:
    with pytest.raises(ProcedureError):
        seven_card_hands(list(range(48)), 1, DealingMethod.AUTOMATED_SHOE)
