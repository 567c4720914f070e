"""Whole Pai Gow Poker rounds with the progressive payout wager through the Station (9 NYCRR
5324.41(k)): every action committed to the journal before it returns, the meter fed by the
confirmed light count ((k)(2), (k)(5)), read at settlement and at each approval ((k)(6)),
progressive payouts validated only by a supervisor who did not deal the round ((k)(3)(iii)) with
a numbered jackpot record ((g)(9)), the meter always equal to its journal, and a station killed
mid-round (SIGKILL) resuming the round exactly where it stood."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from own_pins import add_account
from winner_support import approve

from dealer_station.cards import pai_gow_deck, parse_cards
from dealer_station.cli import main
from dealer_station.games.pai_gow.dealing import delivery_order
from dealer_station.games.pai_gow.positions import DEALER
from dealer_station.games.pai_gow.round import PaiGowRound
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station
from dealer_station.store import journal
from dealer_station.store import meters as meter_store

PIN_COST = 2**8
TABLE = "PG-1"
METER = "pai_gow_progressive"
RESET = 1_000_000  # $10,000, resources/pai_gow_bonus.toml
SETTINGS: dict[str, Any] = {
    "game": "pai_gow",
    "table": {"minimum_wager": "$5", "maximum_wager": "$5,000"},
    "side_wagers": {"offered": ["fortune_bonus", "insurance", "progressive"]},
}
DEALER_HAND = "Kc Kd 9h 7s 4c 3d 2h"  # a pair of kings: no bonus hand
ROYAL_AND_PAIR_5 = "As Ks Qs Js Ts 9c 9d"  # natural royal flush and a pair: 100% of the meter
ROYAL_AND_PAIR_2 = "Ah Kh Qh Jh Th 8c 8d"
NOTHING_3 = "6c 6d 2d 3c 5d 7h Jc"
HANDS: Mapping[int, str] = {5: ROYAL_AND_PAIR_5, 2: ROYAL_AND_PAIR_2, 3: NOTHING_3,
                            DEALER: DEALER_HAND}


def stacked_shoe(hands: Mapping[int, str], start: int) -> list[str]:
    """The shoe's output giving each position its hand when delivery starts at ``start``."""
    wanted = {p: list(parse_cards(h, count=7)) for p, h in hands.items()}
    used = {c for cards in wanted.values() for c in cards}
    spare = [c for c in pai_gow_deck() if c not in used]
    out = []
    for position in delivery_order(start):
        cards = wanted.get(position)
        if cards is None:
            cards, spare = spare[:7], spare[7:]
        out.extend(cards)
    return [c.text for c in out + spare]


def open_station(data_dir: Path, table: str = TABLE) -> Station:
    return Station.open(table, str(data_dir), game="pai_gow", settings=SETTINGS,
                        pin_cost=PIN_COST)


def first_start(data_dir: Path, table: str = TABLE) -> Station:
    """A new table: two supervisors, a dealer, the progressive meter as configured."""
    station = open_station(data_dir, table)
    station.create_first_supervisor("S1", "Sam Super", "111111")
    add_account(station, "S2", "Sue Super", "supervisor", "222222", supervisor="S1", pin="111111")
    add_account(station, "D1", "Dee Dealer", "dealer", "3333", supervisor="S1", pin="111111")
    station.create_meter(METER, wager="progressive", reset=RESET, rate_bp=2100,
                         supervisor="S1", pin="111111")
    return station


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    opened = first_start(tmp_path)
    opened.sign_in("D1", "3333")
    yield opened
    opened.close()


def bet(station: Station) -> None:
    """Positions 5, 3, 2 wager $10 and drop a $1 progressive chip; 3 also takes a fortune bonus
    and insurance; "no more bets" locks the acceptors."""
    station.start_round()
    station.perform("shuffle")
    for position in (5, 3, 2):
        station.perform("place_wager", position=position, amount=1000)
        station.perform("acceptor_lit", position=position)
    station.perform("place_bonus_wager", position=3, wager="fortune_bonus", amount=500)
    station.perform("place_bonus_wager", position=3, wager="insurance", amount=100)
    station.perform("no_more_bets")


def deal_and_set(station: Station) -> None:
    station.perform("determine_starting_position", number=1)
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    assert round_.start is not None
    station.perform("deal", cards=stacked_shoe(HANDS, round_.start))
    station.perform("players_have_set")
    station.perform("set_dealer_hand")
    for position in round_.exposure_order():
        station.perform("set_hand_house_way", position=position)


def play_to_validation(station: Station) -> int:
    bet(station)
    station.perform("confirm_light_count", chips=3)
    deal_and_set(station)
    station.perform("settle")
    assert station.round_id is not None
    return station.round_id


def meter_now(station: Station) -> int:
    return station.meter(METER).current


def assert_meter_is_its_journal(station: Station) -> None:
    """5324.41(k)(5): the meter equals what its journal sums to, every figure reconciles."""
    meter_store.check(station.store)
    stats = station.meter_statistics(METER)
    assert stats.current == meter_now(station)
    assert stats.current == RESET + stats.contributions - stats.paid + stats.reseeded


def test_two_progressive_winners_paid_in_order_from_the_meter_as_it_stands_5324_41_k_6(
        station: Station) -> None:
    bet(station)
    with pytest.raises(ProcedureError) as late:  # after the lockout: not recognised (k)(2)
        station.perform("acceptor_lit", position=1)
    assert late.value.clause == "5324.41(k)(2)"
    assert meter_now(station) == RESET
    count = station.perform("confirm_light_count", chips=3)
    # the confirmed chips feed the meter in the same commit: 21% of $3
    assert count.effects["meter_contribution"] == 300
    assert meter_now(station) == RESET + 63
    deal_and_set(station)
    with pytest.raises(ProcedureError, match="station supplies meter"):
        station.perform("settle", meter=5)  # nobody types the meter reading
    settle = station.perform("settle")
    assert settle.arguments == {"meter": RESET + 63}  # (k)(6): the reading of the moment
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    # every other position is settled while the two payouts wait for a supervisor
    assert [v.position for v in round_.optional.pending] == [5, 2]
    assert {p.wager for p in round_.payments if p.position == 3} == {
        "pai_gow", "progressive", "fortune_bonus", "insurance", "envy_bonus"}
    envy = [p for p in round_.payments if p.wager == "envy_bonus"]
    assert len(envy) == 2  # (l)(3): one per other premium hand, the two royal flushes
    assert not any(p.wager == "progressive" and p.outcome == "pay" for p in round_.payments)
    assert round_.step.phase == "progressive_validation" and round_.step.positions == (5,)
    with pytest.raises(ProcedureError) as order:  # the first winner is paid first
        station.supervise("approve_progressive", supervisor="S1", pin="111111", position=2)
    assert order.value.clause == "5324.41(k)(6)"

    first = approve(station, 5, supervisor="S1", pin="111111")
    assert first.arguments["meter"] == RESET + 63 and first.arguments["jackpot_number"] == 1
    assert first.effects["amount"] == RESET + 63
    assert meter_now(station) == RESET  # deducted and reseeded to the reset amount
    second = approve(station, 2, supervisor="S1", pin="111111")
    assert second.arguments["meter"] == RESET  # paid from the reset meter
    assert second.effects["amount"] == RESET and second.arguments["jackpot_number"] == 2
    assert meter_now(station) == RESET

    jackpots = meter_store.jackpots(station.store)
    assert [(j.number, j.position, j.amount, j.meter_before, j.meter_after,
             str(j.dealer).split()[0], j.supervisor) for j in jackpots] == [
        (1, "5", RESET + 63, RESET + 63, RESET, "D1", "S1"),
        (2, "2", RESET, RESET, RESET, "D1", "S1")]
    assert all(str(j.dealer).count("D") == 1 for j in jackpots)  # D1 alone dealt it
    # (g)(9): the cards stay until each jackpot record is complete
    assert station.round is not None and station.round.step.phase == "jackpot_record"
    station.perform("complete_jackpot_record", position=5)
    station.perform("complete_jackpot_record", position=2)
    assert station.round is None
    summary = journal.rounds(station.store, limit=1)[0]
    assert summary.status == "complete" and summary.document is not None
    paid = [(p["position"], p["amount"]) for p in summary.document["payments"]
            if p["wager"] == "progressive" and p["outcome"] == "pay"]
    assert paid == [(5, RESET + 63), (2, RESET)]
    assert_meter_is_its_journal(station)
    stats = station.meter_statistics(METER)
    assert (stats.contribution_count, stats.hits, stats.validations, stats.reseeds) == (1, 2, 2,
                                                                                      2)
    assert station.store.verify_audit().ok


def test_progressive_approval_only_by_a_supervisor_who_did_not_deal_5324_41_k_3_iii(
        tmp_path: Path) -> None:
    station = first_start(tmp_path)
    station.sign_in("S2", "222222")  # a supervisor deals this round
    play_to_validation(station)
    with pytest.raises(ProcedureError, match="supervisor's decision"):
        station.perform("approve_progressive", position=5)
    with pytest.raises(ProcedureError, match="supervisor's decision"):
        station.perform("approve_progressive", position=5, supervisor_id="S1",
                        role="supervisor")
    with pytest.raises(ProcedureError, match="only a supervisor"):  # wrong role
        station.supervise("approve_progressive", supervisor="D1", pin="3333", position=5)
    with pytest.raises(ProcedureError, match="round they dealt"):  # the dealer of the round
        station.supervise("approve_progressive", supervisor="S2", pin="222222", position=5)
    with pytest.raises(ProcedureError):  # a wrong PIN
        station.supervise("approve_progressive", supervisor="S1", pin="9999", position=5)
    assert not hasattr(station, "pay_jackpot")  # no side door
    before = meter_now(station)
    assert meter_store.jackpots(station.store) == []  # nothing paid by the refusals
    approve(station, 5, supervisor="S1", pin="111111")
    assert meter_now(station) == RESET and meter_store.jackpots(station.store)[0].amount == before
    station.close()


def test_rejection_with_the_reason_leaves_the_meter_5324_41_k_3_iii(station: Station) -> None:
    play_to_validation(station)
    before = meter_now(station)
    with pytest.raises(ProcedureError, match="reason"):
        station.supervise("reject_progressive", supervisor="S1", pin="111111", position=5,
                          reason="  ")
    rejected = station.supervise("reject_progressive", supervisor="S1", pin="111111", position=5,
                                 reason="cards disturbed before the validation")
    assert rejected.arguments["supervisor_id"] == "S1"
    assert meter_now(station) == before  # nothing leaves the meter
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    line = next(p for p in round_.payments if p.position == 5 and p.wager == "progressive")
    assert line.outcome == "collect" and "cards disturbed" in (line.note or "")
    approve(station, 2, supervisor="S1", pin="111111")
    assert meter_store.jackpots(station.store)[0].position == "2"
    assert meter_store.jackpots(station.store)[0].amount == before
    station.perform("complete_jackpot_record", position=2)
    assert station.round is None
    audit = [json.loads(line) for line in
             station.store.audit_path.read_text(encoding="utf-8").splitlines()]
    decisions = [(entry["data"]["decision"], entry["data"]["position"]) for entry in audit
                 if entry["kind"] == "validation"]
    assert decisions == [("rejected", 5), ("approved", 2)]
    assert_meter_is_its_journal(station)
    assert station.store.verify_audit().ok


def test_payment_blocked_while_pending_and_the_table_waits_5324_41_k_3_iii(
        station: Station) -> None:
    play_to_validation(station)
    with pytest.raises(ProcedureError):  # no jackpot record before the approval
        station.perform("complete_jackpot_record", position=5)
    with pytest.raises(ProcedureError, match="still in progress"):  # no next round either
        station.start_round()
    assert station.can("approve_progressive", position=5)
    assert not station.can("approve_progressive", position=2)
    assert not station.can("complete_jackpot_record", position=5)


def test_settle_command_recomputes_the_stored_bonus_round(station: Station, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """``dealer-station settle`` routes a document with a ``bonus`` section to
    ``settle_document`` (validations and jackpot records included)."""
    round_id = play_to_validation(station)
    approve(station, 5, supervisor="S1", pin="111111")
    station.supervise("reject_progressive", supervisor="S2", pin="222222", position=2,
                      reason="hand exposed early")
    station.perform("complete_jackpot_record", position=5)
    document = journal.round_summary(station.store, round_id).document
    assert document is not None and "bonus" in document
    path = tmp_path / "round.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["settle", str(path), "--compact"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["matches"] and result["jackpots"]["5"]["number"] == 1
    assert [v["state"] for v in result["validations"]] == ["approved", "rejected"]
    tampered = json.loads(json.dumps(document))
    tampered["payments"][-1]["amount"] += 100
    path.write_text(json.dumps(tampered), encoding="utf-8")
    assert main(["settle", str(path)]) == 1


# -- kill and resume --------------------------------------------------------------------------

#: Where the child station process kills itself (SIGKILL) after its last committed action.
KILL_POINTS = ("after_lights", "after_deal", "between_approvals")


def child_main(data_dir: str, point: str) -> None:
    """Run in a separate process: play the round up to ``point``, then die without closing."""
    station = open_station(Path(data_dir))
    station.sign_in("D1", "3333")
    bet(station)
    station.perform("confirm_light_count", chips=3)
    if point != "after_lights":
        deal_and_set(station)
        if point == "between_approvals":
            station.perform("settle")
            approve(station, 5, supervisor="S1", pin="111111")
    os.kill(os.getpid(), signal.SIGKILL)


def kill_at(data_dir: Path, point: str) -> None:
    code = (f"import sys; sys.path[:0] = [{str(Path(__file__).parent)!r}, "
            f"{str(Path(__file__).parents[1])!r}]; "
            f"import {Path(__file__).stem} as t; t.child_main({str(data_dir)!r}, {point!r})")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=120,
                          check=False)
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()


@pytest.mark.parametrize("point", KILL_POINTS)
def test_killed_mid_round_resumes_with_meter_and_wagers(tmp_path: Path, point: str) -> None:
    """Issue 7 with 5324.41(k): after a SIGKILL the reopened station replays the round from its
    journal: wagers, lights, lockout, cards, approvals and the meter as they stood, nothing
    contributed or paid twice, and the round finishes."""
    first_start(tmp_path).close()
    kill_at(tmp_path, point)
    station = open_station(tmp_path)
    assert station.resumed.outcome == "resumed"
    round_ = station.round
    assert isinstance(round_, PaiGowRound) and round_.optional is not None
    assert round_.optional.dealer_id == "D1" and round_.optional.round_id == str(station.round_id)
    assert dict(round_.wagers) == {5: 1000, 3: 1000, 2: 1000}
    assert round_.side_wagers[3] == {"progressive": 100, "fortune_bonus": 500,
                                          "insurance": 100}
    assert round_.optional.lockout.wagered == (2, 3, 5)
    expected_meter = RESET if point == "between_approvals" else RESET + 63
    assert meter_now(station) == expected_meter
    assert_meter_is_its_journal(station)
    station.sign_in("D1", "3333")
    if point == "after_lights":
        deal_and_set(station)
    if point != "between_approvals":
        station.perform("settle")
        approve(station, 5, supervisor="S1", pin="111111")
    else:
        assert [v.position for v in round_.optional.pending] == [2]
        assert len(meter_store.jackpots(station.store)) == 1
    approve(station, 2, supervisor="S2", pin="222222")
    station.perform("complete_jackpot_record", position=5)
    station.perform("complete_jackpot_record", position=2)
    assert station.round is None
    stats = station.meter_statistics(METER)
    assert (stats.contributions, stats.contribution_count, stats.hits) == (63, 1, 2)
    assert [j.amount for j in meter_store.jackpots(station.store)] == [RESET + 63, RESET]
    assert_meter_is_its_journal(station)
    station.close()
    reopened = open_station(tmp_path)  # verifies the audit chain and the meters at start-up
    assert reopened.resumed.outcome == "none" and reopened.store.verify_audit().ok
    reopened.close()


def test_the_history_shows_the_cards_in_the_order_collected_with_the_settlement_5324_41_g(
        station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Pai Gow collects each player's cards with that player's settlement, no step of its own
    ((g)(5)-(8)); hands kept for a progressive payout go once it is decided ((g)(9)). The
    history shows that order (it showed "-": no record's action says collect)."""
    round_id = play_to_validation(station)
    station.supervise("reject_progressive", supervisor="S1", pin="111111", position=5,
                      reason="cards disturbed before the validation")
    approve(station, 2, supervisor="S1", pin="111111")
    station.perform("complete_jackpot_record", position=2)
    number = meter_store.jackpots(station.store)[0].number
    station.close()
    assert main(["--data-dir", str(tmp_path), "history", "show", str(round_id),
                 "--table", TABLE]) == 0
    shown = capsys.readouterr().out
    collected = shown.split("Cards collected, in order: ")[1].split("\n")
    lines = [line.strip() for line in collected[:6]]
    assert lines == [
        "stacks of position 1, position 4, position 6 (no wager), unseen",  # delivery order
        f"position 3: {' '.join(NOTHING_3.split())}",
        f"dealer: {DEALER_HAND}",
        f"position 5: {ROYAL_AND_PAIR_5} (payout rejected)",
        f"position 2: {ROYAL_AND_PAIR_2} (jackpot record No. {number} complete)",
        "Payments, in order:"], shown
