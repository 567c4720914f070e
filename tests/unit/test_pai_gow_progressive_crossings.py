"""Issue 19.1: every progressive hand paid as a share of the meter is also a hand paid a fixed
amount ((c)(2)(ii): a natural royal flush is a royal flush that uses no joker; (c)(2)(iv): five
aces hold four cards of the same rank), and the dealer sets the hand "yielding the highest
progressive wager payout" ((g)(8)) at the meter when paid ((k)(6)). So below each crossing point
the fixed amount is paid ((k)(4): "no less than"), above it the share; checked for $1 and $5
((k)(4)(i)), from the seven cards through the rankings and the round's settlement."""

from __future__ import annotations

import pytest

from dealer_station.cards import parse_cards
from dealer_station.games.pai_gow.wagers.config import BonusConfig
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.hands import progressive_hands
from dealer_station.games.pai_gow.wagers.paytables import pay_table
from dealer_station.games.pai_gow.wagers.progressive import ProgressiveMeter, progressive_payout
from dealer_station.games.pai_gow.wagers.seats import Seat
from dealer_station.games.pai_gow.wagers.settlement import progressive_line

TABLE = pay_table("progressive")

#: (cards, the hand paid as a share of the meter, its share in basis points, the fixed hand the
#: same cards also form that pays more below the crossing, its $1 amount in cents)
CROSSINGS = [
    ("As Ks Qs Js Ts 3h 2d", "natural_royal_flush", 1000, "royal_flush", 10_000),
    ("As Ks Qs Js Ts 3h 3d", "natural_royal_flush_and_pair", 10_000, "royal_flush_and_pair",
     20_000),
    ("As Ac Ad Ah JK 3h 2d", "five_aces", 1000, "four_of_a_kind", 2_000),
    ("As Ac Ad Ah JK 3h 3d", "five_aces_and_pair", 10_000, "four_of_a_kind_and_pair", 4_000),
]


@pytest.mark.parametrize("cards,share_hand,share,fixed_hand,fixed", CROSSINGS)
def test_c_2_share_hands_also_form_the_fixed_hand(cards: str, share_hand: str, share: int,
                                                  fixed_hand: str, fixed: int) -> None:
    hands = progressive_hands(parse_cards(cards))
    assert share_hand in hands and fixed_hand in hands


@pytest.mark.parametrize("denomination", [100, 500])
@pytest.mark.parametrize("cards,share_hand,share,fixed_hand,fixed", CROSSINGS)
def test_g_8_k_4_highest_payout_either_side_of_each_crossing(
        denomination: int, cards: str, share_hand: str, share: int, fixed_hand: str,
        fixed: int) -> None:
    amount = fixed * denomination // 100
    below, above = _around(amount, share)
    hands = progressive_hands(parse_cards(cards))
    for meter, hand, paid in [
        (below - 5_000, fixed_hand, amount),
        (below, fixed_hand, amount),  # the share one cent short of the fixed amount
        (above, share_hand, amount + 1),  # the share one cent over it
        (above + 5_000, share_hand, _share(above + 5_000, share)),
    ]:
        payout = progressive_payout(hands, TABLE, denomination, meter)
        assert payout is not None
        assert (payout.hand, payout.amount(meter)) == (hand, paid), meter
    for meter in range(below + 1, above):  # the share equals the fixed amount: either is paid
        payout = progressive_payout(hands, TABLE, denomination, meter)
        assert payout is not None and payout.amount(meter) == amount


def _share(meter: int, share: int) -> int:
    return -(-meter * share // 10_000)  # a share is rounded up to the cent


def _around(amount: int, share: int) -> tuple[int, int]:
    """The last meter whose share is below ``amount`` and the first whose share is above."""
    below = amount * 10_000 // share
    while _share(below, share) >= amount:
        below -= 1
    above = below + 1
    while _share(above, share) <= amount:
        above += 1
    return below, above


def _config(denomination: int, reset: int) -> BonusConfig:
    return BonusConfig(offered=frozenset({BonusWager.PROGRESSIVE}),
                       progressive_denomination=denomination, progressive_reset=reset,
                       progressive_rate_basis_points=2100 if denomination == 100 else 2700)


def test_k_4_natural_royal_flush_at_900_21_pays_100_and_leaves_800_21() -> None:
    """The issue's case: a $1 progressive, meter $900.21, a natural royal flush with no pair."""
    config = _config(100, 20_000)
    meter = ProgressiveMeter(config.progressive_reset, config.progressive_rate_basis_points,
                             90_021)
    seat = Seat(3, parse_cards("As Ks Qs Js Ts 3h 2d"), {"progressive": 100})
    line, payout = progressive_line(seat, config, meter)
    assert payout is not None and payout.hand == "royal_flush"
    assert line.outcome == "pay" and line.amount == 10_000 and line.hand == "royal_flush"
    assert meter.value == 80_021 and meter.reconciles()
    assert "reset the hands to high As Ks Qs Js Ts" in line.note


@pytest.mark.parametrize("denomination", [100, 500])
@pytest.mark.parametrize("cards,share_hand,share,fixed_hand,fixed", CROSSINGS)
def test_k_6_settlement_pays_from_the_meter_either_side_of_the_crossing(
        denomination: int, cards: str, share_hand: str, share: int, fixed_hand: str,
        fixed: int) -> None:
    """Through the settlement's progressive line, at every meter the configuration allows (the
    reset is at least the largest fixed payout from the meter, so a crossing below it is checked
    on the rules function above only)."""
    config = _config(denomination, 20_000 * denomination // 100)
    amount = fixed * denomination // 100
    below, above = _around(amount, share)
    readings = [r for r in (below, above) if r >= config.progressive_reset]
    if not readings:
        pytest.skip("both sides of this crossing lie below the least reset amount")
    for reading in readings:
        meter = ProgressiveMeter(config.progressive_reset, config.progressive_rate_basis_points,
                                 reading)
        seat = Seat(1, parse_cards(cards), {"progressive": denomination})
        line, payout = progressive_line(seat, config, meter)
        assert payout is not None
        expected = amount if reading == below else amount + 1
        assert (line.hand, line.amount) == ((fixed_hand, expected) if reading == below
                                            else (share_hand, expected))
        if payout.from_meter:
            assert meter.value == max(reading - expected, config.progressive_reset)
        else:  # a fixed payout under the (k)(5) threshold is paid from the chip tray
            assert meter.value == reading
        assert meter.reconciles()
