"""Settlement of the optional wagers: every pay table row paid through the settlement, and every
ordering rule of 5324.41(g)(4)-(g)(8), (k)(3)-(k)(6), (l)(4), (n)(6), (p)(3)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from test_pai_gow_bonus_paytables import (  # the regulation's figures, typed once
    BANKER_HAND,
    ENVY,
    FORTUNE,
    INSURANCE,
    PLAYER_HAND,
    SEVEN_CARD,
    THREE_CARD,
)

from dealer_station.cards import parse_cards
from dealer_station.games.pai_gow.wagers.config import BonusConfig, RoyalMatch
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.seats import Seat
from dealer_station.games.pai_gow.wagers.settlement import settle_round
from dealer_station.games.pai_gow.wagers.three_seven import three_card_lines
from dealer_station.procedure import Payment, ProcedureError

W = BonusWager
NOTHING = "2h 4d 6c 8s 9h Jd Qc"  # a pai gow, queen high: no bonus hand
DEALER = "3h 3d 7c 8s Th Kd Ac"  # a pair of threes: no bonus hand, no banker bonus

FORTUNE_HANDS = {
    "straight": "5h 6d 7c 8s 9h 2d Kc",
    "three_of_a_kind": "9h 9d 9c 2s 5h Jd Kc",
    "flush": "2h 5h 8h Th Qh 3d 4c",
    "full_house": "9h 9d 9c 2s 2h Jd Kc",
    "four_of_a_kind": "9h 9d 9c 9s 2h Jd Kc",
    "straight_flush": "5h 6h 7h 8h 9h 2d Kc",
    "royal_flush": "JK Kh Qh Jh Th 2d 3c",
    "five_aces": "As Ah Ad Ac JK 2d 3c",
    "seven_card_straight_flush_with_joker": "JK 3c 4c 5c 6c 7c 8c",
    "royal_flush_plus_royal_match": "Ah Kh Qh Jh Th Kd Qd",
    "seven_card_straight_flush_with_no_joker": "5h 6h 7h 8h 9h Th Jh",
}
INSURANCE_HANDS = {
    "ace_high": "2h 4d 6c 8s 9h Jd Ac",
    "king_high": "2h 4d 6c 8s 9h Jd Kc",
    "queen_high": NOTHING,
    "jack_high": "2h 4d 6c 8s 9h Td Jc",
    "ten_high": "2h 3d 5c 6s 8h 9d Tc",
    "nine_high": "2h 3d 4c 6s 7h 8d 9c",
}
SEVEN_CARD_HANDS = {
    "straight": FORTUNE_HANDS["straight"],
    "three_of_a_kind": FORTUNE_HANDS["three_of_a_kind"],
    "flush": FORTUNE_HANDS["flush"],
    "full_house": FORTUNE_HANDS["full_house"],
    "four_of_a_kind": FORTUNE_HANDS["four_of_a_kind"],
    "straight_flush_with_joker": "JK 6h 7h 8h 9h 2d Kc",
    "straight_flush_with_no_joker": FORTUNE_HANDS["straight_flush"],
    "royal_flush": "Ah Kh Qh Jh Th 2d 3c",
    "five_aces": FORTUNE_HANDS["five_aces"],
}
PLAYER_HANDS = {
    "three_of_a_kind": FORTUNE_HANDS["three_of_a_kind"],
    "straight": FORTUNE_HANDS["straight"],
    "flush": FORTUNE_HANDS["flush"],
    "full_house": FORTUNE_HANDS["full_house"],
    "four_of_a_kind": FORTUNE_HANDS["four_of_a_kind"],
    "straight_flush": FORTUNE_HANDS["straight_flush"],
    "royal_flush": "Ah Kh Qh Jh Th 2d 3c",
    "five_aces": FORTUNE_HANDS["five_aces"],
}
BANKER_HANDS = {"jack_high": INSURANCE_HANDS["jack_high"],
                "ten_high": INSURANCE_HANDS["ten_high"],
                "nine_high": INSURANCE_HANDS["nine_high"]}
THREE_CARD_HANDS = {
    "one_pair": "9h 9d 2c",
    "three_card_flush": "2h 7h Jh",
    "three_card_straight": "9h Td Jc",
    "three_card_straight_flush": "JK 7h 8h",
    "three_of_a_kind": "9h 9d 9c",
    "three_card_straight_flush_with_no_joker": "6h 7h 8h",
}


def _config(*offered: BonusWager, **kwargs: object) -> BonusConfig:
    return BonusConfig(offered=frozenset(offered), **kwargs)  # type: ignore[arg-type]


def _seat(position: int, cards: str, **wagers: int) -> Seat:
    return Seat(position, parse_cards(cards, count=7), wagers)


def _pai_gow(*outcomes: tuple[int, str]) -> list[Payment]:
    lines = []
    for i, (position, outcome) in enumerate(outcomes, 1):
        amount = 1000 if outcome == "pay" else 0
        lines.append(Payment(i, position, "pai_gow", outcome, 1000, amount,
                             50 if amount else 0))
    return lines


def _lines(payments: tuple[Payment, ...], wager: str) -> list[Payment]:
    return [p for p in payments if p.wager == wager]


# -- every pay table row, through the settlement --------------------------------------------------


@pytest.mark.parametrize("letter_index,letter", list(enumerate("ABC")))
@pytest.mark.parametrize("hand", list(FORTUNE))
def test_fortune_rows_5324_41_m_1(hand: str, letter_index: int, letter: str) -> None:
    config = _config(W.FORTUNE_BONUS, fortune_letter=letter)
    result = settle_round(config, [_seat(3, FORTUNE_HANDS[hand], fortune_bonus=200)],
                          parse_cards(DEALER), _pai_gow((3, "collect")))
    (line,) = _lines(result.payments, "fortune_bonus")
    assert (line.outcome, line.hand, line.stake) == ("pay", hand, 200)
    assert line.amount == 200 * FORTUNE[hand][letter_index]


def test_royal_match_pre_selected_5324_41_c_6_ii() -> None:
    cards = "Ah Kh Qh Jh Th Ad Kd"
    for match, expected in ((RoyalMatch.KING_QUEEN, "royal_flush"),
                            (RoyalMatch.ACE_KING, "royal_flush_plus_royal_match")):
        config = _config(W.FORTUNE_BONUS, royal_match=match)
        result = settle_round(config, [_seat(2, cards, fortune_bonus=100)], parse_cards(DEALER))
        assert _lines(result.payments, "fortune_bonus")[0].hand == expected


@pytest.mark.parametrize("letter_index,letter", list(enumerate("ABCDE")))
@pytest.mark.parametrize("hand", list(INSURANCE))
def test_insurance_rows_5324_41_m_3(hand: str, letter_index: int, letter: str) -> None:
    config = _config(W.INSURANCE, insurance_letter=letter)
    result = settle_round(config, [_seat(1, INSURANCE_HANDS[hand], insurance=300)],
                          parse_cards(DEALER), _pai_gow((1, "pay")))
    (line,) = _lines(result.payments, "insurance")
    assert (line.outcome, line.hand) == ("pay", hand)
    assert line.amount == 300 * INSURANCE[hand][letter_index]


def test_insurance_joker_is_an_ace_5324_41_c_7() -> None:
    config = _config(W.INSURANCE)
    result = settle_round(config, [_seat(1, "JK 4d 6c 8s 9h Jd Qc", insurance=100)],
                          parse_cards(DEALER))
    assert _lines(result.payments, "insurance")[0].hand == "ace_high"


@pytest.mark.parametrize("cards", ["2h 2d 6c 8s 9h Jd Qc", FORTUNE_HANDS["straight"]])
def test_insurance_loses_without_a_pai_gow_5324_41_l_4_ii_a(cards: str) -> None:
    result = settle_round(_config(W.INSURANCE, W.FORTUNE_BONUS),
                          [_seat(4, cards, insurance=500, fortune_bonus=100)],
                          parse_cards(DEALER))
    assert _lines(result.payments, "insurance")[0].outcome == "collect"


@pytest.mark.parametrize("letter_index,letter", list(enumerate("ABC")))
@pytest.mark.parametrize("hand", list(ENVY))
def test_envy_rows_5324_41_m_2(hand: str, letter_index: int, letter: str) -> None:
    config = _config(W.FORTUNE_BONUS, fortune_letter=letter)
    seats = [_seat(5, NOTHING, fortune_bonus=500), _seat(2, FORTUNE_HANDS[hand])]
    result = settle_round(config, seats, parse_cards(DEALER))
    (envy,) = _lines(result.payments, "envy_bonus")
    assert (envy.position, envy.hand, envy.stake) == (5, hand, 0)
    assert envy.amount == ENVY[hand][letter_index] * 100


@pytest.mark.parametrize("letter_index,letter", list(enumerate("AB")))
@pytest.mark.parametrize("hand", list(SEVEN_CARD))
def test_seven_card_rows_5324_41_o_2(hand: str, letter_index: int, letter: str) -> None:
    config = _config(W.SEVEN_CARD_BONUS, seven_card_letter=letter)
    result = settle_round(config, [_seat(6, SEVEN_CARD_HANDS[hand], seven_card_bonus=100)],
                          parse_cards(DEALER), _pai_gow((6, "push")))
    (line,) = _lines(result.payments, "seven_card_bonus")
    assert (line.outcome, line.hand) == ("pay", hand)
    assert line.amount == 100 * SEVEN_CARD[hand][letter_index]


@pytest.mark.parametrize("hand", list(PLAYER_HAND))
def test_player_hand_bonus_rows_5324_41_p_4(hand: str) -> None:
    config = _config(W.IMPERIAL_BONUS)
    result = settle_round(config, [_seat(3, PLAYER_HANDS[hand], imperial_bonus=100)],
                          parse_cards(DEALER))
    (line,) = _lines(result.payments, "imperial_bonus")
    assert (line.outcome, line.hand, line.note) == ("pay", hand, "player hand bonus")
    assert line.amount == 100 * PLAYER_HAND[hand]


@pytest.mark.parametrize("hand", list(BANKER_HAND))
def test_banker_hand_bonus_rows_paid_to_every_imperial_wager_5324_41_p_5(hand: str) -> None:
    config = _config(W.IMPERIAL_BONUS)
    seats = [_seat(1, "2c 2d 5h 7s 9c Jh Kd", imperial_bonus=100),
             _seat(4, "3c 3s 5c 7c 9d Js Ks", imperial_bonus=300), _seat(5, NOTHING)]
    result = settle_round(config, seats, parse_cards(BANKER_HANDS[hand]))
    lines = _lines(result.payments, "imperial_bonus")
    assert [(p.position, p.outcome, p.hand) for p in lines] == [(4, "pay", hand),
                                                                (1, "pay", hand)]
    assert [p.amount for p in lines] == [300 * BANKER_HAND[hand], 100 * BANKER_HAND[hand]]
    assert all(p.note.startswith("banker hand bonus") for p in lines)


@pytest.mark.parametrize("hand", list(THREE_CARD))
def test_three_card_rows_5324_41_o_1(hand: str) -> None:
    config = _config(W.THREE_CARD_BONUS)
    lines = three_card_lines({2: parse_cards(THREE_CARD_HANDS[hand])}, {2: 500}, config)
    assert [(p.outcome, p.hand, p.amount) for p in lines] == [("pay", hand,
                                                               500 * THREE_CARD[hand])]


# -- ordering rules --------------------------------------------------------------------------------


def test_three_card_collects_then_pays_5324_41_n_6() -> None:
    config = _config(W.THREE_CARD_BONUS)
    hands = {1: parse_cards("9h 9d 2c"), 3: parse_cards("2c 5d 9h"), 4: parse_cards("6h 7h 8h"),
             6: parse_cards("3c 7d Kh")}
    lines = three_card_lines(hands, {1: 100, 3: 100, 4: 100, 6: 100}, config)
    assert [(p.position, p.outcome) for p in lines] == [
        (6, "collect"), (3, "collect"), (4, "pay"), (1, "pay")]


def test_fortune_sequence_5324_41_l_4() -> None:
    """Pai gow first (far right first); then bonus and insurance in order with premium hands left
    up; then envy and premium bonuses, envy before the player's own premium bonus."""
    config = _config(W.FORTUNE_BONUS, W.INSURANCE)
    seats = [
        _seat(6, FORTUNE_HANDS["four_of_a_kind"], fortune_bonus=500),  # premium, envy
        _seat(5, FORTUNE_HANDS["flush"], fortune_bonus=100, insurance=100),
        _seat(3, INSURANCE_HANDS["nine_high"], insurance=200),
        _seat(2, FORTUNE_HANDS["straight_flush"]),  # premium, no bonus wager
        _seat(1, "2h 2d 6c 8s 9h Jd Qc", fortune_bonus=1000),  # pair: loses, envy marker
    ]
    pai_gow = _pai_gow((6, "collect"), (5, "push"), (3, "pay"), (2, "pay"), (1, "collect"))
    result = settle_round(config, seats, parse_cards(DEALER), pai_gow)
    got = [(p.position, p.wager, p.outcome, p.hand) for p in result.payments]
    assert got == [
        (6, "pai_gow", "collect", None), (5, "pai_gow", "push", None),
        (3, "pai_gow", "pay", None), (2, "pai_gow", "pay", None), (1, "pai_gow", "collect", None),
        # (l)(4)(ii): 6 is premium: acknowledged and left up; 2 premium without a wager
        (5, "fortune_bonus", "pay", "flush"), (5, "insurance", "collect", None),
        (3, "insurance", "pay", "nine_high"),
        (1, "fortune_bonus", "collect", None),
        # (l)(4)(iii): from the dealer's right: 6's envy for 2, then 6's premium bonus; 1's envy
        (6, "envy_bonus", "pay", "straight_flush"),
        (6, "fortune_bonus", "pay", "four_of_a_kind"),
        (1, "envy_bonus", "pay", "four_of_a_kind"), (1, "envy_bonus", "pay", "straight_flush"),
    ]
    assert result.left_face_up == (6, 2)
    assert result.cards_kept == (6, 5, 3, 2, 1)  # insurance at the table: every player's cards
    assert [p.order for p in result.payments] == list(range(1, len(got) + 1))
    envy = _lines(result.payments, "envy_bonus")
    assert [p.amount for p in envy] == [2000, 500, 2000]


def test_envy_needs_five_dollars_5324_41_l_3() -> None:
    config = _config(W.FORTUNE_BONUS)
    seats = [_seat(1, NOTHING, fortune_bonus=499), _seat(2, FORTUNE_HANDS["five_aces"])]
    assert not _lines(settle_round(config, seats, parse_cards(DEALER)).payments, "envy_bonus")


def test_no_envy_for_own_hand_and_dealer_setting_5324_41_l_4_iii() -> None:
    seats = [_seat(1, FORTUNE_HANDS["four_of_a_kind"], fortune_bonus=500)]
    dealer = parse_cards(FORTUNE_HANDS["straight_flush"])
    default = settle_round(_config(W.FORTUNE_BONUS), seats, dealer)
    assert not _lines(default.payments, "envy_bonus")
    counted = settle_round(_config(W.FORTUNE_BONUS, envy_counts_dealer_hand=True), seats, dealer)
    (envy,) = _lines(counted.payments, "envy_bonus")
    assert (envy.hand, envy.amount) == ("straight_flush", 2000) and "dealer" in envy.note


def test_standard_sequence_exposure_then_payment_5324_41_g_5_g_8() -> None:
    config = _config(W.SEVEN_CARD_BONUS, W.THREE_CARD_BONUS, W.PROGRESSIVE)
    seats = [
        _seat(6, FORTUNE_HANDS["flush"], seven_card_bonus=100, progressive=100),
        _seat(4, NOTHING, seven_card_bonus=100, progressive=100),
        _seat(2, FORTUNE_HANDS["full_house"], seven_card_bonus=100),
    ]
    pai_gow = _pai_gow((6, "pay"), (4, "collect"), (2, "push"))
    result = settle_round(config, seats, parse_cards(DEALER), pai_gow, meter=1_000_000)
    got = [(p.position, p.wager, p.outcome) for p in result.payments]
    assert got == [
        (4, "pai_gow", "collect"), (4, "progressive", "collect"),
        (4, "seven_card_bonus", "collect"), (2, "pai_gow", "push"),
        (6, "pai_gow", "pay"), (6, "progressive", "pay"), (6, "seven_card_bonus", "pay"),
        (2, "seven_card_bonus", "pay"),
    ]
    flush = result.payments[5]
    assert flush.amount == 300 and "chip tray" in flush.note and "reset the hands" in flush.note


def test_imperial_player_then_banker_bonus_wager_returned_once_5324_41_p_3() -> None:
    config = _config(W.IMPERIAL_BONUS)
    seats = [_seat(2, FORTUNE_HANDS["flush"], imperial_bonus=1000)]
    result = settle_round(config, seats, parse_cards(INSURANCE_HANDS["ten_high"]),
                          _pai_gow((2, "pay")))
    got = [(p.wager, p.note[:17], p.stake, p.amount) for p in result.payments]
    assert got == [("pai_gow", "", 1000, 1000),
                   ("imperial_bonus", "player hand bonus", 1000, 4000),
                   ("imperial_bonus", "banker hand bonus", 0, 20_000)]


def test_imperial_loses_at_exposure_5324_41_g_5() -> None:
    result = settle_round(_config(W.IMPERIAL_BONUS), [_seat(2, NOTHING, imperial_bonus=100)],
                          parse_cards(DEALER), _pai_gow((2, "pay")))
    assert [(p.wager, p.outcome) for p in result.payments] == [
        ("imperial_bonus", "collect"), ("pai_gow", "pay")]


def test_player_bank_banker_bonus_5324_41_p_3_ii() -> None:
    """Other players' banker bonus on the bank's hand; the bank's own on the dealer's hand."""
    config = _config(W.IMPERIAL_BONUS)
    bank = _seat(3, INSURANCE_HANDS["nine_high"], imperial_bonus=100)  # the bank: 9 high
    other = _seat(5, "2c 2d 5h 7s 9c Jh Kd", imperial_bonus=100)
    dealer = parse_cards(INSURANCE_HANDS["jack_high"])
    result = settle_round(config, [bank, other], dealer, bank_position=3)
    got = {p.position: (p.hand, p.amount) for p in _lines(result.payments, "imperial_bonus")}
    assert got == {5: ("nine_high", 10_000), 3: ("jack_high", 500)}


def test_bank_lines_kept_after_the_players() -> None:
    config = _config(W.IMPERIAL_BONUS)
    lines = [*_pai_gow((2, "pay")), Payment(9, "bank", "bank", "pay", 0, 500)]
    result = settle_round(config, [_seat(2, NOTHING)], parse_cards(DEALER), lines)
    assert [p.position for p in result.payments] == [2, "bank"]


# -- the progressive -------------------------------------------------------------------------------


def test_two_meter_winners_paid_in_order_from_the_meter_as_it_stands_5324_41_k_6() -> None:
    config = _config(W.PROGRESSIVE, W.SEVEN_CARD_BONUS)
    seats = [_seat(2, "As Ah Ad Ac JK Kd Kc", progressive=100),  # five aces and pair: 100%
             _seat(5, "Ah Kh Qh Jh Th 9d 9c", progressive=100),  # natural royal and pair: 100%
             _seat(4, FORTUNE_HANDS["straight_flush"], progressive=100)]  # $25 from the meter
    result = settle_round(config, seats, parse_cards(DEALER), meter=5_432_100)
    got = [(p.position, p.hand, p.amount) for p in _lines(result.payments, "progressive")]
    assert got == [(5, "natural_royal_flush_and_pair", 5_432_100),
                   (4, "straight_flush", 2_500),
                   (2, "five_aces_and_pair", 1_000_000)]
    assert result.validations == (5, 4, 2)
    assert result.meter_after == 1_000_000
    assert all("awaiting supervisor validation" in p.note
               for p in _lines(result.payments, "progressive"))


def test_five_dollar_progressive_pays_five_times_5324_41_k_4_i() -> None:
    config = _config(W.PROGRESSIVE, progressive_denomination=500,
                     progressive_rate_basis_points=2700)
    seats = [_seat(1, FORTUNE_HANDS["four_of_a_kind"], progressive=500)]
    result = settle_round(config, seats, parse_cards(DEALER), meter=2_000_000)
    (line,) = result.payments
    assert (line.amount, result.validations) == (10_000, ())


def test_only_lit_positions_and_denomination_5324_41_k_1_k_3_i() -> None:
    config = _config(W.PROGRESSIVE)
    seats = [_seat(1, NOTHING, progressive=100)]
    with pytest.raises(ProcedureError) as caught:
        settle_round(config, seats, parse_cards(DEALER), meter=1_000_000,
                     progressive_positions=[2])
    assert caught.value.clause == "5324.41(k)(3)(i)"
    with pytest.raises(ProcedureError):
        settle_round(config, [_seat(1, NOTHING, progressive=500)], parse_cards(DEALER),
                     meter=1_000_000)


def test_meter_payout_needs_a_meter_reading_5324_41_k_6() -> None:
    with pytest.raises(ProcedureError):
        settle_round(_config(W.PROGRESSIVE), [_seat(1, FORTUNE_HANDS["straight_flush"],
                                                    progressive=100)], parse_cards(DEALER))


def test_wager_not_offered_refused() -> None:
    with pytest.raises(ProcedureError):
        settle_round(_config(W.PROGRESSIVE), [_seat(1, NOTHING, fortune_bonus=100)],
                     parse_cards(DEALER))


# -- limits inside the settlement ------------------------------------------------------------------


def test_fortune_limit_applies_across_bonus_insurance_and_envy_5324_41_m_4() -> None:
    config = _config(W.FORTUNE_BONUS, W.INSURANCE, fortune_insurance_limit=4_000_000)
    seats = [_seat(6, FORTUNE_HANDS["seven_card_straight_flush_with_no_joker"],
                   fortune_bonus=10_000), _seat(1, FORTUNE_HANDS["five_aces"])]
    result = settle_round(config, seats, parse_cards(DEALER))
    six = [p for p in result.payments if p.position == 6]
    assert [(p.wager, p.amount) for p in six] == [("envy_bonus", 25_000),
                                                  ("fortune_bonus", 3_975_000)]
    assert six[1].clause == "5324.41(m)(4)"


def test_seven_card_limit_5324_41_o_3() -> None:
    config = _config(W.SEVEN_CARD_BONUS, seven_card_limit=5_000_000)
    seats = [_seat(6, FORTUNE_HANDS["five_aces"], seven_card_bonus=20_000)]
    (line,) = settle_round(config, seats, parse_cards(DEALER)).payments
    assert (line.amount, line.clause) == (5_000_000, "5324.41(o)(3)")


def _by_key(payments: tuple[Payment, ...]) -> Mapping[tuple[int | str, str], int]:
    out: dict[tuple[int | str, str], int] = {}
    for p in payments:
        out[(p.position, p.wager)] = out.get((p.position, p.wager), 0) + p.stake
    return out


def test_every_wager_settled_exactly_once() -> None:
    config = _config(W.FORTUNE_BONUS, W.INSURANCE, W.PROGRESSIVE)
    seats = [_seat(6, FORTUNE_HANDS["four_of_a_kind"], fortune_bonus=500, insurance=100,
                   progressive=100), _seat(3, NOTHING, insurance=700, progressive=100)]
    result = settle_round(config, seats, parse_cards(DEALER), meter=1_000_000)
    assert _by_key(result.payments) == {
        (6, "fortune_bonus"): 500, (6, "insurance"): 100, (6, "progressive"): 100,
        (3, "insurance"): 700, (3, "progressive"): 100}
