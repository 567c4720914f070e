"""Whole Pai Gow Poker rounds (9 NYCRR 5324.41): every clause of the core, by scenario.

The banker's hand in most scenarios is ``Kc Kd 9h 7s 4c 3d 2h``, set (by the house way or by the
bank) as K-K-4-3-2 high and 9-7 low.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from dealer_station.cards import format_cards, pai_gow_deck, parse_cards
from dealer_station.games.pai_gow import (
    PaiGowRound,
    Phase,
    TableContext,
    config_from_mapping,
    default_config,
    settle_document,
)
from dealer_station.games.pai_gow.dealing import deck_for_hands
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.hardware import LOCKOUT_ON, shoe_dispense
from dealer_station.procedure import ProcedureError, Record, replay

BANKER = "Kc Kd 9h 7s 4c 3d 2h"
WIN_AA = "As Ad Qh Jc 8s 5d 6c"  # low Qh Jc: A-A high, Q-J low
WIN_AA_2 = "Ah Ac Qs Jd 8d 5c 6h"  # low Qs Jd
WIN_QQ66 = "Qd Qc 6s 6d Ts 9c 2s"  # low Ts 9c
WIN_JJ55 = "Js Jh 5s 5h Td 9d 2c"  # low Td 9d
LOSE = "Th 8c 7h 4d 3c 2d 9s"  # low 8c 7h: both hands lower

LOWS = {WIN_AA: "Qh Jc", WIN_AA_2: "Qs Jd", WIN_QQ66: "Ts 9c", WIN_JJ55: "Td 9d"}


def make_config(**sections: Mapping[str, Any]) -> Any:
    data: dict[str, Any] = {"table": {"minimum_wager": "$1", "maximum_wager": "$5,000"}}
    for name, values in sections.items():
        data[name] = {**data.get(name, {}), **values}
    return config_from_mapping(data)


def shoe(hands: Mapping[int, str], start: int) -> list[str]:
    """The automated shoe's output giving each position its hand from ``start``."""
    return [c.text for c in deck_for_hands(hands, start)]


def to_deal(r: PaiGowRound, hands: Mapping[int, str], number: int = 1, **wagers: int) -> None:
    """Shuffle, place ``wagers`` (``p3=2500``), no more bets and deal."""
    r.shuffle()
    for key, amount in wagers.items():
        r.place_wager(int(key[1:]), amount)
    r.no_more_bets()
    r.determine_starting_position(number)
    assert r.start is not None
    r.deal(shoe(hands, r.start))


def assert_replays(r: PaiGowRound) -> None:
    """The round rebuilt from its records is identical, and its document settles to itself."""
    again = replay(PaiGowRound(r.config, r.context), r.history)
    assert again.to_document() == r.to_document()
    result = settle_document(json.loads(json.dumps(r.to_document())))
    assert result["matches"], result["differences"]
    assert sum(r.net.values()) == 0


def lines(r: PaiGowRound) -> list[tuple[Any, str, str, int, int]]:
    return [(p.position, p.wager, p.outcome, p.amount, p.vigorish) for p in r.payments]


# ---------------------------------------------------------------------------- house-banked


def test_win_lose_push_and_payment_order_5324_41_g_4_to_g_8() -> None:
    """5324.41(g)(4)-(8): exposure from the far right counter-clockwise, losers collected and
    pushes returned as exposed, winners paid afterwards from the far right, less vigorish."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE, 5: WIN_QQ66, 6: "3s 3h Kh Tc 7d 4s 8h"},
            p1=2500, p3=1000, p5=2000, p6=1500)
    r.players_have_set()
    assert r.step.phase == "banker"
    r.set_dealer_hand()
    assert r.dealer_hand is not None
    assert format_cards(r.dealer_hand.high) == "Kd Kc 4c 3d 2h"
    assert r.step.phase == "exposure" and r.step.positions == (6, 5, 3, 1)
    r.set_hand(6, "Kh Tc")  # 3-3 high loses to K-K, K-T low beats 9-7: a push
    r.set_hand(5, "Ts 9c")
    r.set_hand(3, "8c 7h")
    r.set_hand(1, "Qh Jc")
    r.settle()
    assert lines(r) == [
        (6, "pai_gow", "push", 0, 0),
        (3, "pai_gow", "collect", 0, 0),
        (5, "pai_gow", "pay", 2000, 100),
        (1, "pai_gow", "pay", 2500, 125),
    ]
    assert r.net == {6: 0, 3: -1000, 5: 1900, 1: 2375, "house": -3275}
    assert r.is_complete and r.step.phase == "complete"
    assert_replays(r)


@pytest.mark.parametrize(
    ("low", "expected"),
    [
        ("9c 7d", "lose"),  # both hands copies: the copy goes to the banker, 5324.41(g)(5)(ii)
        ("8h 6c", "lose"),  # high copy, low lower, 5324.41(g)(5)(ii)
        ("Ah Qc", "push"),  # high copy, low higher, 5324.41(g)(6)(ii)
    ],
)
def test_copy_hands_go_to_the_banker_5324_41_g_5_ii(low: str, expected: str) -> None:
    """5324.41(g)(5)(ii), (g)(6)(ii): a copy hand counts for the banker."""
    player = {"9c 7d": "Kh Ks 4d 3s 2c 9c 7d", "8h 6c": "Kh Ks 4d 3s 2c 8h 6c",
              "Ah Qc": "Kh Ks 4d 3s 2c Ah Qc"}[low]
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 2: player}, p2=1000)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(2, low)
    r.settle()
    assert r.payments[0].outcome == {"lose": "collect", "push": "push"}[expected]
    assert r.to_document()["results"] == {"2": expected}


def test_copy_low_with_higher_high_is_a_push_5324_41_g_6_i() -> None:
    """5324.41(g)(6)(i): high hand higher, low hand a copy: push."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 4: "Ah As 9d 7c 5h 4s Jd"}, p4=1000)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(4, "9d 7c")
    r.settle()
    assert lines(r) == [(4, "pai_gow", "push", 0, 0)]
    assert r.net[4] == 0


@pytest.mark.parametrize(
    ("low", "clause"),
    [("As Kh", "5324.41(g)(5)(iii)"), ("Kh 9c 7h", "5324.41(g)(5)(iv)"), ("As", "(g)(5)(iv)")],
)
def test_foul_loses_5324_41_g_5_iii_iv(low: str, clause: str) -> None:
    """5324.41(g)(5)(iii)-(iv): a low hand that outranks the high hand, or a low hand that is not
    two cards, loses whatever the banker holds."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: "As Kh 9c 7h 5s 3c Qd"}, p1=1000)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(1, low)
    setting = r.setting(1)
    assert setting is not None and setting.foul is not None and clause in setting.foul
    r.settle()
    assert lines(r) == [(1, "pai_gow", "collect", 0, 0)]
    assert r.net[1] == -1000
    assert_replays(r)


def test_low_card_not_among_the_seven_is_refused_5324_41_g_1() -> None:
    """5324.41(g)(1): the setting is made of the player's own seven cards."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA}, p1=1000)
    r.players_have_set()
    r.set_dealer_hand()
    assert not r.can_set_hand(1, "Kc Kd")
    with pytest.raises(ProcedureError, match="not among"):
        r.set_hand(1, "Kc Kd")


@pytest.mark.parametrize(
    ("win", "vigorish"), [(100, 25), (700, 50), (2500, 125), (13000, 650)]
)
def test_vigorish_rounded_up_to_25_cents_5324_41_g_8(win: int, vigorish: int) -> None:
    """5324.41(g)(8): 5% of the amount won, rounded up to the next 25 cents: $1 -> $0.25,
    $7 -> $0.50, $25 -> $1.25, $130 -> $6.50."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 2: WIN_AA}, p2=win)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(2, "Qh Jc")
    r.settle()
    (line,) = r.payments
    assert (line.outcome, line.amount, line.vigorish) == ("pay", win, vigorish)
    assert r.net[2] == win - vigorish
    assert line.clause == "5324.41(g)(8)"


def test_vigorish_to_the_cent_when_configured_5324_41_g_8() -> None:
    """5324.41(g)(8): rounding up to 25 cents is the casino's option; to the cent otherwise."""
    r = PaiGowRound(make_config(vigorish={"rounding": "$0.01"}))
    to_deal(r, {DEALER: BANKER, 2: WIN_AA}, p2=700)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(2, "Qh Jc")
    r.settle()
    assert r.payments[0].vigorish == 35


def test_surrender_before_exposure_5324_41_g_3() -> None:
    """5324.41(g)(3): the wager collected at once, the cards collected unseen; not after the
    exposure, and never with a progressive or seven-card bonus wager."""
    r = PaiGowRound(make_config(side_wagers={"offered": ["progressive"]}))
    r.shuffle()
    r.place_wager(1, 1000)
    r.place_wager(2, 1000)
    r.place_side_wager(2, "progressive", 100)
    r.no_more_bets()
    r.determine_starting_position(4)
    assert r.start is not None
    r.deal(shoe({DEALER: BANKER, 1: WIN_AA}, r.start))
    with pytest.raises(ProcedureError) as error:
        r.surrender(2)
    assert error.value.clause == "5324.41(g)(3)"
    r.surrender(1)
    assert lines(r) == [(1, "pai_gow", "collect", 0, 0)]
    assert "unseen" in r.payments[0].note
    assert not r.can_set_hand(1, "Qh Jc")
    assert not r.can_surrender(1)


def test_surrender_after_setting_then_settlement_5324_41_g_3() -> None:
    """5324.41(g)(3): a player may surrender until the hands are exposed, even after setting
    them physically and after the dealer's hand is set."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 2: LOSE}, p1=1000, p2=500)
    r.players_have_set()
    r.set_dealer_hand()
    r.surrender(2)  # the dealer's hand is set, position 2's hands are not exposed yet
    r.set_hand(1, "Qh Jc")
    r.settle()
    assert lines(r) == [(2, "pai_gow", "collect", 0, 0), (1, "pai_gow", "pay", 1000, 50)]
    assert not r.can_surrender(1)
    assert_replays(r)


def test_stacks_of_positions_without_wager_collected_unseen_5324_41_f_1_iv() -> None:
    """5324.41(f)(1)(iv), (f)(2)(v): every position including the dealer receives seven cards;
    stacks with no wager go to the discard rack unseen; four cards are left."""
    r = PaiGowRound(make_config(dealing={"method": "manual_shoe"}))
    r.shuffle()
    r.place_wager(2, 1000)
    r.place_wager(5, 1000)
    r.no_more_bets()
    r.determine_starting_position(3)  # counter-clockwise from the dealer: 7, 6, 5
    assert r.start == 5
    deck = [c.text for c in pai_gow_deck()]
    record = r.deal(deck)
    assert record.effects["delivery"] == [5, 6, 7, 1, 2, 3, 4]
    assert r.collected == (6, 1, 3, 4)
    assert len(r.discarded) == 4
    assert format_cards(r.seven_cards(5)) == format_cards(parse_cards(deck[0:49:7]))
    assert set(r.to_document()["cards"]) == {"2", "5", "7"}


def test_house_way_for_a_player_who_asks_5324_41_g_1() -> None:
    """A player may ask the dealer to set the hand by the house way."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 3: WIN_AA}, p3=1000)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(3)
    setting = r.setting(3)
    assert setting is not None and format_cards(setting.low) == "Qh Jc"
    r.settle()
    assert r.payments[0].note.endswith("set by the house way")


# ---------------------------------------------------------------------------- RNG side wager (j)


def test_rng_side_wager_settled_before_any_card_5324_41_j_2() -> None:
    """5324.41(j)(2)(iii)-(vi), (f)(1)(ii): after the RNG shows its number, losing wagers are
    collected, then winners paid at the posted odds rounded down to the dollar, before dealing."""
    r = PaiGowRound(make_config(rng_side_wager={"offered": True, "odds": "11:2"}))
    r.shuffle()
    r.place_wager(1, 1000)
    r.place_wager(4, 1000)
    assert not r.can_place_rng_wager(2, 3, 500)  # (j)(2)(i): needs a pai gow wager
    r.place_rng_wager(1, 3, 500)
    r.place_rng_wager(4, 3, 300)
    r.place_rng_wager(4, 6, 500)  # more than one number, (j)(2)(i)
    r.no_more_bets()
    r.determine_starting_position(3)
    assert r.step.phase == "rng_wagers"
    assert not r.can_deal([c.text for c in pai_gow_deck()])
    r.settle_rng_wagers()
    assert lines(r) == [
        (4, "rng_side_wager", "collect", 0, 0),
        (4, "rng_side_wager", "pay", 1600, 0),  # $3 x 5.5 = $16.50 -> $16
        (1, "rng_side_wager", "pay", 2700, 0),  # $5 x 5.5 = $27.50 -> $27
    ]
    assert r.step.phase == "deal"


def test_rng_side_wager_needs_the_rng_and_legal_odds_5324_41_j() -> None:
    """5324.41(j)(1), (j)(2)(vi): configuration refused with the clause."""
    with pytest.raises(ValueError, match=r"5324.41\(j\)\(1\)"):
        make_config(rng_side_wager={"offered": True}, dealing={"starting_position": "dice"})
    with pytest.raises(ValueError, match=r"5324.41\(j\)\(2\)\(vi\)"):
        make_config(rng_side_wager={"offered": True, "odds": "5:1"})
    r = PaiGowRound(make_config())
    r.shuffle()
    r.place_wager(1, 1000)
    with pytest.raises(ProcedureError) as error:
        r.place_rng_wager(1, 3, 100)
    assert error.value.clause == "5324.41(j)(1)"


# ---------------------------------------------------------------------------- shuffle and cut (e)


def test_cut_offer_rotation_5324_41_e_2() -> None:
    """5324.41(e)(2): the first player to the table cuts at a new game; afterwards the far right
    player, rotating counter-clockwise; the dealer cuts when the player declines."""
    config = make_config(dealing={"shuffle": "manual"})
    context = TableContext(first_to_table=4, seated=(2, 4, 6))
    r = PaiGowRound(config, context)
    r.shuffle()
    assert r.step.positions == (4,)
    assert not r.can_cut(6, True)
    r.cut(4, accepted=False)
    assert r.cut_by == "dealer"
    to_settle = r.next_context()
    # the first player to the table's offer is outside the rotation of (e)(2)(ii)
    assert to_settle.last_cut_offer is None
    nxt = PaiGowRound(config, to_settle)
    nxt.shuffle()
    assert nxt.expected_cut_offer() == 6
    with pytest.raises(ProcedureError) as error:
        nxt.cut(2, True)
    assert error.value.clause == "5324.41(e)(2)(ii)"
    nxt.cut(6, True)
    third = PaiGowRound(config, nxt.next_context())
    assert third.expected_cut_offer() == 4
    third.shuffle()
    third.cut(4, False)
    assert PaiGowRound(config, third.next_context()).expected_cut_offer() == 2


def test_cut_after_the_first_player_to_the_table_goes_to_the_far_right_5324_41_e_2_ii() -> None:
    """5324.41(e)(2): positions 2, 4 and 6 seated, 4 first to the table: the next offer goes to 6
    (the farthest to the dealer's right), then counter-clockwise from there: 4, 2, 6."""
    config = make_config(dealing={"shuffle": "manual"})
    r = PaiGowRound(config, TableContext(first_to_table=4, seated=(2, 4, 6)))
    offered = []
    for _ in range(5):
        r.shuffle()
        expected = r.expected_cut_offer()
        assert expected is not None
        offered.append(expected)
        r.cut(expected, accepted=True)
        r = PaiGowRound(config, r.next_context())
    assert offered == [4, 6, 4, 2, 6]


# ---------------------------------------------------------------------------- two areas (i)


def test_two_adjacent_areas_larger_wager_set_first_5324_41_i() -> None:
    """5324.41(i)(1)-(2): no more than two areas, adjacent; the larger wager's hand set first;
    equal wagers counter-clockwise (the right-hand area first); a set hand cannot change."""
    r = PaiGowRound(make_config())
    r.shuffle()
    r.place_wager(2, 1000, player="ann")
    assert not r.can_place_wager(4, 1000, player="ann")
    r.place_wager(3, 2500, player="ann")
    assert not r.can_place_wager(1, 1000, player="ann")
    r.place_wager(5, 1000, player="bob")
    r.place_wager(6, 1000, player="bob")
    r.no_more_bets()
    r.determine_starting_position(1)
    r.deal(shoe({DEALER: BANKER, 2: WIN_AA, 3: WIN_AA_2, 5: WIN_QQ66, 6: WIN_JJ55}, DEALER))
    r.players_have_set()
    r.set_dealer_hand()
    assert r.exposure_order() == (6, 5, 3, 2)
    with pytest.raises(ProcedureError) as error:
        r.set_hand(2, "Qh Jc")
    assert error.value.clause == "5324.41(i)(2)"
    assert not r.can_set_hand(5, "Ts 9c")  # 6 is exposed first
    r.set_hand(6, "Td 9d")
    assert not r.can_set_hand(6, "Td 9d")
    r.set_hand(5, "Ts 9c")
    r.set_hand(3, "Qs Jd")
    r.set_hand(2, "Qh Jc")
    r.settle()
    assert [p.position for p in r.payments] == [6, 5, 3, 2]
    assert_replays(r)


def test_one_area_only_when_the_casino_says_so_5324_41_i_1() -> None:
    r = PaiGowRound(make_config(table={"two_areas": False}))
    r.shuffle()
    r.place_wager(2, 1000, player="ann")
    with pytest.raises(ProcedureError) as error:
        r.place_wager(3, 1000, player="ann")
    assert error.value.clause == "5324.41(i)(1)"


# ---------------------------------------------------------------------------- player bank (h)

BANK_CONTEXT = TableContext(new_game=False, last_unbanked_wagers={3: 4000, 1: 1000, 2: 1000})


def banked_round(co_bank: bool = False, dealer_wager: int | None = None, *,
                 hands: Mapping[int, str], **wagers: int) -> PaiGowRound:
    r = PaiGowRound(make_config(), BANK_CONTEXT)
    r.shuffle()
    for key, amount in wagers.items():
        r.place_wager(int(key[1:]), amount)
    for p in r.bank_offer_order():
        if p == 3:
            break
        r.decline_bank(p)
    r.accept_bank(3, co_bank=co_bank)
    r.no_more_bets()
    if not co_bank:
        assert r.step.phase == "dealer_wager"
        r.place_dealer_wager(r.proposed_dealer_wager if dealer_wager is None else dealer_wager)
    r.determine_starting_position(1)
    assert r.start == 3  # the bank counts as one, 5324.41(h)(10)(iii)
    r.deal(shoe(hands, r.start))
    return r


def test_bank_shortfall_collected_from_the_bank_5324_41_h_12() -> None:
    """5324.41(h)(11)-(12), (h)(14): the dealer's wager decided first; losing wagers into the
    centre; winners (the dealer's first) paid from it; the shortfall collected from the bank;
    each winning player pays 5% vigorish."""
    r = banked_round(
        dealer_wager=0,
        hands={3: BANKER, 1: WIN_AA, 2: WIN_AA_2, 4: LOSE},
        p1=10000, p2=10000, p3=30000, p4=5000,
    )
    r.players_have_set()
    assert r.step.actions[0] == "set_bank_hand"  # the dealer placed no wager: no dealer hand
    r.set_bank_hand("9h 7s")
    r.set_hand(4, "8c 7h")
    r.set_hand(2, "Qs Jd")
    r.set_hand(1, "Qh Jc")
    assert r.step.phase == "settlement"
    r.settle()
    assert lines(r) == [
        (4, "pai_gow", "collect", 0, 0),
        (2, "pai_gow", "pay", 10000, 500),
        (1, "pai_gow", "pay", 10000, 500),
        ("bank", "bank", "collect", 15000, 0),
    ]
    assert r.settlement is not None and r.settlement.bank is not None
    assert r.settlement.bank.shortfall == 15000 and r.settlement.bank.from_bank == 15000
    assert r.net == {4: -5000, 2: 9500, 1: 9500, "bank": -15000, "house": 1000}
    assert_replays(r)


def test_bank_surplus_pays_five_percent_5324_41_h_12() -> None:
    """5324.41(h)(12): a surplus in the centre pays 5% vigorish; the rest goes to the bank."""
    r = banked_round(
        hands={3: BANKER, 1: LOSE, 2: "Jh 8s 7d 5s 4h 3s Kh", 4: WIN_QQ66, DEALER: WIN_AA_2},
        p1=10000, p2=10000, p3=30000, p4=5000,
    )
    assert r.dealer_wager == 4000
    r.players_have_set()
    r.set_dealer_hand()
    r.set_bank_hand("9h 7s")
    r.set_hand(4, "Ts 9c")
    r.set_hand(2, "8s 7d")
    r.set_hand(1, "8c 7h")
    r.settle()
    # centre: 100 + 100 (losers); winners: dealer 40, position 4 50 -> surplus 110, vig 5.50
    assert lines(r) == [
        (2, "pai_gow", "collect", 0, 0),
        (1, "pai_gow", "collect", 0, 0),
        ("dealer", "dealer_wager", "pay", 4000, 0),
        (4, "pai_gow", "pay", 5000, 250),
        ("bank", "bank", "pay", 11000, 550),
    ]
    assert r.net == {2: -10000, 1: -10000, 4: 4750, "bank": 10450, "house": 4800}
    assert_replays(r)


def test_co_bank_halves_of_a_shortfall_5324_41_h_13() -> None:
    """5324.41(h)(5), (h)(13): the dealer sets the co-bank's hand by the house way; half the
    shortfall from the co-bank, half from the chip tray; no dealer wager."""
    r = banked_round(
        co_bank=True,
        hands={3: BANKER, 1: WIN_AA, 2: WIN_AA_2, 4: LOSE},
        p1=10000, p2=10000, p3=30000, p4=5000,
    )
    assert r.dealer_wager == 0 and DEALER not in r.to_document()["cards"]
    assert not r.can_set_bank_hand("9h 7s")
    r.players_have_set()
    assert r.step.actions[0] == "set_co_bank_hand"
    r.set_co_bank_hand()
    r.set_hand(4, "8c 7h")
    r.set_hand(2, "Qs Jd")
    r.set_hand(1, "Qh Jc")
    r.settle()
    bank = r.settlement.bank if r.settlement else None
    assert bank is not None
    assert (bank.shortfall, bank.from_bank, bank.from_tray) == (15000, 7500, 7500)
    assert r.net == {4: -5000, 2: 9500, 1: 9500, "bank": -7500, "house": -6500}
    assert_replays(r)


def test_co_bank_halves_of_a_surplus_5324_41_h_13() -> None:
    """5324.41(h)(13): half the surplus to the chip tray, 5% vigorish on the co-bank's half,
    the rest to the co-bank."""
    r = banked_round(
        co_bank=True,
        hands={3: BANKER, 1: LOSE, 2: "Qh Jd 8s 6h 4s 3h 7d", 4: WIN_QQ66},
        p1=10000, p2=10000, p3=30000, p4=5000,
    )
    r.players_have_set()
    r.set_co_bank_hand()
    r.set_hand(4, "Ts 9c")
    r.set_hand(2, "8s 7d")
    r.set_hand(1, "8c 7h")
    r.settle()
    bank = r.settlement.bank if r.settlement else None
    assert bank is not None
    # surplus 150: 75 to the tray; 5% of 75 = 3.75; 71.25 to the co-bank
    assert (bank.surplus, bank.to_tray, bank.vigorish, bank.to_bank) == (15000, 7500, 375, 7125)
    assert r.net["bank"] == 7125 and r.net["house"] == 7500 + 375 + 250
    assert_replays(r)


def test_incorrectly_set_bank_hand_reset_by_house_way_5324_41_q() -> None:
    """5324.41(q): the bank's wager is not lost; the dealer resets the hand by the house way."""
    r = banked_round(dealer_wager=0, hands={3: BANKER, 1: WIN_AA}, p1=1000, p3=5000)
    r.players_have_set()
    record = r.set_bank_hand("Kc Kd")  # K-K low over a 9-high high hand: incorrect
    assert record.clause == "5324.41(q)"
    assert r.bank_reset
    assert r.bank_hand is not None and format_cards(r.bank_hand.low) == "9h 7s"
    r.set_hand(1, "Qh Jc")
    r.settle()
    assert r.to_document()["results"] == {"1": "win"}


def test_bank_eligibility_5324_41_h_2_to_h_6() -> None:
    """5324.41(h)(2): never the first round of a game; (h)(3): offered counter-clockwise from the
    rotating first offer, never two rounds in a row; (h)(4)(i): a wager against the dealer in the
    last unbanked round; (h)(4)(ii): chips covering every wager; (h)(6): one betting area."""
    config = make_config()
    first = PaiGowRound(config, TableContext())
    first.shuffle()
    first.place_wager(3, 5000)
    first.place_wager(2, 1000)
    assert not first.banking_open and first.next_bank_offer() is None
    with pytest.raises(ProcedureError) as error:
        first.verify_accept_bank(3)
    assert error.value.clause == "5324.41(h)(2)"

    ctx = TableContext(new_game=False, bank_first_offer=5, last_bank=6,
                       last_unbanked_wagers={2: 1000, 3: 1000, 5: 1000, 6: 1000})
    r = PaiGowRound(config, ctx)
    r.shuffle()
    for p, amount in ((2, 1000), (3, 1500), (5, 9000), (6, 9000)):
        r.place_wager(p, amount)
    assert r.bank_offer_order() == (5, 3, 2, 6)
    with pytest.raises(ProcedureError) as error:
        r.accept_bank(3)
    assert error.value.clause == "5324.41(h)(3)"  # 5 is offered first
    r.decline_bank(5)
    with pytest.raises(ProcedureError) as error:
        r.accept_bank(3)  # $15 does not cover $210
    assert error.value.clause == "5324.41(h)(4)(ii)"
    r.decline_bank(3)
    r.decline_bank(2)
    with pytest.raises(ProcedureError) as error:
        r.accept_bank(6)
    assert error.value.clause == "5324.41(h)(3)"  # banked the last round
    assert not r.can_no_more_bets()
    r.decline_bank()
    r.no_more_bets()
    nxt = r.next_context()
    assert nxt.bank_first_offer == 4 and nxt.last_bank is None

    ctx = TableContext(new_game=False, last_unbanked_wagers={1: 1000})
    r = PaiGowRound(config, ctx)
    r.shuffle()
    r.place_wager(4, 20000, player="ann")
    r.place_wager(1, 1000)
    with pytest.raises(ProcedureError) as error:
        r.accept_bank(4)
    assert error.value.clause == "5324.41(h)(4)(i)"
    r.decline_bank(4)
    r.place_wager(3, 1000, player="cy")
    r.place_wager(2, 1000, player="cy")
    assert r.next_bank_offer() == 3


def _bank_first_offers(config: Any, rounds: int) -> list[int]:
    """The first offer of the bank over ``rounds`` rounds in which every player passes."""
    context = TableContext(new_game=False, last_unbanked_wagers={p: 1000 for p in range(1, 7)})
    firsts = []
    for _ in range(rounds):
        r = PaiGowRound(config, context)
        r.shuffle()
        for p in range(1, 7):
            r.place_wager(p, 1000)
        firsts.append(r.next_bank_offer() or DEALER)
        if r.banking_open:
            r.decline_bank()
        else:
            with pytest.raises(ProcedureError) as error:
                r.accept_bank(6)
            assert error.value.clause == "5324.41(h)(3)"
            assert "house banks" in r.step.instruction
        r.no_more_bets()
        context = r.next_context()
    return firsts


def test_initial_bank_offer_returns_to_the_dealer_5324_41_h_3() -> None:
    """5324.41(h)(3): "The initial offer to be the bank shall rotate counter-clockwise around the
    table until it returns to the dealer": 6, 5, ..., 1, then a round the house banks (the bank
    offered to nobody), then 6 again. ``banking.offer_returns_to_dealer = false``: from 1
    straight back to 6."""
    assert _bank_first_offers(make_config(), 9) == [6, 5, 4, 3, 2, 1, DEALER, 6, 5]
    assert default_config().bank_offer_returns_to_dealer
    skipping = make_config(banking={"offer_returns_to_dealer": False})
    assert _bank_first_offers(skipping, 8) == [6, 5, 4, 3, 2, 1, 6, 5]
    assert config_from_mapping(skipping.to_json()) == skipping


def test_bank_one_area_and_no_two_rounds_in_a_row_5324_41_h_3_h_6() -> None:
    config = make_config()
    ctx = TableContext(new_game=False, last_unbanked_wagers={3: 1000})
    r = PaiGowRound(config, ctx)
    r.shuffle()
    r.place_wager(3, 5000, player="ann")
    r.place_wager(4, 1000, player="ann")
    r.place_wager(1, 1000)
    r.decline_bank(4)
    with pytest.raises(ProcedureError) as error:
        r.accept_bank(3)
    assert error.value.clause == "5324.41(h)(6)"
    r.withdraw_wager(4)
    r.place_wager(2, 9000)
    assert not r.can_accept_bank(3)  # $50 does not cover $100
    r.accept_bank(3, chips=5000)
    assert r.wagers[3] == 10000
    with pytest.raises(ProcedureError):
        r.place_wager(4, 1000, player="ann")  # the bank wagers on one area only
    nxt = r.next_context()
    assert nxt.last_bank == 3 and nxt.last_unbanked_wagers == {3: 1000}


def test_dealer_wager_against_the_bank_5324_41_h_7() -> None:
    """5324.41(h)(7): the dealer wagers the bank's last wager against the dealer, or less as the
    bank directs, or nothing."""
    config = make_config()
    r = PaiGowRound(config, BANK_CONTEXT)
    r.shuffle()
    r.place_wager(3, 20000)
    r.place_wager(1, 1000)
    r.decline_bank(r.bank_offer_order()[0]) if r.bank_offer_order()[0] != 3 else None
    r.accept_bank(3)
    r.no_more_bets()
    assert r.proposed_dealer_wager == 4000
    with pytest.raises(ProcedureError) as error:
        r.place_dealer_wager(4100)
    assert error.value.clause == "5324.41(h)(7)"
    r.place_dealer_wager(2500)
    assert r.step.phase == "starting_position"


def test_hand_dealing_bank_chooses_first_stack_5324_41_h_9() -> None:
    """5324.41(f)(2), (h)(9): stacks dealt left-right then right-left in front of the chip tray;
    the bank picks the first stack, delivered to the starting position, then clockwise."""
    config = make_config(dealing={"method": "hand"})
    r = PaiGowRound(config, BANK_CONTEXT)
    r.shuffle()
    r.place_wager(3, 20000)
    r.place_wager(1, 1000)
    r.place_wager(2, 1000)
    for p in r.bank_offer_order():
        if p == 3:
            break
        r.decline_bank(p)
    r.accept_bank(3, co_bank=True)
    r.no_more_bets()
    r.determine_starting_position(2)  # the bank is one: 3, then 2
    assert r.start == 2
    deck = [c.text for c in pai_gow_deck()]
    r.deal(deck, first_stack=5)
    # stack 5 (index 4): cards 4, 9, 18, 23, 32, 37, 46 of the deck
    assert [c.text for c in r.seven_cards(2)] == [deck[i] for i in (4, 9, 18, 23, 32, 37, 46)]
    # then stack 6 to position 3
    assert [c.text for c in r.seven_cards(3)] == [deck[i] for i in (5, 8, 19, 22, 33, 36, 47)]

    house = PaiGowRound(config)
    house.shuffle()
    house.place_wager(1, 1000)
    house.no_more_bets()
    house.determine_starting_position(1)
    with pytest.raises(ProcedureError) as error:
        house.deal(deck, first_stack=5)
    assert error.value.clause == "5324.41(h)(9)(i)"


# ---------------------------------------------------------------------------- seams


def test_three_then_four_stacks_5324_41_n_7() -> None:
    """5324.41(n)(4)-(5), (n)(7)(ii): stacks of three from the farthest left wager, clockwise, then
    the dealer; then stacks of four the same way."""
    config = make_config(dealing={"method": "three_then_four"},
                         side_wagers={"offered": ["three_card_bonus"]})
    r = PaiGowRound(config)
    r.shuffle()
    r.place_wager(5, 1000)
    r.place_wager(2, 1000)
    r.no_more_bets()
    assert r.step.phase == "deal" and r.step.hardware == (shoe_dispense(3),)
    deck = [c.text for c in pai_gow_deck()]
    r.deal(deck[:9])
    assert r.step.phase == "four_card_stacks"
    r.deal_four_card_stacks(deck[9:21])
    assert [c.text for c in r.seven_cards(2)] == deck[0:3] + deck[9:13]
    assert [c.text for c in r.seven_cards(DEALER)] == deck[6:9] + deck[17:21]
    assert r.step.phase == "setting"


def test_no_more_bets_locks_the_wagers_5324_41_d_3() -> None:
    """5324.41(d)(3): no wager made, increased or withdrawn after "no more bets"."""
    r = PaiGowRound(make_config(side_wagers={"offered": ["progressive"]}))
    r.shuffle()
    r.place_wager(1, 1000)
    assert LOCKOUT_ON in r.step.hardware
    r.no_more_bets()
    assert r.phase is Phase.STARTING
    for check in (r.can_place_wager(1, 500), r.can_withdraw_wager(1),
                  r.can_place_side_wager(1, "progressive", 100)):
        assert not check


def test_dice_total_counted_from_the_bank_5324_41_h_8() -> None:
    """5324.2(b), (h)(8)(i)-(iii): three dice (3-18), the bank shaking and counted as one."""
    config = make_config(dealing={"starting_position": "dice"})
    r = PaiGowRound(config, BANK_CONTEXT)
    r.shuffle()
    r.place_wager(3, 20000)
    r.place_wager(5, 1000)
    r.decline_bank(5)
    r.accept_bank(3, co_bank=True)
    r.no_more_bets()
    assert "bank" in r.step.instruction
    assert not r.can_determine_starting_position(2)
    assert not r.can_determine_starting_position(10, dice=[6, 6, 6])
    r.determine_starting_position(10, dice=[3, 3, 4])  # 3, 2, 1, dealer, 6, 5, 4, 3, 2, 1
    assert r.start == 1
    again = replay(PaiGowRound(config, BANK_CONTEXT), r.history)
    assert again.start == 1 and again.history == r.history


def test_only_seated_players_wager_5324_41_d_2() -> None:
    r = PaiGowRound(make_config(), TableContext(seated=(1, 2)))
    r.shuffle()
    with pytest.raises(ProcedureError) as error:
        r.place_wager(5, 1000)
    assert error.value.clause == "5324.41(d)(2)"
    r.place_wager(2, 1000)


def test_table_limits_5324_41_d() -> None:
    r = PaiGowRound(make_config(table={"minimum_wager": "$10", "maximum_wager": "$500"}))
    r.shuffle()
    assert not r.can_place_wager(1, 500)
    assert not r.can_place_wager(1, 60000)
    assert r.can_place_wager(1, 1000)
    assert not r.can_no_more_bets()  # no wager yet


# ---------------------------------------------------------------------------- document and CLI


def test_settle_command_recomputes_the_document(tmp_path: Any, capsys: Any) -> None:
    """``dealer-station settle ROUND.json`` replays a Pai Gow round document; a tampered payment
    is reported (exit 1)."""
    from dealer_station.cli import main

    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE}, p1=2500, p3=1000)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(3, "8c 7h")
    r.set_hand(1, "Qh Jc")
    r.settle()
    path = tmp_path / "round.json"
    doc = r.to_document()
    path.write_text(json.dumps(doc))
    assert main(["settle", str(path), "--compact"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "pai_gow" and out["matches"] and out["complete"]
    assert out["net"] == {"3": -1000, "house": -1375, "1": 2375}
    doc["payments"][1]["vigorish"] = 100
    path.write_text(json.dumps(doc))
    assert main(["settle", str(path)]) == 1
    doc["records"][3]["arguments"]["amount"] = 7
    path.write_text(json.dumps(doc))
    assert main(["settle", str(path)]) == 2


def test_settle_document_of_a_round_with_optional_wagers() -> None:
    """A document with a ``"bonus"`` section is recomputed by the optional wagers' round."""
    from dealer_station.games.pai_gow.wagers.config import BonusConfig
    from dealer_station.games.pai_gow.wagers.families import BonusWager
    from dealer_station.games.pai_gow.wagers.part import bonus_round

    bonus = BonusConfig(offered=frozenset({BonusWager.INSURANCE}))
    r = bonus_round(make_config(side_wagers={"offered": ["insurance"]}), bonus,
                    dealer_id="D1", round_id="r1")
    r.shuffle()
    r.place_wager(2, 1000)
    r.place_bonus_wager(2, "insurance", 500)
    r.no_more_bets()
    r.determine_starting_position(1)
    r.deal(shoe({DEALER: BANKER, 2: WIN_AA}, DEALER))
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand_house_way(2)
    r.settle()
    result = settle_document(json.loads(json.dumps(r.to_document())))
    assert result["matches"] and result["complete"]
    assert [p["wager"] for p in result["payments"]] == ["pai_gow", "insurance"]
    old = _old_order(json.loads(json.dumps(r.to_document())))  # recorded in the old order
    assert [rec["action"] for rec in old["records"]][-3:] == [
        "set_hand_house_way", "set_dealer_hand", "settle"]
    result = settle_document(old)
    assert result["matches"] and result["complete"]


def test_hand_command_prints_the_house_way(capsys: Any) -> None:
    """``dealer-station hand --game pai-gow`` with seven cards prints the house-way split."""
    from dealer_station.cli import main

    assert main(["hand", "--game", "pai-gow", "--compact", *BANKER.split()]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["house_way"] == {"high": ["Kd", "Kc", "4c", "3d", "2h"], "low": ["9h", "7s"]}


def test_steps_guide_the_dealer_through_a_round() -> None:
    """Every phase names its action, positions, hardware and expected input."""
    r = PaiGowRound(make_config(side_wagers={"offered": ["progressive"]}))
    seen = []
    assert r.step.actions == ("shuffle",)
    r.shuffle()
    r.place_wager(2, 1000)
    seen.append(r.step)
    r.no_more_bets()
    seen.append(r.step)
    r.determine_starting_position(5)
    seen.append(r.step)
    assert r.start is not None
    r.deal(shoe({DEALER: BANKER, 2: WIN_AA}, r.start))
    seen.append(r.step)
    r.players_have_set()
    seen.append(r.step)
    r.set_dealer_hand()
    seen.append(r.step)
    r.set_hand(2, "Qh Jc")
    seen.append(r.step)
    r.settle()
    seen.append(r.step)
    assert [s.phase for s in seen] == ["betting", "starting_position", "deal", "setting",
                                       "banker", "exposure", "settlement", "complete"]
    assert seen[0].hardware == (LOCKOUT_ON,) and seen[0].actions[-1] == "no_more_bets"
    assert seen[2].positions == (3, 4, 5, 6, 7, 1, 2) and seen[2].hardware == (shoe_dispense(7),)
    assert seen[3].actions[0] == "players_have_set" and seen[3].expects == "confirm"
    assert seen[5].positions == (2,) and seen[5].expects == "cards"
    for step in seen:
        assert step.instruction and (step.clause or "").startswith("5324.")


# ---------------------------------------------------------------------------- exposure (g)(2)-(4)


def test_set_hand_refused_before_the_dealer_hand_is_set_5324_41_g_2() -> None:
    """5324.41(g)(1)-(2): the players set their own hands; the dealer records only that all have
    set, then turns over and sets the dealer's hand; no player's setting is entered (no player's
    cards shown) before that."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE}, p1=1000, p3=1000)
    step = r.step
    assert step.phase == "setting" and step.actions == ("players_have_set", "surrender")
    assert step.expects != "cards" and step.clause == "5324.41(g)(2)"
    assert not r.can_set_hand(3, "8c 7h") and not r.can_set_hand_house_way(3)
    with pytest.raises(ProcedureError) as error:
        r.set_hand(3, "8c 7h")
    assert error.value.clause == "5324.41(g)(2)"
    assert not r.can_set_dealer_hand()  # the players set first
    record = r.players_have_set()
    assert record.clause == "5324.41(g)(2)" and record.effects == {"set": [3, 1]}
    assert not r.can_players_have_set()
    assert r.step.phase == "banker" and r.step.actions[0] == "set_dealer_hand"
    with pytest.raises(ProcedureError) as error:
        r.set_hand_house_way(3)
    assert error.value.clause == "5324.41(g)(2)"
    r.set_dealer_hand()
    assert r.step.phase == "exposure" and r.can_set_hand(3, "8c 7h")
    r.set_hand(3, "8c 7h")
    r.set_hand(1, "Qh Jc")
    actions = [rec.action for rec in r.history]
    assert actions[-4:] == ["players_have_set", "set_dealer_hand", "set_hand", "set_hand"]
    r.settle()
    assert_replays(r)


def test_exposure_from_the_far_right_counter_clockwise_5324_41_g_4() -> None:
    """5324.41(g)(4): once the dealer's hand is set, each player's hands are exposed (and
    entered) starting from the right, proceeding counter-clockwise; the step gives that order."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE, 5: WIN_QQ66, 6: WIN_JJ55},
            p1=1000, p3=1000, p5=1000, p6=1000)
    r.players_have_set()
    r.set_dealer_hand()
    assert r.step.phase == "exposure" and r.step.clause == "5324.41(g)(4)"
    assert r.step.positions == r.exposure_order() == (6, 5, 3, 1)
    assert r.step.expects == "cards"
    assert not r.can_set_hand(5, "Ts 9c") and not r.can_set_hand_house_way(3)
    with pytest.raises(ProcedureError) as error:
        r.set_hand(1, "Qh Jc")
    assert error.value.clause == "5324.41(g)(4)"
    r.set_hand(6, "Td 9d")
    assert r.step.positions == (5, 3, 1)
    r.set_hand_house_way(5)
    r.set_hand(3, "8c 7h")
    assert r.step.positions == (1,)
    r.set_hand(1, "Qh Jc")
    assert r.step.phase == "settlement"
    r.settle()
    assert_replays(r)


def test_surrender_until_that_player_is_exposed_5324_41_g_3_g_4() -> None:
    """5324.41(g)(3): a player may surrender until the dealer exposes that player's hands:
    while the players set, after the dealer's hand is set, and while the hands to the right
    are exposed; not once the player's own hands are exposed ((g)(4))."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE, 5: WIN_QQ66, 6: WIN_JJ55},
            p1=1000, p3=1000, p5=1000, p6=1000)
    assert r.can_surrender(6)
    r.surrender(6)  # while the players set
    r.players_have_set()
    assert r.can_surrender(5)  # the dealer's cards not yet turned over
    r.set_dealer_hand()
    assert r.step.positions == (5, 3, 1)
    r.set_hand(5, "Ts 9c")
    assert not r.can_surrender(5)  # exposed
    with pytest.raises(ProcedureError) as error:
        r.surrender(5)
    assert error.value.clause == "5324.41(g)(3)"
    assert r.can_surrender(1)  # not exposed yet
    r.surrender(1)
    assert r.step.positions == (3,)
    r.set_hand(3, "8c 7h")
    assert r.step.phase == "settlement"
    r.settle()
    assert r.to_document()["results"] == {"6": "surrender", "1": "surrender", "5": "win",
                                          "3": "lose"}
    assert_replays(r)


def test_last_unexposed_player_surrendering_ends_the_exposure_5324_41_g_3() -> None:
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE}, p1=1000, p3=1000)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(3, "8c 7h")
    r.surrender(1)
    assert r.step.phase == "settlement"
    r.settle()
    assert_replays(r)


def test_larger_wager_of_two_areas_exposed_first_5324_41_i_2_g_4() -> None:
    """5324.41(i)(2), (g)(4): of one player's two areas the larger wager's hand, set first, is
    exposed first even when it is the left one; other players from the far right."""
    r = PaiGowRound(make_config())
    r.shuffle()
    r.place_wager(2, 2500, player="ann")
    r.place_wager(3, 1000, player="ann")
    r.place_wager(5, 1000)
    r.no_more_bets()
    r.determine_starting_position(1)
    r.deal(shoe({DEALER: BANKER, 2: WIN_AA, 3: WIN_AA_2, 5: WIN_QQ66}, DEALER))
    r.players_have_set()
    r.set_dealer_hand()
    assert r.step.positions == (5, 2, 3)
    r.set_hand(5, "Ts 9c")
    with pytest.raises(ProcedureError) as error:
        r.set_hand(3, "Qs Jd")
    assert error.value.clause == "5324.41(i)(2)"
    r.set_hand(2, "Qh Jc")
    r.set_hand(3, "Qs Jd")
    r.settle()
    assert_replays(r)


def test_bank_hand_exposed_after_the_dealer_hand_5324_41_h_11() -> None:
    """5324.41(h)(11): the bank sets its own hand with the players; once the dealer has set the
    dealer's hand, the dealer exposes the bank's hands; then the players' ((h)(12))."""
    r = banked_round(
        hands={3: BANKER, 1: LOSE, 2: "Jh 8s 7d 5s 4h 3s Kh", 4: WIN_QQ66, DEALER: WIN_AA_2},
        p1=10000, p2=10000, p3=30000, p4=5000,
    )
    assert not r.can_set_bank_hand("9h 7s")  # the players (and the bank) are setting
    r.players_have_set()
    assert r.step.actions[0] == "set_dealer_hand"
    with pytest.raises(ProcedureError) as error:
        r.set_bank_hand("9h 7s")
    assert error.value.clause == "5324.41(h)(11)"
    r.set_dealer_hand()
    assert r.step.actions[0] == "set_bank_hand" and r.step.positions == (3,)
    assert r.step.expects == "cards"
    with pytest.raises(ProcedureError) as error:
        r.set_hand(4, "Ts 9c")
    assert error.value.clause == "5324.41(h)(12)"
    r.set_bank_hand("9h 7s")
    assert r.step.phase == "exposure" and r.step.clause == "5324.41(h)(12)"
    assert r.step.positions == (4, 2, 1)


def _old_order(doc: dict[str, Any]) -> dict[str, Any]:
    """The document as the round was recorded before players_have_set: every setting entered
    in the setting phase, before the dealer's hand."""
    records = [rec for rec in doc["records"] if rec["action"] != "players_have_set"]
    settings = [rec for rec in records
                if rec["action"] in ("set_hand", "set_hand_house_way", "set_bank_hand")]
    banker = [rec for rec in records if rec["action"] in ("set_dealer_hand", "set_co_bank_hand")]
    rest = [rec for rec in records if rec not in settings and rec not in banker]
    before, after = rest[:-1], rest[-1:]  # the settlement last
    old = before + settings + banker + after
    return {**doc, "records": [{**rec, "sequence": i} for i, rec in enumerate(old, 1)]}


def test_old_order_documents_still_replay_for_disputes_5324_41_g_2() -> None:
    """A round recorded in the old order (settings before the dealer's hand, no
    players_have_set) still replays and settles from its document; a live round refuses
    that order (5324.41(g)(2))."""
    r = PaiGowRound(make_config())
    to_deal(r, {DEALER: BANKER, 1: WIN_AA, 3: LOSE, 6: "3s 3h Kh Tc 7d 4s 8h"},
            p1=2500, p3=1000, p6=1500)
    r.players_have_set()
    r.set_dealer_hand()
    r.set_hand(6, "Kh Tc")
    r.set_hand(3, "8c 7h")
    r.set_hand_house_way(1)
    r.settle()
    old = json.loads(json.dumps(_old_order(r.to_document())))
    assert [rec["action"] for rec in old["records"]][-5:] == [
        "set_hand", "set_hand", "set_hand_house_way", "set_dealer_hand", "settle"]
    assert PaiGowRound.records_in_legacy_order(
        [Record.from_json(x)
         for x in old["records"]])
    result = settle_document(old)
    assert result["matches"], result["differences"]
    assert result["payments"] == [p.to_json() for p in r.payments]
    live = PaiGowRound(r.config, r.context)
    with pytest.raises(ProcedureError):
        replay(live, [Record.from_json(x)
                      for x in old["records"]])


def test_dealer_wager_by_the_approved_calculation_5324_41_h_7() -> None:
    """5324.41(h)(7): with an approved calculation (2 x the $1 table minimum here) the dealer's
    proposed wager is that amount, not the bank's last wager ($40); the bank may still direct
    less; more is refused citing the calculation."""
    config = make_config(banking={"dealer_wager": "approved_calculation",
                                  "dealer_wager_multiple": 2,
                                  "dealer_wager_approval": "NYSGC 2026-117"})
    r = PaiGowRound(config, BANK_CONTEXT)
    r.shuffle()
    r.place_wager(3, 20000)
    r.place_wager(1, 1000)
    while r.next_bank_offer() != 3:
        r.decline_bank(r.next_bank_offer())
    r.accept_bank(3)
    r.no_more_bets()
    assert r.proposed_dealer_wager == 200
    assert "approved by the commission (NYSGC 2026-117)" in r.step.instruction
    with pytest.raises(ProcedureError) as error:
        r.place_dealer_wager(4000)
    assert error.value.clause == "5324.41(h)(7)" and "approved" in error.value.reason
    r.place_dealer_wager(100)
    assert r.dealer_wager == 100
