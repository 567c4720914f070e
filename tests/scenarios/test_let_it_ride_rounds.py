"""Whole Let It Ride rounds replayed from the first wager to the last card, asserting every
payment and its order (9 NYCRR 5324.34(e)(6)-(8), (f)(1)-(4))."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from dealer_station.cards import parse_cards
from dealer_station.games.let_it_ride import (
    LetItRideRound,
    config_from_mapping,
    settle_document,
)
from dealer_station.games.let_it_ride.autoplay import (
    cards_in_dealing_order,
    deal,
    decide_all,
    settle_round,
)
from dealer_station.procedure import replay

Line = tuple[int, str, str, int, int]  # position, wager, outcome, stake, amount

# The regulation's tables typed in from the text (the oracle; not the code's data).
REG_BASE = {"pair": 1, "two_pair": 2, "three_of_a_kind": 3, "straight": 5, "flush": 8,
            "full_house": 11, "four_of_a_kind": 50, "straight_flush": 200, "royal_flush": 1000}
REG_BONUS_DOLLARS = {"royal_flush": 25_000, "straight_flush": 2_500, "four_of_a_kind": 400,
                     "full_house": 200, "flush": 50, "straight": 25, "three_of_a_kind": 5}
REG_THREE = {  # pair, flush, straight, three of a kind, straight flush, mini royal ("n/a": None)
    "A": (1, 4, 6, 30, 40, None), "B": (1, 4, 5, 30, 40, None), "C": (1, 3, 6, 30, 40, None),
    "D": (1, 4, 6, 30, 40, 50), "E": (1, 4, 5, 30, 40, 50), "F": (1, 3, 6, 30, 40, 50)}


def play(
    config: Mapping[str, Any],
    wagers: Mapping[int, tuple[int, bool, int]],
    hands: Mapping[int, str],
    community: str,
    bet_one: Mapping[int, bool] | None = None,
    bet_two: Mapping[int, bool] | None = None,
) -> LetItRideRound:
    """Play a whole round: ``wagers[position] = (each base wager, bonus?, three-card bonus)``."""
    round_ = LetItRideRound(config_from_mapping(config))
    for position, (base, bonus, three_card) in wagers.items():
        round_.place_wagers(position=position, bet_one=base, bet_two=base, bet_three=base)
        if bonus:
            round_.acknowledge_bonus(position=position)
        if three_card:
            round_.place_three_card_bonus(position=position, amount=three_card)
    round_.announce_no_more_bets()
    deal(round_, cards_in_dealing_order(
        round_.config.dealing, {p: parse_cards(h) for p, h in hands.items()},
        parse_cards(community)))
    decide_all(round_, bet_one or {})
    round_.turn_community_card()
    decide_all(round_, bet_two or {})
    round_.turn_community_card()
    settle_round(round_)
    assert round_.is_complete
    return round_


def lines(round_: LetItRideRound) -> list[Line]:
    assert [p.order for p in round_.payments] == list(range(1, len(round_.payments) + 1))
    return [(p.position, p.wager, p.outcome, p.stake, p.amount) for p in round_.payments]


def conserved(round_: LetItRideRound) -> None:
    totals = round_.totals()
    assert totals["chips_in"] == totals["chips_out"] + totals["house_result"]
    staked = sum(p.stake for p in round_.payments)
    assert staked == totals["chips_in"]  # every wager settled exactly once


SEVEN_HANDS = {
    1: "Jd Qd Kd",  # straight flush 9-K; three-card straight flush
    2: "2c 3c 4h",  # high card; three-card straight
    3: "Th 9h 3s",  # two pair
    4: "2d 5d 7d",  # flush; three-card flush
    5: "Tc Ts 4s",  # three tens; three-card pair
    6: "Jc Qh 8c",  # straight 8-Q
    7: "8h 8s Ah",  # pair of eights (below tens: loses); three-card pair
}
SEVEN_COMMUNITY = "9d Td 2h"  # left, right, burned
SEVEN_WAGERS = {1: (1000, True, 500), 2: (1000, True, 500), 3: (1000, False, 0),
                4: (1000, True, 500), 5: (1000, True, 1000), 6: (1000, True, 0),
                7: (1000, True, 500)}


@pytest.mark.parametrize("dealing", ["shoe", "manual"])
def test_seven_players_with_bonus_three_card_bonus_withdrawn_and_let_ride_bets(
        dealing: str) -> None:
    """5324.34(e)(2)(ii), (e)(4)(ii) withdrawals; (e)(7) losers collected first from the far
    right counter-clockwise; (e)(8) then winners paid in that order, base wagers still on the
    layout then the bonus wagers; (f)(1), (f)(3), (f)(4) table D."""
    round_ = play({"table": {"dealing": dealing}}, SEVEN_WAGERS, SEVEN_HANDS, SEVEN_COMMUNITY,
                  bet_one={3: False, 6: False}, bet_two={2: False, 6: False})
    assert lines(round_) == [
        # withdrawn as decided, far left clockwise
        (3, "bet_one", "return", 1000, 0),
        (6, "bet_one", "return", 1000, 0),
        (2, "bet_two", "return", 1000, 0),
        (6, "bet_two", "return", 1000, 0),
        # losing wagers, from the dealer's far right counter-clockwise
        (7, "bet_one", "collect", 1000, 0),
        (7, "bet_two", "collect", 1000, 0),
        (7, "bet_three", "collect", 1000, 0),
        (7, "bonus", "collect", 100, 0),
        (2, "bet_one", "collect", 1000, 0),
        (2, "bet_three", "collect", 1000, 0),
        (2, "bonus", "collect", 100, 0),
        # winning wagers, from the far right counter-clockwise
        (7, "three_card_bonus", "pay", 500, 500),         # pair 1:1
        (6, "bet_three", "pay", 1000, 5000),              # straight 5:1
        (6, "bonus", "pay", 100, 2500),                   # straight $25
        (5, "bet_one", "pay", 1000, 3000),                # three of a kind 3:1
        (5, "bet_two", "pay", 1000, 3000),
        (5, "bet_three", "pay", 1000, 3000),
        (5, "bonus", "pay", 100, 500),                    # three of a kind $5
        (5, "three_card_bonus", "pay", 1000, 1000),       # pair 1:1
        (4, "bet_one", "pay", 1000, 8000),                # flush 8:1
        (4, "bet_two", "pay", 1000, 8000),
        (4, "bet_three", "pay", 1000, 8000),
        (4, "bonus", "pay", 100, 5000),                   # flush $50
        (4, "three_card_bonus", "pay", 500, 2000),        # flush 4:1 (table D)
        (3, "bet_two", "pay", 1000, 2000),                # two pair 2:1
        (3, "bet_three", "pay", 1000, 2000),
        (2, "three_card_bonus", "pay", 500, 3000),        # straight 6:1 (table D)
        (1, "bet_one", "pay", 1000, 200_000),             # straight flush 200:1
        (1, "bet_two", "pay", 1000, 200_000),
        (1, "bet_three", "pay", 1000, 200_000),
        (1, "bonus", "pay", 100, 250_000),                # straight flush $2,500
        (1, "three_card_bonus", "pay", 500, 20_000),      # straight flush 40:1
    ]
    hands = {p: (r.hand, r.qualifies, r.three_card) for p, r in round_.results.items()}
    assert hands == {
        1: ("straight_flush", True, "straight_flush"), 2: ("high_card", False, "straight"),
        3: ("two_pair", True, "high_card"), 4: ("flush", True, "flush"),
        5: ("three_of_a_kind", True, "pair"), 6: ("straight", True, "high_card"),
        7: ("pair", False, "pair")}
    conserved(round_)
    # every hand has a winning wager: all cards stay until paid, then go in paying order
    assert [g["from"] for g in round_.discard_rack] == [
        "burn", *(f"position {p}" for p in (7, 6, 5, 4, 3, 2, 1)), "community"]
    # the whole round replays to the same document, and settle recomputes it
    document = json.loads(json.dumps(round_.to_document()))
    assert replay(LetItRideRound(round_.config), round_.history).to_document() == \
        round_.to_document()
    settled = settle_document(document)
    assert settled["matches"] is True and settled["payments"] == document["payments"]
    assert settled["totals"] == round_.totals()


THREE_CARD_HANDS = {1: "As Ks Qs", 2: "9h 8h 7h", 3: "5c 5d 5h", 4: "Jc Td 9s",
                    5: "2d 7d Kd", 6: "3c 3h Qc", 7: "4s 6c 8d"}


@pytest.mark.parametrize("letter", "ABCDEF")
def test_every_three_card_pay_table_5324_34_f_4(letter: str) -> None:
    """5324.34(f)(4): each pre-selected table pays its odds; in A-C ("n/a") a mini royal is
    paid as the straight flush it is; 5324.34(c)(7)(i): judged on the player's own three cards;
    5324.34(c)(7)(iv): it has no bearing on the base wagers."""
    pair, flush, straight, trips, sf, mini = REG_THREE[letter]
    round_ = play({"three_card_bonus": {"pay_table": letter}},
                  {p: (500, False, 1000) for p in range(1, 8)}, THREE_CARD_HANDS, "2h 2s Ac")
    base_collect = [(p, w, "collect", 500, 0) for p in (7, 4, 2, 1)
                    for w in ("bet_one", "bet_two", "bet_three")]
    assert lines(round_) == [
        *base_collect[:3], (7, "three_card_bonus", "collect", 1000, 0), *base_collect[3:],
        *[(6, w, "pay", 500, 1000) for w in ("bet_one", "bet_two", "bet_three")],  # two pair
        (6, "three_card_bonus", "pay", 1000, 1000 * pair),
        *[(5, w, "pay", 500, 1500) for w in ("bet_one", "bet_two", "bet_three")],  # trips
        (5, "three_card_bonus", "pay", 1000, 1000 * flush),
        (4, "three_card_bonus", "pay", 1000, 1000 * straight),
        *[(3, w, "pay", 500, 5500) for w in ("bet_one", "bet_two", "bet_three")],  # full house
        (3, "three_card_bonus", "pay", 1000, 1000 * trips),
        (2, "three_card_bonus", "pay", 1000, 1000 * sf),
        (1, "three_card_bonus", "pay", 1000, 1000 * (mini if mini is not None else sf)),
    ]
    conserved(round_)


BASE_CASES = [  # player's three cards, community (left right burn), hand
    ("As Ks Qs", "Js Ts 2d", "royal_flush"),
    ("9h 8h 7h", "6h 5h 2d", "straight_flush"),
    ("9c 9d 9h", "9s 2c 3d", "four_of_a_kind"),
    ("Kc Kd Kh", "2s 2c 3d", "full_house"),
    ("2d 7d Jd", "4d 9d 3c", "flush"),
    ("Ac 2d 3h", "4s 5c 9d", "straight"),  # the wheel: ace low (5324.34(b)(1))
    ("Qc Qd Qh", "2s 7c 3d", "three_of_a_kind"),
    ("4c 4d 8h", "8s 2c 3d", "two_pair"),
    ("Tc Td 8h", "7s 2c 3d", "pair"),   # a pair of tens: the lowest winning hand
    ("9c 9d 8h", "7s 2c 3d", None),     # a pair of nines loses (5324.34(e)(7))
    ("Qc Kd Ah", "2s 3c 9d", None),     # Q-K-A-2-3 is no straight (5324.34(b)(2)(vi))
]


@pytest.mark.parametrize(("hand", "community", "category"), BASE_CASES)
def test_base_and_bonus_pay_tables_5324_34_f_1_f_3(hand: str, community: str,
                                                    category: str | None) -> None:
    """5324.34(f)(1) odds on every base wager, 5324.34(f)(3) fixed bonus amounts (three of a
    kind or better), the bonus without bearing on the base wagers ((c)(6)(iv))."""
    round_ = play({}, {4: (1000, True, 0)}, {4: hand}, community)
    expected: list[Line]
    if category is None:
        expected = [(4, w, "collect", 1000, 0) for w in ("bet_one", "bet_two", "bet_three")]
        expected.append((4, "bonus", "collect", 100, 0))
    else:
        expected = [(4, w, "pay", 1000, 1000 * REG_BASE[category])
                    for w in ("bet_one", "bet_two", "bet_three")]
        if category in REG_BONUS_DOLLARS:
            expected.append((4, "bonus", "pay", 100, 100 * REG_BONUS_DOLLARS[category]))
        else:
            expected.insert(0, (4, "bonus", "collect", 100, 0))
    assert lines(round_) == expected
    assert round_.results[4].hand == (category or round_.results[4].hand)
    conserved(round_)


def test_more_generous_tables_are_paid_as_configured() -> None:
    """Pay tables may be more generous than the regulation: the configured odds are paid, and
    bonus amounts that include the $1 wager pay the amount less the wager."""
    config = {"base_pay_table": {"flush": 10, "pair": "3:2"},
              "bonus": {"returns_wager": False,
                        "pay_table": {h: a + 1 for h, a in REG_BONUS_DOLLARS.items()}}}
    flush = play(config, {1: (1000, True, 0)}, {1: "2d 7d Jd"}, "4d 9d 3c")
    assert lines(flush)[-1] == (1, "bonus", "pay", 100, 5000)  # $51 "for one" = $50 net
    assert lines(flush)[0] == (1, "bet_one", "pay", 1000, 10_000)
    pair = play(config, {1: (1000, False, 0)}, {1: "Jc Jd 8h"}, "7s 2c 3d")
    assert [line[4] for line in lines(pair)] == [1500, 1500, 1500]


def test_payout_limit_caps_base_wagers_of_one_hand_only_5324_34_f_2() -> None:
    """5324.34(f)(2): the limit applies to one hand's base wagers; never to the let it ride
    bonus or the three-card bonus wagers, and each hand has its own limit."""
    round_ = play({"table": {"payout_limit": 50_000, "maximum": 500}},
                  {2: (10_000, True, 10_000), 5: (10_000, True, 10_000)},
                  {2: "As Ks Qs", 5: "9s 8s 7s"}, "Js Ts 2d")
    assert lines(round_) == [
        (5, "bet_one", "pay", 10_000, 2_000_000),     # straight flush: $20,000
        (5, "bet_two", "pay", 10_000, 2_000_000),
        (5, "bet_three", "pay", 10_000, 1_000_000),   # $60,000 capped at $50,000
        (5, "bonus", "pay", 100, 250_000),
        (5, "three_card_bonus", "pay", 10_000, 400_000),   # straight flush 40:1, not capped
        (2, "bet_one", "pay", 10_000, 5_000_000),     # royal flush: $100,000 per wager...
        (2, "bet_two", "pay", 10_000, 0),             # ... capped at $50,000 for the hand
        (2, "bet_three", "pay", 10_000, 0),
        (2, "bonus", "pay", 100, 2_500_000),          # $25,000: not capped
        (2, "three_card_bonus", "pay", 10_000, 500_000),   # mini royal 50:1: not capped
    ]
    capped = [p for p in round_.payments if p.clause == "5324.34(f)(2)"]
    assert [(p.position, p.wager) for p in capped] == [(5, "bet_three"), (2, "bet_one"),
                                                      (2, "bet_two"), (2, "bet_three")]
    assert all("payout limit" in p.note for p in capped)
    conserved(round_)


def test_no_payout_limit_pays_the_full_odds_5324_34_f_2() -> None:
    """5324.34(f)(2) "may establish": with ``payout_limit = "none"`` a royal flush on three $100
    wagers is paid $300,000, every line at the odds of (f)(1)."""
    round_ = play({"table": {"payout_limit": "none", "maximum": 500}},
                  {2: (10_000, False, 0)}, {2: "As Ks Qs"}, "Js Ts 2d")
    assert lines(round_) == [(2, "bet_one", "pay", 10_000, 10_000_000),
                             (2, "bet_two", "pay", 10_000, 10_000_000),
                             (2, "bet_three", "pay", 10_000, 10_000_000)]
    assert {p.clause for p in round_.payments} == {"5324.34(f)(1)"}
    conserved(round_)
    assert settle_document(json.loads(json.dumps(round_.to_document())))["matches"]


def test_two_adjacent_positions_are_two_hands_5324_34_c_5() -> None:
    """5324.34(c)(5): a player at two adjacent positions plays two hands, settled separately."""
    round_ = LetItRideRound(config_from_mapping({}))
    round_.place_wagers(position=3, bet_one=500, bet_two=500, bet_three=500, player="Ann")
    round_.place_wagers(position=4, bet_one=500, bet_two=500, bet_three=500, player="Ann")
    round_.announce_no_more_bets()
    deal(round_, cards_in_dealing_order(
        round_.config.dealing, {3: parse_cards("Ac Ad 2h"), 4: parse_cards("3c 4d 8h")},
        parse_cards("Ks 9s 5d")))
    decide_all(round_, {4: False})
    round_.turn_community_card()
    decide_all(round_, {4: False})
    round_.turn_community_card()
    settle_round(round_)
    assert lines(round_) == [
        (4, "bet_one", "return", 500, 0), (4, "bet_two", "return", 500, 0),
        (4, "bet_three", "collect", 500, 0),
        (3, "bet_one", "pay", 500, 500), (3, "bet_two", "pay", 500, 500),
        (3, "bet_three", "pay", 500, 500)]

