"""Issue 16: progressive claims bound to what the journal holds, through the station
(5324.41(k)(2)-(k)(6), (g)(8)): no claim for a position without a counted progressive wager,
for a hand not paid from the meter, before settlement, for a finished round; never validated by
anyone signed in at the table during the round; two hits paid in (k)(6) order each from the
meter as it then stands; nothing approved twice; a rejection needs a reason and is final; every
claim shown, refused, approved or rejected is audited with its facts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from own_pins import add_account
from test_pai_gow_station_rounds import (
    HANDS,
    RESET,
    TABLE,
    bet,
    deal_and_set,
    first_start,
    meter_now,
    play_to_validation,
    stacked_shoe,
)
from winner_support import WINNER

from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    with first_start(tmp_path) as opened:  # a new table, D1 on duty
        opened.sign_in("D1", "3333")
        yield opened

def claims_audited(station: Station) -> list[dict[str, Any]]:
    lines = station.store.audit_path.read_text().splitlines()
    return [entry["data"] | {"actor": entry["actor"]} for entry in map(json.loads, lines)
            if entry["kind"] == "claim"]


def show(station: Station, position: int, who: str = "S1", pin: str = "111111") -> Any:
    assert station.round_id is not None
    return station.show_progressive_claim(station.round_id, position, supervisor=who, pin=pin)


def test_k_2_no_claim_for_a_position_without_a_counted_progressive_wager(
        station: Station) -> None:
    round_id = play_to_validation(station)
    with pytest.raises(ProcedureError, match="position 1 has no progressive wager in round"):
        station.show_progressive_claim(round_id, 1, supervisor="S1", pin="111111")
    with pytest.raises(ProcedureError, match=r"position 3's cards .* form no progressive hand"):
        station.show_progressive_claim(round_id, 3, supervisor="S1", pin="111111")
    refused = [c for c in claims_audited(station) if c["event"] == "refused"]
    assert [(c["position"], c["clause"]) for c in refused] == [(1, "5324.41(k)(2)"),
                                                               (3, "5324.41(k)(5)")]


def test_k_3_no_claim_before_the_round_is_settled(station: Station) -> None:
    bet(station)
    station.perform("confirm_light_count", chips=3)
    deal_and_set(station)
    with pytest.raises(ProcedureError, match="is not settled yet"):
        show(station, 5)


def test_k_3_iii_claim_shows_the_journal_s_facts_and_is_audited(station: Station) -> None:
    round_id = play_to_validation(station)
    claim = show(station, 5)
    assert claim.cards == tuple(station.round.seven_cards(5))
    assert " ".join(c.text for c in claim.cards) == HANDS[5]
    assert claim.hand == "natural_royal_flush_and_pair" and claim.amount == meter_now(station)
    assert claim.meter_after == RESET and claim.wager == 100
    assert claim.dealer is not None and claim.dealer.startswith("D1 ")  # with the part dealt
    assert claim.arrangement == "high As Ks Qs Js Ts · low 9c 9d"
    shown = [c for c in claims_audited(station) if c["event"] == "shown"]
    assert shown == [{"event": "shown", **claim.facts(), "actor": "S1"}]
    assert shown[0]["round"] == round_id


def test_k_6_second_claim_waits_for_the_first(station: Station) -> None:
    play_to_validation(station)
    with pytest.raises(ProcedureError, match="position 5 is paid first"):
        show(station, 2)


def test_k_3_iii_a_supervisor_signed_in_during_the_round_cannot_validate(
        station: Station) -> None:
    """Issue 16: S2 signs in on the dealer's screen mid-round and hands back before acting;
    S2 recorded no action in the round yet is refused, at showing and at approving."""
    bet(station)
    station.sign_in("S2", "222222")  # takes over the table for a moment
    station.sign_in("D1", "3333")
    station.perform("confirm_light_count", chips=3)
    deal_and_set(station)
    station.perform("settle")
    assert station.round_id is not None
    assert "S2" in station.signed_in_during_round(station.round_id)
    for attempt in (lambda: show(station, 5, "S2", "222222"),
                    lambda: station.supervise("approve_progressive", supervisor="S2",
                                              pin="222222", position=5)):
        with pytest.raises(ProcedureError, match="S2 was signed in at this table as its "
                                                 "dealer during round 1") as refused:
            attempt()
        assert refused.value.clause == "5324.41(k)(3)(iii)"
    assert len(station.round.optional.pending) == 2
    claim = show(station, 5)  # S1 was never signed in at the table during it
    station.decide_progressive_claim(claim, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")


def test_k_6_two_hits_each_from_the_meter_as_it_then_stands(station: Station) -> None:
    before = play_to_validation(station) and meter_now(station)
    first = show(station, 5)
    station.decide_progressive_claim(first, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    assert meter_now(station) == RESET and first.amount == before
    second = show(station, 2)
    assert second.meter_before == RESET and second.amount == RESET  # 100% of the reseeded meter
    station.decide_progressive_claim(second, approve=True,
                                     winner=WINNER, supervisor="S2", pin="222222")
    events = [(c["event"], c.get("position")) for c in claims_audited(station)]
    assert events == [("shown", 5), ("approved", 5), ("shown", 2), ("approved", 2)]


def test_nothing_is_approved_twice_and_a_rejection_is_final(station: Station) -> None:
    play_to_validation(station)
    first = show(station, 5)
    with pytest.raises(ProcedureError, match="needs the reason"):
        station.decide_progressive_claim(first, approve=False, supervisor="S1", pin="111111")
    station.decide_progressive_claim(first, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    with pytest.raises(ProcedureError, match="already approved by S1"):
        station.decide_progressive_claim(first, approve=True,
                                         winner=WINNER, supervisor="S2", pin="222222")
    with pytest.raises(ProcedureError, match="already approved"):
        show(station, 5, "S2", "222222")
    second = show(station, 2)
    station.decide_progressive_claim(second, approve=False, supervisor="S1", pin="111111",
                                     reason="cards moved")
    for decision in (True, False):
        with pytest.raises(ProcedureError, match=r"rejected by S1 .cards moved.: a rejection "
                                                 r"is final"):
            station.decide_progressive_claim(second, approve=decision, supervisor="S2",
                                             pin="222222", reason="again")
    rejected = [c for c in claims_audited(station) if c["event"] == "rejected"]
    assert rejected and rejected[0]["reason"] == "cards moved"
    assert rejected[0]["cards"] == HANDS[2]


def test_a_claim_changed_since_shown_is_shown_again(station: Station) -> None:
    """The supervisor validates the cards, the hand, the wager and the share: a claim whose
    hand is not the one shown is refused; its amount is the meter's when paid ((k)(6)), so an
    amount shown before the meter moved is paid at the meter as it stands, not refused."""
    play_to_validation(station)
    claim = show(station, 5)
    from dataclasses import replace

    with pytest.raises(ProcedureError, match="changed since it was shown"):
        station.decide_progressive_claim(replace(claim, hand="royal_flush"), approve=True,
                                         winner=WINNER, supervisor="S1", pin="111111")
    assert len(station.round.optional.pending) == 2
    record = station.decide_progressive_claim(replace(claim, amount=claim.amount - 1,
                                                      meter_before=claim.meter_before - 1),
                                              approve=True, winner=WINNER, supervisor="S1",
                                              pin="111111")
    assert record.effects["amount"] == claim.amount  # the meter's as it stood when paid


def test_k_6_a_ten_percent_claim_after_a_hit_is_ten_percent_of_the_reseeded_meter(
        station: Station) -> None:
    """The second claim, a natural royal flush without a pair, is 10% of the meter as it
    stands after the first hit reseeded it, never of the meter at settlement."""
    bet(station)
    station.perform("confirm_light_count", chips=3)
    station.perform("determine_starting_position", number=1)
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    assert round_.start is not None
    hands = {5: HANDS[5], 2: "Ah Kh Qh Jh Th 8c 5s", 3: HANDS[3], DEALER: HANDS[DEALER]}
    station.perform("deal", cards=stacked_shoe(hands, round_.start))
    station.perform("players_have_set")
    station.perform("set_dealer_hand")
    for position in round_.exposure_order():
        station.perform("set_hand_house_way", position=position)
    station.perform("settle")
    first = show(station, 5)
    station.decide_progressive_claim(first, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    second = show(station, 2)
    assert second.hand == "natural_royal_flush" and second.meter_before == RESET
    assert second.amount == RESET // 10 and second.meter_after == RESET


def test_g_8_k_6_a_later_claim_is_paid_as_the_hand_paying_most_at_the_meter_then(
        tmp_path: Path) -> None:
    """Issue 19.1 at approval: on a $1 table reseeded to $500 with $1,500 on the meter, the
    settlement takes the 100%-of-meter hit as paid first, so the natural royal flush behind it
    is the royal flush's $100 (10% of the reseeded $500 is $50). When the first claim is rejected
    instead, the meter still stands at $1,500 when the second is paid: the same cards are then
    the natural royal flush's 10%, $150.06 ((c)(2)(ii), (g)(8), (k)(4), (k)(6))."""
    from test_pai_gow_station_rounds import PIN_COST, SETTINGS, TABLE

    from dealer_station.station import Station

    settings = {**SETTINGS, "bonus_wagers": {"offered": ["fortune_bonus", "insurance",
                                                         "progressive"],
                                             "progressive_reset_dollars": 500}}
    station = Station.open(TABLE, str(tmp_path), game="pai_gow", settings=settings,
                           pin_cost=PIN_COST)
    station.create_first_supervisor("S1", "Sam Super", "111111")
    add_account(station, "D1", "Dee Dealer", "dealer", "3333", supervisor="S1", pin="111111")
    station.create_meter("small", wager="progressive", reset=50_000, rate_bp=2100,
                         supervisor="S1", pin="111111")
    with station.store.transaction() as work:  # the meter has grown to $1,500 since
        from dealer_station.store import meters as meter_store

        meter_store.add_entry(work, "small", "reseed", 100_000, actor="S1",
                              detail={"reason": "test: a grown meter"})
    station.sign_in("D1", "3333")
    bet(station)
    station.perform("confirm_light_count", chips=3)
    station.perform("determine_starting_position", number=1)
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    assert round_.start is not None
    hands = {5: HANDS[5], 2: "Ah Kh Qh Jh Th 8c 5s", 3: HANDS[3], DEALER: HANDS[DEALER]}
    station.perform("deal", cards=stacked_shoe(hands, round_.start))
    station.perform("players_have_set")
    station.perform("set_dealer_hand")
    for position in round_.exposure_order():
        station.perform("set_hand_house_way", position=position)
    station.perform("settle")
    assert [v.hand for v in round_.optional.pending] == ["natural_royal_flush_and_pair",
                                                          "royal_flush"]
    first = show(station, 5)
    station.decide_progressive_claim(first, approve=False, supervisor="S1", pin="111111",
                                     reason="the cards were moved")
    second = show(station, 2)
    now = station.meter("small").current
    assert now > 100_000 and second.hand == "natural_royal_flush"
    assert second.amount == -(-now // 10) > 10_000
    station.decide_progressive_claim(second, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    [paid] = meter_store.jackpots(station.store)
    assert (paid.hand, paid.amount, paid.meter_before) == ("natural_royal_flush",
                                                           second.amount, now)
    station.close()


def test_every_dealer_of_the_round_is_on_the_claim_the_jackpot_record_and_the_history(
        station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A round D1 starts and D2 (a relief dealer) finishes: both, with the part each dealt, are
    on the claim, the jackpot record (and so its slip), the round's document (audited with its
    completion) and the history (CLI and the History page); neither may validate it."""
    from dealer_station import cli, jackpot
    from dealer_station.store import journal
    from dealer_station.store import meters as meter_store
    from dealer_station.store.round_dealers import dealers_of_round
    from dealer_station.ui.supervisor.history import round_detail

    add_account(station, "D2", "Dan Relief", "dealer", "4444", supervisor="S1", pin="111111")
    bet(station)
    station.sign_in("D2", "4444")  # the relief dealer takes over mid-round
    station.perform("confirm_light_count", chips=3)
    deal_and_set(station)
    station.perform("settle")
    round_id = station.round_id
    assert round_id is not None
    assert {"D1", "D2"} <= station.signed_in_during_round(round_id)  # the validator rule
    turns = dealers_of_round(station.store, round_id)
    assert [(t.dealer, t.relief) for t in turns] == [("D1", False), ("D2", True)]
    assert turns[0].ended is not None and turns[0].ended <= str(turns[1].started)
    claim = show(station, 5)
    words = dict(claim.lines())["Dealers"]
    assert words.startswith("D1 ") and ", D2 (relief) " in words, words
    station.decide_progressive_claim(claim, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    second = show(station, 2)
    station.decide_progressive_claim(second, approve=True,
                                     winner=WINNER, supervisor="S1", pin="111111")
    record = meter_store.jackpots(station.store)[0]
    assert record.dealer is not None and "D1 " in record.dealer and "D2 (relief)" in record.dealer
    assert "D2 (relief)" in jackpot.as_text(record)
    # the record a casino files: the winning cards, the wager and light check, the validator
    text = jackpot.as_text(record, **jackpot.filed(station.store, record))
    assert f"Winning cards      {HANDS[5]}" in text, text
    assert "Wager              $1.00 progressive at position 5" in text, text
    assert "Light check        3 chips = 3 lights lit at no more bets; position 5 counted" in text
    assert "Validated by       S1 (supervisor)" in text and "Local time" in text
    station.perform("complete_jackpot_record", position=5)
    station.perform("complete_jackpot_record", position=2)
    summary = journal.round_summary(station.store, round_id)
    assert summary.document is not None
    kept = summary.document["dealers"]
    assert [(d["dealer"], d["relief"]) for d in kept] == [("D1", False), ("D2", True)]
    audited = [json.loads(line) for line in station.store.audit_path.read_text().splitlines()]
    completion = next(e for e in audited if e["kind"] == "round"
                      and e["data"].get("event") == "completed")
    assert completion["data"]["dealers"] == kept
    detail = round_detail(station.store, round_id)
    assert "D2 (relief)" in detail.row.words, detail.row.words
    station.close()
    cli.main(["--data-dir", str(tmp_path), "history", "show", str(round_id), "--table", TABLE])
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("Dealers: "))
    assert "D1 " in line and "D2 (relief) " in line, out
