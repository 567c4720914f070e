"""Whole Pai Gow Poker rounds with the optional wagers (9 NYCRR 5324.41(k)-(p)): betting and the
lockout with the light count, dealing three then four, the settlement order with the bonus
payments after the pai gow wagers, progressive payouts waiting for a supervisor while everything
else is settled, the jackpot record, and replay."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from dealer_station.games.pai_gow.banking import TableContext
from dealer_station.games.pai_gow.config import config_from_mapping
from dealer_station.games.pai_gow.dealing import deck_for_hands
from dealer_station.games.pai_gow.document import round_from_document, settle_document
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.games.pai_gow.wagers.config import BonusConfig, Completion
from dealer_station.games.pai_gow.wagers.families import BonusWager
from dealer_station.games.pai_gow.wagers.part import bonus_round
from dealer_station.games.pai_gow.wagers.progressive import ProgressiveMeter
from dealer_station.games.pai_gow.wagers.stub import StubCount
from dealer_station.procedure import ProcedureError, replay

W = BonusWager
DEALER_HAND = "Kc Kd 9h 7s 4c 3d 2h"  # K-K: no bonus hand, no banker bonus
FOUR_QUEENS = "Qs Qc Qd Qh 5h Jd 8d"
NOTHING = "2c 4d 6c 8s Th Jh Kh"


def table(dealing: str = "automated_shoe", side: tuple[str, ...] = ()) -> Any:
    return config_from_mapping({
        "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
        "dealing": {"method": dealing},
        "side_wagers": {"offered": list(side)},
    })


def shoe(hands: Mapping[int, str], start: int) -> list[str]:
    """The automated shoe's output giving each position its hand from ``start``."""
    return [c.text for c in deck_for_hands(hands, start)]


def new_round(bonus: BonusConfig, dealing: str = "automated_shoe", **kwargs: Any
              ) -> PaiGowRound:
    config = table(dealing, tuple(sorted(w.value for w in bonus.offered)))
    return bonus_round(config, bonus, dealer_id="D1", round_id="r1", **kwargs)


def play_to_settlement(r: PaiGowRound, hands: Mapping[int, str]) -> None:
    r.determine_starting_position(1)
    assert r.start is not None
    r.deal(shoe(hands, r.start))
    r.players_have_set()
    r.set_dealer_hand()
    for position in r.exposure_order():
        r.set_hand_house_way(position)


def assert_replays(r: PaiGowRound) -> None:
    """The round rebuilt from its records, and from its JSON document, is identical."""
    wagers = r.optional
    again = replay(bonus_round(r.config, wagers.bonus, r.context, dealer_id=wagers.dealer_id,
                               round_id=wagers.round_id, stub=wagers.stub_at_start), r.history)
    assert again.to_document() == r.to_document()
    document = json.loads(json.dumps(r.to_document()))
    rebuilt = round_from_document(document)
    assert json.loads(json.dumps(rebuilt.to_document())) == document
    check = settle_document(document)
    assert check["matches"] and check["complete"] == r.is_complete
    document["payments"][0]["amount"] += 1  # a tampered document is caught
    assert not settle_document(document)["matches"]
    assert sum(r.net.values()) == 0


def lines(r: PaiGowRound) -> list[tuple[Any, str, str]]:
    return [(p.position, p.wager, p.outcome) for p in r.payments]


FORTUNE_TABLE = BonusConfig(offered=frozenset({W.FORTUNE_BONUS, W.INSURANCE, W.PROGRESSIVE}),
                            progressive_reset=1_000_000)


def test_fortune_round_sequence_and_envy_5324_41_l_4() -> None:
    r = new_round(FORTUNE_TABLE)
    r.shuffle()
    for position, amount in ((6, 2500), (4, 1000), (2, 1000)):
        r.place_wager(position, amount)
    r.place_bonus_wager(6, "fortune_bonus", 500)  # envy marker
    r.place_bonus_wager(4, "insurance", 100)
    r.place_bonus_wager(2, "fortune_bonus", 100)
    r.acceptor_lit(6)
    r.acceptor_lit(4)
    r.no_more_bets()
    with pytest.raises(ProcedureError) as late:
        r.acceptor_lit(2)  # after the lockout: not recognised
    assert late.value.clause == "5324.41(k)(2)"
    with pytest.raises(ProcedureError):
        r.place_bonus_wager(2, "insurance", 100)  # (d)(3)
    assert r.step.phase == "lockout" and r.step.expects == "count"
    r.confirm_light_count(2)
    assert r.history[-1].effects["meter_contribution"] == 200
    hands = {6: FOUR_QUEENS,  # premium, progressive four of a kind $20
             4: "2d 4h 6d 8c 9s Ts Jc",  # a pai gow, jack high: insurance 20:1
             2: "2s 3s 4s 5s 6s Ah 8h",  # straight flush: premium, no envy marker ($1)
             DEALER: DEALER_HAND}
    play_to_settlement(r, hands)
    r.settle(meter=1_000_000)
    got = lines(r)
    pai_gow = [i for i, line in enumerate(got) if line[1] == "pai_gow"]
    bonus = [i for i, line in enumerate(got) if line[1] in ("fortune_bonus", "insurance",
                                                              "envy_bonus")]
    assert max(pai_gow) < min(bonus)  # the pai gow wagers first
    tail = [line for line in got if line[1] in ("fortune_bonus", "insurance", "envy_bonus")]
    assert tail == [(4, "insurance", "pay"),
                    (6, "envy_bonus", "pay"), (6, "fortune_bonus", "pay"),
                    (2, "fortune_bonus", "pay")]
    assert r.optional.left_face_up == (6, 2)
    envy = next(p for p in r.payments if p.wager == "envy_bonus")
    assert envy.amount == 2000 and envy.hand == "straight_flush"
    progressive = [p for p in r.payments if p.wager == "progressive"]
    assert [(p.position, p.outcome, p.amount) for p in progressive] == [(6, "pay", 2000),
                                                                         (4, "collect", 0)]
    assert r.is_complete
    assert_replays(r)


def two_winners() -> PaiGowRound:
    bonus = BonusConfig(offered=frozenset({W.PROGRESSIVE, W.SEVEN_CARD_BONUS}),
                        progressive_reset=1_000_000)
    r = new_round(bonus)
    r.shuffle()
    for position in (5, 3, 2):
        r.place_wager(position, 1000)
        r.acceptor_lit(position)
    r.place_bonus_wager(3, "seven_card_bonus", 500)
    r.no_more_bets()
    r.confirm_light_count(3)
    play_to_settlement(r, {5: "As Ks Qs Js Ts 9c 9d", 2: "Ah Kh Qh Jh Th 8c 8d",
                           3: "6c 6d 2d 3c 5d 7h Jc", DEALER: DEALER_HAND})
    return r


def test_two_meter_winners_validated_in_order_each_from_the_meter_5324_41_k_6() -> None:
    r = two_winners()
    meter = ProgressiveMeter(reset=1_000_000, rate_basis_points=2100, value=5_000_000)
    r.settle(meter=meter.value)
    # every other line is settled while the payouts wait: 3's wagers, the pai gow wagers
    assert not any(p.wager == "progressive" and p.outcome == "pay" for p in r.payments)
    assert [(p.position, p.wager) for p in r.payments if p.wager != "pai_gow"] == [
        (3, "progressive"), (3, "seven_card_bonus")]
    assert [v.position for v in r.optional.pending] == [5, 2]
    assert r.step.phase == "progressive_validation" and r.step.positions == (5,)
    assert not r.is_complete
    with pytest.raises(ProcedureError) as order:
        r.approve_progressive(2, "S1", "supervisor", meter.value, 1, "2026-11-29T16:00:00Z")
    assert order.value.clause == "5324.41(k)(6)"
    with pytest.raises(ProcedureError):  # the dealer of the round
        r.approve_progressive(5, "D1", "supervisor", meter.value, 1, "t")
    with pytest.raises(ProcedureError):  # wrong role
        r.approve_progressive(5, "S1", "dealer", meter.value, 1, "t")
    record = r.approve_progressive(5, "S1", "supervisor", meter.value, 41,
                                   "2026-11-29T16:00:00Z")
    assert record.effects["amount"] == 5_000_000
    meter.deduct(record.effects["meter_deduction"])  # the station takes it off the meter
    assert meter.value == 1_000_000 == record.effects["meter_after"]
    second = r.approve_progressive(2, "S1", "supervisor", meter.value, 42,
                                   "2026-11-29T16:01:00Z")
    assert second.effects["amount"] == 1_000_000  # the reset meter
    meter.deduct(second.effects["meter_deduction"])
    assert meter.reconciles()
    paid = [(p.position, p.hand, p.amount) for p in r.payments if p.wager == "progressive"
            and p.outcome == "pay"]
    assert paid == [(5, "natural_royal_flush_and_pair", 5_000_000),
                    (2, "natural_royal_flush_and_pair", 1_000_000)]
    assert r.step.phase == "jackpot_record" and not r.is_complete
    assert r.optional.jackpots[5].number == 41 and r.optional.jackpots[5].meter_before == 5_000_000
    r.complete_jackpot_record(5)
    r.complete_jackpot_record(2)
    assert r.is_complete
    assert r.to_document()["bonus"]["jackpots"]["2"]["amount"] == 1_000_000
    assert_replays(r)


def test_rejected_payout_nothing_leaves_the_meter_5324_41_k_3_iii() -> None:
    r = two_winners()
    r.settle(meter=3_000_000)
    with pytest.raises(ProcedureError):
        r.reject_progressive(5, "S2", "supervisor", reason="")
    r.reject_progressive(5, "S2", "supervisor", reason="acceptor light at 5 seen unlit on video")
    assert r.payments[-1].outcome == "collect" and "video" in r.payments[-1].note
    record = r.approve_progressive(2, "S2", "supervisor", 3_000_000, 7, "t")
    assert record.effects["amount"] == 3_000_000
    r.complete_jackpot_record(2)
    assert r.is_complete
    assert_replays(r)


def test_settlement_needs_the_meter_reading_5324_41_k_6() -> None:
    r = two_winners()
    with pytest.raises(ProcedureError):
        r.settle()


def test_light_count_mismatch_blocks_dealing_until_resolved_5324_41_k_2() -> None:
    bonus = BonusConfig(offered=frozenset({W.PROGRESSIVE}))
    r = new_round(bonus)
    r.shuffle()
    for position in (1, 4, 6):
        r.place_wager(position, 1000)
    r.acceptor_lit(4)
    r.acceptor_lit(6)
    r.no_more_bets()
    r.confirm_light_count(3)  # a chip at 1 whose light did not come on
    assert r.history[-1].effects["dealing_blocked"] is True
    r.determine_starting_position(1)
    assert r.start is not None
    cards = shoe({4: FOUR_QUEENS, 6: NOTHING, DEALER: DEALER_HAND}, r.start)
    with pytest.raises(ProcedureError) as blocked:
        r.deal(cards)
    assert blocked.value.clause == "5324.41(k)(2)"
    assert r.step.phase == "lockout" and "resolve_light_mismatch" in r.step.actions
    r.resolve_light_mismatch(returned=[1], reason="chip at 1, light off: returned")
    r.deal(cards)
    r.players_have_set()
    r.set_dealer_hand()
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle(meter=1_000_000)
    assert [(p.position, p.outcome) for p in r.payments if p.wager == "progressive"] == [
        (6, "collect"), (4, "pay")]
    assert r.is_complete
    assert_replays(r)


def test_voided_light_cannot_win_5324_41_k_3_i() -> None:
    bonus = BonusConfig(offered=frozenset({W.PROGRESSIVE}))
    r = new_round(bonus)
    r.shuffle()
    r.place_wager(4, 1000)
    r.acceptor_lit(4)
    r.no_more_bets()
    r.confirm_light_count(0)
    r.resolve_light_mismatch(voided=[4], reason="light at 4 with no chip")
    play_to_settlement(r, {4: FOUR_QUEENS, DEALER: DEALER_HAND})
    r.settle(meter=1_000_000)
    assert not [p for p in r.payments if p.wager == "progressive"]
    assert_replays(r)


THREE_SEVEN = BonusConfig(offered=frozenset({W.THREE_CARD_BONUS, W.SEVEN_CARD_BONUS}))


def three_seven_round(stub: StubCount | None = None) -> PaiGowRound:
    r = new_round(THREE_SEVEN, "three_then_four", stub=stub)
    r.shuffle()
    for position in (5, 2):
        r.place_wager(position, 1000)
        r.place_bonus_wager(position, "three_card_bonus", 500)
    r.place_bonus_wager(5, "seven_card_bonus", 500)
    r.no_more_bets()
    return r


def test_three_then_four_with_the_three_card_bonus_between_5324_41_n() -> None:
    r = three_seven_round()
    # stacks of three: 2 (farthest left with a wager), then clockwise 5, then the dealer
    record = r.deal(["9h", "9d", "2c", "3c", "7d", "Kh", "Kc", "Kd", "4s"])
    assert record.effects["three_card_stacks"] == {"2": "9h 9d 2c", "5": "3c 7d Kh",
                                                   "7": "Kc Kd 4s"}
    assert r.step.phase == "three_card_bonus"
    with pytest.raises(ProcedureError) as early:
        r.deal_four_card_stacks(["As", "Ah", "5d", "6d", "9s", "9c", "Ts", "Js",
                                 "2h", "3h", "5h", "6h"])
    assert early.value.clause == "5324.41(n)(7)"
    r.settle_three_card_bonus()
    assert lines(r) == [(5, "three_card_bonus", "collect"), (2, "three_card_bonus", "pay")]
    assert r.step.actions == ("deal_four_card_stacks",) and "four" in r.step.instruction
    assert r.payments[1].amount == 500 and r.payments[1].hand == "one_pair"
    r.deal_four_card_stacks(["As", "Ah", "5d", "6d", "9s", "9c", "Ts", "Js",
                             "2h", "3h", "5h", "6h"])
    assert r.optional.stub.required
    r.count_stub(53 - 21)
    r.players_have_set()
    r.set_dealer_hand()
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle()
    seven = [p for p in r.payments if p.wager == "seven_card_bonus"]
    # 5 holds 2c 3c 7d 9s 9c Ts Js: a pair of nines, no seven-card bonus hand
    assert [(p.position, p.outcome) for p in seven] == [(5, "collect")]
    assert r.is_complete and r.optional.next_stub().rounds_since_count == 0
    assert_replays(r)


def test_stub_count_blocks_the_sixth_round_5324_41_n_7_ii() -> None:
    stub = StubCount(required=True, rounds_since_count=5)
    r = three_seven_round(stub)
    with pytest.raises(ProcedureError) as blocked:
        r.deal(["9h", "9d", "2c", "3c", "7d", "Kh", "Kc", "Kd", "4s"])
    assert blocked.value.clause == "5324.41(n)(7)(ii)"
    assert r.step.phase == "stub_count"


def test_counting_shuffler_reports_instead_5324_41_n_8() -> None:
    bonus = BonusConfig(offered=THREE_SEVEN.offered, shuffler_counts_cards=True,
                        three_seven_completion=Completion.STUB_BY_HAND)
    r = new_round(bonus, "three_then_four")
    r.shuffle()
    r.shuffler_report(53)
    r.place_wager(2, 1000)
    r.no_more_bets()
    r.deal(["9h", "9d", "2c", "Kc", "Kd", "4s"])
    assert "stub" in r.step.instruction and r.step.clause == "5324.41(n)(7)(i)"
    r = new_round(bonus, "three_then_four")
    r.shuffle()
    r.shuffler_report(52)
    r.place_wager(3, 1000)
    r.no_more_bets()
    with pytest.raises(ProcedureError) as removed:
        r.deal(["9h", "9d", "2c", "3c", "7d", "Kh"])
    assert removed.value.clause == "5324.41(n)(8)"


def test_imperial_banker_bonus_to_every_wager_5324_41_p() -> None:
    bonus = BonusConfig(offered=frozenset({W.IMPERIAL_BONUS}))
    r = new_round(bonus)
    r.shuffle()
    for position in (6, 3):
        r.place_wager(position, 1000)
        r.place_bonus_wager(position, "imperial_bonus", 500)
    r.no_more_bets()
    play_to_settlement(r, {6: "5h 6d 7c 8d 9h 2d Kc", 3: NOTHING,
                           DEALER: "2s 3h 4s 6s 7d 8h Jc"})  # dealer: a pai gow, jack high
    r.settle()
    imperial = [(p.position, p.note[:17], p.amount) for p in r.payments
                if p.wager == "imperial_bonus"]
    assert imperial == [(6, "player hand bonus", 1000), (6, "banker hand bonus", 2500),
                        (3, "banker hand bonus", 2500)]
    assert_replays(r)


def test_bonus_wager_bounds_and_pai_gow_wager_required() -> None:
    r = new_round(FORTUNE_TABLE)
    r.shuffle()
    with pytest.raises(ProcedureError):
        r.place_bonus_wager(2, "fortune_bonus", 500)  # no pai gow wager there
    r.place_wager(2, 1000)
    with pytest.raises(ProcedureError):
        r.place_bonus_wager(2, "fortune_bonus", 50)  # below $1 (l)(2)
    with pytest.raises(ProcedureError):
        r.place_bonus_wager(2, "progressive", 100)  # only through the acceptor
    with pytest.raises(ProcedureError):
        r.place_bonus_wager(2, "seven_card_bonus", 500)  # not offered here
    r.acceptor_lit(2)
    r.withdraw_wager(2)
    assert not r.optional.lockout.lit


def test_player_bank_decides_the_others_banker_bonus_5324_41_p_3_ii() -> None:
    """With a player banking, every other player's banker hand bonus is judged on the bank's
    seven cards (here a pai gow, nine high: 100:1)."""
    bonus = BonusConfig(offered=frozenset({W.IMPERIAL_BONUS}))
    context = TableContext(new_game=False, last_unbanked_wagers={3: 4000, 1: 1000, 2: 1000})
    r = bonus_round(table(side=("imperial_bonus",)), bonus, context, dealer_id="D1")
    r.shuffle()
    for position, amount in ((1, 1000), (2, 1000), (3, 4000)):
        r.place_wager(position, amount)
    r.place_bonus_wager(1, "imperial_bonus", 500)
    r.place_bonus_wager(2, "imperial_bonus", 500)
    for p in r.bank_offer_order():
        if p == 3:
            break
        r.decline_bank(p)
    r.accept_bank(3)
    with pytest.raises(ProcedureError):  # the bank wagers on its betting area only
        r.place_bonus_wager(3, "imperial_bonus", 500)
    r.no_more_bets()
    r.place_dealer_wager(0)
    r.determine_starting_position(1)
    assert r.start == 3
    r.deal(shoe({1: NOTHING, 2: "Ts Tc Td 2d 3c 5d Kc", 3: "2s 3h 4s 6s 7d 8h 9c"}, 3))
    r.players_have_set()
    r.set_bank_hand("3h 2s")
    for position in r.exposure_order():
        r.set_hand_house_way(position)
    r.settle()
    imperial = [(p.position, p.note[:17], p.hand, p.amount) for p in r.payments
                if p.wager == "imperial_bonus"]
    assert imperial == [(2, "player hand bonus", "three_of_a_kind", 1000),
                        (2, "banker hand bonus", "nine_high", 50_000),
                        (1, "banker hand bonus", "nine_high", 50_000)]
    assert_replays(r)
