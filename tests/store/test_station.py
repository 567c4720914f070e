"""The station over the store: records committed before ``perform`` returns, resume or void after
an interruption, completed rounds kept, meters as journals, numbered jackpots."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from station_helpers import PIN_COST, Clock, open_station, play_round

from dealer_station import jackpot
from dealer_station.auth import AccessDenied
from dealer_station.cli import main
from dealer_station.procedure import ProcedureError
from dealer_station.station import Station, register_game
from dealer_station.store import journal, meters
from dealer_station.store.database import StoreError


def committed_records(data_dir: Path, round_id: int) -> list[str]:
    connection = sqlite3.connect(data_dir / "T1" / "table.sqlite3")
    try:
        rows = connection.execute("SELECT action FROM records WHERE round_id = ? ORDER BY sequence",
                                  (round_id,)).fetchall()
    finally:
        connection.close()
    return [row[0] for row in rows]


def test_perform_commits_the_record_before_returning(station: Station, tmp_path: Path) -> None:
    station.sign_in("D1", "3333")
    station.start_round()
    assert station.round_id is not None
    record = station.perform("place_wager", position=1, wager="ante", amount=1000)
    # Another connection (another process after a power cut) already sees it.
    assert committed_records(tmp_path, station.round_id) == ["place_wager"]
    assert record.arguments == {"position": 1, "wager": "ante", "amount": 1000}
    lines = (tmp_path / "T1" / "audit.jsonl").read_text().splitlines()
    assert json.loads(lines[-1])["kind"] == "action"
    assert json.loads(lines[-1])["data"] == record.to_json()


def test_a_failed_commit_leaves_the_round_as_the_journal_has_it(
        station: Station, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    station.sign_in("D1", "3333")
    station.start_round()
    station.perform("place_wager", position=1, wager="ante", amount=1000)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(journal, "append_record", disk_full)
    with pytest.raises(sqlite3.OperationalError):
        station.perform("lock_out")
    assert len(station.round.history) == 1
    assert station.round.phase == "betting"


def test_refused_actions_are_not_journaled_and_name_the_clause(station: Station,
                                                               tmp_path: Path) -> None:
    """5324.34(c)(3): no wager after "no more bets"."""
    station.sign_in("D1", "3333")
    station.start_round()
    station.perform("place_wager", position=1, wager="ante", amount=1000)
    station.perform("lock_out")
    assert not station.can("place_wager", position=2, wager="ante", amount=1000)
    with pytest.raises(ProcedureError) as refused:
        station.perform("place_wager", position=2, wager="ante", amount=1000)
    assert refused.value.clause == "5324.34(c)(3)"
    assert station.round_id is not None
    assert committed_records(tmp_path, station.round_id) == ["place_wager", "lock_out"]


def test_no_dealer_no_round(station: Station) -> None:
    with pytest.raises(AccessDenied):
        station.start_round()


def test_resume_rebuilds_the_round_where_it_stood(tmp_path: Path, clock: Clock) -> None:
    first = open_station(tmp_path, clock)
    first.create_first_supervisor("S1", "Sam", "111111")
    first.sign_in("S1", "111111")
    first.start_round()
    first.perform("place_wager", position=1, wager="ante", amount=1000)
    first.perform("place_wager", position=1, wager="progressive", amount=100)
    first.perform("lock_out")
    first.record_device_event("lockout", "lockout_on")
    first.perform("deal", card="AS")
    round_id = first.round_id
    before = first.round.to_document()
    first.store.connection.close()  # no orderly shutdown
    first.store._lock_fd and __import__("os").close(first.store._lock_fd)

    second = open_station(tmp_path, clock)
    assert second.resumed.outcome == "resumed"
    assert second.resumed.round_id == round_id and second.resumed.records == 4
    assert second.resumed.device_states == {"lockout": "lockout_on"}
    assert second.round.to_document() == before
    assert second.round.step.phase == "dealing"
    second.sign_in("S1", "111111")
    second.perform("deal", card="2C")
    second.perform("settle")
    second.perform("collect_cards")
    assert journal.round_summary(second.store, round_id).status == "complete"
    kinds = [json.loads(line)["data"].get("event") for line in
             (tmp_path / "T1" / "audit.jsonl").read_text().splitlines()
             if json.loads(line)["kind"] == "recovery"]
    assert kinds == ["round_resumed"]
    second.close()


def test_interrupted_in_a_voiding_phase_the_round_is_voided_with_the_reason(
        tmp_path: Path) -> None:
    first = Station.open("T1", str(tmp_path), game="high_card", settings={"minimum": 500},
                         station_settings={"void_interrupted_phases": ["dealing"]},
                         pin_cost=PIN_COST)
    first.create_first_supervisor("S1", "Sam", "111111")
    first.sign_in("S1", "111111")
    first.start_round()
    first.perform("place_wager", position=1, wager="ante", amount=1000)
    first.perform("lock_out")
    round_id = first.round_id
    first.close()
    second = open_station(tmp_path)
    assert second.resumed.outcome == "voided"
    assert second.round is None
    summary = journal.round_summary(second.store, round_id)
    assert summary.status == "void" and "dealing" in (summary.void_reason or "")
    assert summary.document and summary.document["round"]["wagers"] == {"1": {"ante": 1000}}
    second.close()


def test_a_journal_that_no_longer_replays_voids_the_round(tmp_path: Path) -> None:
    first = open_station(tmp_path)
    first.create_first_supervisor("S1", "Sam", "111111")
    first.sign_in("S1", "111111")
    first.start_round()
    first.perform("place_wager", position=1, wager="ante", amount=1000)
    round_id = first.round_id
    first.close()

    class Stricter:
        def __init__(self, settings: object) -> None:
            import fakegame

            self.inner = fakegame.HighCardRound({"minimum": 5000})

        def __getattr__(self, name: str) -> object:
            return getattr(self.inner, name)

    register_game("high_card", Stricter)
    try:
        second = open_station(tmp_path)
    finally:
        import fakegame

        register_game("high_card", fakegame.new_round)
    assert second.resumed.outcome == "voided"
    assert "no longer replays" in (second.resumed.reason or "")
    assert journal.round_summary(second.store, round_id).status == "void"
    second.close()


def test_supervisor_voids_a_round_they_did_not_deal(station: Station) -> None:
    station.sign_in("D1", "3333")
    station.start_round()
    station.perform("place_wager", position=1, wager="ante", amount=1000)
    with pytest.raises(AccessDenied):
        station.void_round("dealer error", supervisor="D1", pin="3333")
    round_id = station.round_id
    station.void_round("cards exposed by the shoe", supervisor="S2", pin="222222")
    assert station.round is None
    assert journal.round_summary(station.store, round_id).void_reason == (
        "cards exposed by the shoe")


def test_completed_rounds_are_history_with_cards_in_dealt_and_collected_order(
        station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """5324.34(e)(9): cards picked up in order so every hand can be reconstructed."""
    station.sign_in("D1", "3333")
    round_id = play_round(station, ("9S", "KD", "5C"))
    station.close()
    assert main(["--data-dir", str(tmp_path), "history", "--table", "T1"]) == 0
    listing = capsys.readouterr().out
    assert f"{round_id:>6}  high_card" in listing and "complete" in listing
    assert main(["--data-dir", str(tmp_path), "history", "show", str(round_id),
                 "--table", "T1"]) == 0
    shown = capsys.readouterr().out
    assert "Cards dealt, in order:     9S KD 5C" in shown
    assert "Cards collected, in order: KD 9S 5C" in shown
    assert "position 2 ante: pay stake $5.00 amount $5.00" in shown
    assert main(["--data-dir", str(tmp_path), "history", "show", str(round_id), "--json",
                 "--table", "T1"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [r["action"] for r in document["records"]][:2] == ["place_wager", "place_wager"]


def test_meter_contributions_once_per_completed_round_and_the_meter_is_its_journal(
        station: Station) -> None:
    """5324.41(k)(5): the meter progresses by its rate of the amount wagered."""
    station.create_meter("progressive", wager="progressive", reset=500_000, rate_bp=2100,
                         supervisor="S1", pin="111111")
    station.sign_in("D1", "3333")
    for _ in range(3):
        play_round(station)
    stats = station.meter_statistics("progressive")
    assert stats.contributions == 3 * 21 and stats.contribution_count == 3
    assert station.meter("progressive").current == 500_000 + 63 == stats.current
    meters.check(station.store)
    station.store.connection.execute("UPDATE meters SET current = current + 1")
    with pytest.raises(StoreError, match="journal sums"):
        meters.check(station.store)


def test_jackpot_validated_by_a_supervisor_who_did_not_deal(station: Station, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    """5324.41(k)(3)(iii): a supervisor validates payouts deducted from the meter."""
    station.create_meter("progressive", wager="progressive", reset=500_000, rate_bp=2100,
                         supervisor="S1", pin="111111")
    station.sign_in("S2", "222222")  # S2 deals this round
    round_id = play_round(station)
    assert not hasattr(station, "pay_jackpot")  # validated only in a progressive round
    whole = station.meter("progressive").current
    with station.store.transaction() as work:  # the store's record of a validated payout
        record = meters.pay_jackpot(work, "progressive", round_id=round_id, position="2",
                                    hand="Natural royal flush", amount=whole, dealer="S2",
                                    supervisor="S1")
    assert record.number == 1 and record.meter_before == whole
    assert record.meter_after == 500_000 and record.dealer == "S2" and record.supervisor == "S1"
    stats = station.meter_statistics("progressive")
    assert (stats.hits, stats.validations, stats.paid, stats.reseeds) == (1, 1, whole, 1)
    assert stats.current == 500_000
    meters.check(station.store)
    text = jackpot.as_text(record, table="T1")
    assert "JACKPOT RECORD No. 000001" in text and "Validated by       S1" in text
    station.close()
    pdf = tmp_path / "jackpot.pdf"
    assert main(["--data-dir", str(tmp_path), "history", "jackpot", "1", "--pdf", str(pdf),
                 "--table", "T1"]) == 0
    assert "Natural royal flush" in capsys.readouterr().out
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-1.4") and b"Natural royal flush" in data
    xref = int(data.rsplit(b"startxref\n", 1)[1].split(b"\n")[0])
    assert data[xref:xref + 4] == b"xref"
    rows = data[xref:].split(b"trailer")[0].split(b"\n")[3:-1]
    for number, row in enumerate(rows, start=1):  # every object where the table says
        assert len(row) == 19
        offset = int(row[:10])
        assert data[offset:].startswith(f"{number} 0 obj".encode())


def test_device_faults_and_lockout_are_audited_and_kept(station: Station, tmp_path: Path) -> None:
    station.record_device_event("shoe", "fault", code="jam")
    station.record_device_event("shoe", "recovery")
    station.record_device_event("lockout", "lockout_on")
    assert station.device_states() == {"lockout": "lockout_on", "shoe": "recovery"}
    kinds = [json.loads(line) for line in
             (tmp_path / "T1" / "audit.jsonl").read_text().splitlines()]
    devices = [(k["data"]["device"], k["data"]["event"]) for k in kinds if k["kind"] == "device"]
    assert devices == [("shoe", "fault"), ("shoe", "recovery"), ("lockout", "lockout_on")]


def test_configuration_versions_are_kept_and_audited(station: Station) -> None:
    version = station.change_configuration({"positions": 3, "minimum": 1000}, supervisor="S1",
                                           pin="111111")
    assert version == 2 and station.settings["minimum"] == 1000
    station.sign_in("D1", "3333")
    station.start_round()
    with pytest.raises(ProcedureError):
        station.perform("place_wager", position=1, wager="ante", amount=500)


def test_first_start_needs_the_game_and_later_starts_keep_it(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="game must be given"):
        Station.open("T1", str(tmp_path), pin_cost=PIN_COST)
    open_station(tmp_path).close()
    with pytest.raises(StoreError, match="configured for 'high_card'"):
        Station.open("T1", str(tmp_path), game="pai_gow", pin_cost=PIN_COST)
    reopened = Station.open("T1", str(tmp_path), pin_cost=PIN_COST)
    assert reopened.game == "high_card" and reopened.needs_first_supervisor
    reopened.close()


def test_a_share_of_the_meter_is_taken_at_payment_time(station: Station) -> None:
    """5324.41(k)(4), (k)(6): "10% of meter" is the meter when the payout is made."""
    station.create_meter("progressive", wager="progressive", reset=500_000, rate_bp=2100,
                         supervisor="S1", pin="111111")
    station.sign_in("D1", "3333")
    round_id = play_round(station)
    meter_now = station.meter("progressive").current
    with station.store.transaction() as work:
        record = meters.pay_jackpot(work, "progressive", round_id=round_id, position="2",
                                    hand="Five aces", share_bp=1000, dealer="D1",
                                    supervisor="S1")
    assert record.amount == meter_now // 10 and record.meter_before == meter_now
    with pytest.raises(ValueError), station.store.transaction() as work:
        meters.pay_jackpot(work, "progressive", round_id=round_id, position="2",
                           hand="Five aces", share_bp=1000, amount=5, dealer="D1",
                           supervisor="S1")
    meters.check(station.store)
