"""A voided round's meter contribution taken back (9 NYCRR 5324.41(k)(2), (k)(5)): the Pai Gow
progressive is fed when the dealer confirms the light count; when the round is voided after
that, its wagers are returned, so the station journals a ``reversal`` entry taking the
contribution back, exactly (the carried fraction of a cent included), once, with the reason and
the clause in the audit log. The meter still equals its journal and :func:`meters.check` proves
it, across closing and reopening the station, and when the void is the recovery's."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from own_pins import add_account

from dealer_station.station import Station
from dealer_station.store import journal, meters
from dealer_station.store.database import MIGRATIONS, Store, StoreError
from dealer_station.store.paths import DATABASE_NAME

PIN_COST = 2**8
TABLE = "PG-REV"
METER = "progressive"
RESET = 1_000_000
SETTINGS: dict[str, Any] = {
    "game": "pai_gow",
    "table": {"minimum_wager": "$10", "maximum_wager": "$2,000"},
    "side_wagers": {"offered": ["progressive"]},
}


# ---------------------------------------------------------------------------- the journal

def new_round(work: Any) -> int:
    """A completed round, journaled and audited as the station does."""
    round_id = journal.begin_round(work, "g", {}, None)
    journal.finish_round(work, round_id, "complete", document=None)
    return round_id


def audit_lines(store: Store) -> list[dict[str, Any]]:
    return [json.loads(line) for line in store.audit_path.read_text().splitlines() if line]



def dealer_ends_the_void(station: Station) -> None:
    """The dealer returns each wager (RETURN lines) and collects the cards: the void ends."""
    while station.round is not None and station.round.step.phase in ("return_wagers",
                                                                     "collect_cards"):
        station.perform(station.round.step.actions[0])

def test_a_reversal_takes_back_exactly_the_contribution_once_5324_41_k_5(
        tmp_path: Path) -> None:
    with Store.open(tmp_path, "T1") as store:
        with store.transaction() as work:
            meters.create_meter(work, "m", "progressive", 500_00, 2100, actor="S1")
            first = new_round(work)
            meters.contribute(work, "m", first, 333)  # 69 cents, 0.93 carried
            voided = new_round(work)
            meters.contribute(work, "m", voided, 333)  # 70 cents, 0.86 carried
        before_void = meters.meter(store, "m")
        assert (before_void.current, before_void.carry) == (500_00 + 69 + 70, 8600)
        with store.transaction() as work:
            taken = meters.reverse_round(work, voided, reason="round voided: table closed",
                                         actor="S2")
        assert taken == {"m": -70}
        after = meters.meter(store, "m")
        assert (after.current, after.carry) == (500_00 + 69, 9300)  # as if never contributed
        entry = meters.entries(store, "m")[-1]
        assert (entry.kind, entry.amount, entry.balance, entry.round_id, entry.actor) == (
            "reversal", -70, 500_00 + 69, voided, "S2")
        contribution = meters.entries(store, "m")[-2]
        assert entry.detail["reverses"] == contribution.id
        assert entry.detail["reason"] == "round voided: table closed"
        assert entry.detail["clause"] == "5324.41(k)(5)"
        record = [r for r in audit_lines(store) if r["kind"] != "state"][-1]
        assert (record["kind"], record["round"], record["actor"]) == ("meter", voided, "S2")
        assert record["data"]["kind"] == "reversal" and record["data"]["amount"] == -70
        assert record["data"]["clause"] == "5324.41(k)(5)"
        assert record["data"]["reason"] == "round voided: table closed"
        with store.transaction() as work:  # a second call finds nothing left to take back
            assert meters.reverse_round(work, voided, reason="again") == {}
            assert meters.reverse_round(work, first + 99, reason="no such round") == {}
        with pytest.raises(sqlite3.IntegrityError), store.transaction() as work:
            meters.add_entry(work, "m", "reversal", -1, round_id=voided)  # one per round
        meters.check(store)
        stats = meters.statistics(store, "m")
        assert (stats.contributions, stats.reversals, stats.reversed) == (139, 1, 70)
        assert stats.current == 500_00 + stats.contributions - stats.reversed == after.current
        assert store.verify_audit().ok


def test_check_refuses_a_reversal_that_takes_back_no_contribution_5324_41_k_5(
        tmp_path: Path) -> None:
    with Store.open(tmp_path, "T1") as store:
        with store.transaction() as work:
            meters.create_meter(work, "m", "progressive", 500_00, 2100)
            played = new_round(work)
            meters.contribute(work, "m", played, 10_000)  # 21.00
            other = new_round(work)
        meters.check(store)
        with store.transaction() as work:  # a reversal naming no contribution of its round
            meters.add_entry(work, "m", "reversal", -500, round_id=other,
                             detail={"reverses": 2, "reason": "made up"})
        with pytest.raises(StoreError, match="does not take back one contribution"):
            meters.check(store)
    with Store.open(tmp_path / "more", "T2") as store:
        with store.transaction() as work:
            meters.create_meter(work, "m", "progressive", 500_00, 2100)
            played = new_round(work)
            meters.contribute(work, "m", played, 10_000)
        entry = meters.entries(store, "m")[-1]
        with store.transaction() as work:  # more than the round put on the meter
            meters.add_entry(work, "m", "reversal", -entry.amount - 500, round_id=played,
                             detail={"reverses": entry.id})
        with pytest.raises(StoreError, match="does not take back one contribution"):
            meters.check(store)


def test_a_schema_2_journal_is_migrated_and_can_be_reversed(tmp_path: Path) -> None:
    """A table whose database predates the reversal entry (schema 2, whose CHECK lists no
    ``reversal`` kind) is migrated at start: every entry kept, reversals then accepted."""
    with Store.open(tmp_path, "T1") as store:
        with store.transaction() as work:
            meters.create_meter(work, "m", "progressive", 500_00, 2100)
            played = new_round(work)
            meters.contribute(work, "m", played, 2_000)
        kept = meters.entries(store, "m")
    connection = sqlite3.connect(tmp_path / DATABASE_NAME)
    old = next(sql for number, _, sql in MIGRATIONS if number == 1)
    create = old[old.index("CREATE TABLE meter_entries"):]
    create = create[:create.index(");") + 2]
    assert "'reversal'" not in create
    connection.executescript(
        "BEGIN;"
        + create.replace("CREATE TABLE meter_entries", "CREATE TABLE meter_entries_v2")
        + "INSERT INTO meter_entries_v2 SELECT * FROM meter_entries;"
        "DROP TABLE meter_entries;"
        "ALTER TABLE meter_entries_v2 RENAME TO meter_entries;"
        "CREATE UNIQUE INDEX meter_one_contribution_per_round ON meter_entries (meter, round_id) "
        "WHERE kind = 'contribution';"
        "CREATE INDEX meter_entries_by_meter ON meter_entries (meter, id);"
        "DROP TABLE sessions;"  # version 4's
        "ALTER TABLE users DROP COLUMN lockouts;"
        "DROP TABLE checkpoints;"
        "ALTER TABLE meters DROP COLUMN limit_cents;"  # and the meters table of schema 2
        "ALTER TABLE meters DROP COLUMN overflow;"
        "ALTER TABLE meters DROP COLUMN retired;"
        "PRAGMA user_version = 2;"
        "COMMIT;")
    with pytest.raises(sqlite3.IntegrityError):  # the old table refuses the new kind
        connection.execute("INSERT INTO meter_entries (meter, kind, amount, balance, time) "
                           "VALUES ('m', 'reversal', 0, 0, 't')")
    connection.close()
    with Store.open(tmp_path, "T1") as store:
        assert store.pragma("user_version") == MIGRATIONS[-1][0] >= 3
        assert meters.entries(store, "m") == kept
        with store.transaction() as work:
            assert meters.reverse_round(work, played, reason="voided") == {"m": -420}
        meters.check(store)
        assert meters.meter(store, "m").current == 500_00


# ---------------------------------------------------------------------------- the station

def open_station(data_dir: Path, **station_settings: Any) -> Station:
    station = Station.open(TABLE, str(data_dir), game="pai_gow", settings=SETTINGS,
                           station_settings=station_settings or None, pin_cost=PIN_COST)
    if station.needs_first_supervisor:
        station.create_first_supervisor("S1", "Sam", "111111")
        add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
        station.create_meter(METER, wager="progressive", reset=RESET, rate_bp=2100,
                             supervisor="S1", pin="111111")
    station.sign_in("D1", "3333")
    return station


def counted_round(station: Station, positions: tuple[int, ...] = (1, 4, 6)) -> int:
    """A round up to the confirmed light count (the meter fed, (k)(2)); returns its number."""
    station.start_round()
    assert station.round_id is not None
    station.perform("shuffle")
    for position in positions:
        station.perform("place_wager", position=position, amount=1000)
        station.perform("acceptor_lit", position=position)
    if station.can("decline_bank"):
        station.perform("decline_bank")
    station.perform("no_more_bets")
    station.perform("confirm_light_count", chips=len(positions))
    return station.round_id


def assert_reversed(station: Station, round_id: int, meter_before: int, reason: str) -> None:
    """The round's contribution and its reversal are in the meter's journal, audited with the
    reason and the clause, the void's document lists it, and the meter is back where it was."""
    entries = [e for e in meters.entries(station.store, METER) if e.round_id == round_id]
    assert [e.kind for e in entries] == ["contribution", "reversal"]
    contribution, reversal = entries
    assert reversal.amount == -contribution.amount and reversal.detail["reverses"] == (
        contribution.id)
    assert reason in reversal.detail["reason"] and reversal.detail["clause"] == "5324.41(k)(5)"
    assert station.meter(METER).current == meter_before
    summary = journal.round_summary(station.store, round_id)
    assert summary.status == "void" and summary.document is not None
    assert summary.document["meter_reversals"] == {METER: reversal.amount}
    audited = [line for line in audit_lines(station.store)
               if line["kind"] == "meter" and line["round"] == round_id
               and line["data"]["kind"] == "reversal"]
    assert len(audited) == 1 and reason in audited[0]["data"]["reason"]
    assert audited[0]["data"]["clause"] == "5324.41(k)(5)"
    meters.check(station.store)
    assert station.store.verify_audit().ok


def test_a_round_voided_after_the_light_count_gives_its_contribution_back_5324_41_k_2(
        tmp_path: Path) -> None:
    station = open_station(tmp_path)
    voided = counted_round(station)
    assert station.meter(METER).current == RESET + 63  # 21% of three $1 chips
    station.void_round("dealing shoe jammed", supervisor="S1", pin="111111")
    dealer_ends_the_void(station)
    assert_reversed(station, voided, RESET, "dealing shoe jammed")
    assert station.meter_statistics(METER).reversals == 1
    played = counted_round(station, (2, 3))  # the next round feeds the meter as usual
    assert station.meter(METER).current == RESET + 42
    station.close()
    station = open_station(tmp_path)  # reopened: nothing reversed twice, the journal proves it
    assert station.resumed.outcome == "resumed" and station.round_id == played
    assert_reversed(station, voided, RESET + 42, "dealing shoe jammed")
    stats = station.meter_statistics(METER)
    assert (stats.contributions, stats.reversed, stats.current) == (105, 63, RESET + 42)
    station.close()


def test_a_round_resumed_after_a_reopen_then_voided_is_reversed_5324_41_k_5(
        tmp_path: Path) -> None:
    station = open_station(tmp_path)
    voided = counted_round(station)
    station.close()
    station = open_station(tmp_path)  # the round resumes where it stood, meter and all
    assert station.resumed.outcome == "resumed" and station.round_id == voided
    assert station.meter(METER).current == RESET + 63
    station.void_round("players left", supervisor="S1", pin="111111")
    dealer_ends_the_void(station)
    assert_reversed(station, voided, RESET, "players left")
    station.close()
    station = open_station(tmp_path)
    assert station.resumed.outcome == "none"
    assert_reversed(station, voided, RESET, "players left")
    station.close()


def test_a_round_the_recovery_voids_is_reversed_at_start_up_5324_41_k_5(tmp_path: Path) -> None:
    """A casino whose rules void a round interrupted before the deal (station setting
    ``void_interrupted_phases``): the reopened station voids it with the round's own void —
    a RETURN line per wager for the dealer, as a supervisor's void — and takes its
    contribution back when the void ends."""
    station = open_station(tmp_path, void_interrupted_phases=["starting_position"])
    voided = counted_round(station)
    assert station.round is not None and station.round.step.phase == "starting_position"
    station.close()
    station = open_station(tmp_path)
    assert station.resumed.outcome == "voided" and station.resumed.round_id == voided
    assert station.round is not None and station.round.step.phase == "return_wagers"
    returns = station.round.void_returns
    assert {p.position for p in returns} == {1, 4, 6}  # each wager, progressive included
    assert {p.outcome for p in returns} == {"return"}
    dealer_ends_the_void(station)
    assert station.round is None
    assert_reversed(station, voided, RESET, "interrupted in the starting_position phase")
    station.close()
