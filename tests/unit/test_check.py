"""``dealer-station --check``: a sound table passes; a broken configuration (with the clause it
breaks), a tampered or truncated audit log, a corrupt database, a missing database, a schema
from a newer version and a failing device each fail with the reason; an old schema is migrated.
"""

from __future__ import annotations

import json
import sqlite3
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from own_pins import add_account

from dealer_station import audit, check
from dealer_station.check import CheckResult, run_checks
from dealer_station.cli import main
from dealer_station.resources_path import resource_path
from dealer_station.station import Station
from dealer_station.store.database import MIGRATIONS
from drivers.protocol.codes import FaultCode
from drivers.sim.table import SimulatedTable, start_simulated_table

TABLE = "table-1"


def _settings() -> dict[str, object]:
    with open(resource_path("let_it_ride.toml"), "rb") as handle:
        return tomllib.load(handle)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A table that has run: configuration stored, a supervisor, audit records."""
    directory = tmp_path / "data"
    station = Station.open(TABLE, str(directory), game="let_it_ride", settings=_settings(),
                           pin_cost=2**8)
    try:
        station.create_first_supervisor("S1", "Sam Super", "111111")
        add_account(station, "D1", "Dee Dealer", "dealer", "3333", supervisor="S1", pin="111111")
        station.sign_in("D1", "3333")
    finally:
        station.close()
    return directory


def _checks(data_dir: Path, config: Path | None = None) -> dict[str, CheckResult]:
    results = run_checks(str(config) if config else None, str(data_dir), table=TABLE,
                         transport="memory")
    assert [r.name for r in results] == ["program", "configuration", "database", "audit chain",
                                        "segments", "file modes", "witness", "devices"]
    return {r.name: r for r in results}


def _failed(results: dict[str, CheckResult]) -> list[str]:
    return [name for name, result in results.items() if not result.passed]


def _audit_log(data_dir: Path) -> Path:
    return data_dir / TABLE / "audit.jsonl"


def _database(data_dir: Path) -> Path:
    return data_dir / TABLE / "table.sqlite3"


def test_a_sound_table_passes_every_check(data_dir: Path) -> None:
    results = _checks(data_dir)
    assert _failed(results) == []
    assert "integrity ok" in results["database"].detail
    assert "matches the database" in results["audit chain"].detail
    assert "simulated table" in results["devices"].detail
    assert "9 device(s)" in results["devices"].detail  # shoe, seven acceptors, lockout


def test_first_start_passes_and_creates_nothing(tmp_path: Path) -> None:
    """No configuration and no database: the shipped default, the simulated table, no files."""
    results = _checks(tmp_path / "fresh")
    assert _failed(results) == []
    assert "first start" in results["database"].detail
    assert "first start" in results["audit chain"].detail
    assert not (tmp_path / "fresh").exists()


def test_cli_check_prints_one_line_per_check_and_exits_zero(
        data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(data_dir), "--check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "OK    program", "OK    configuration", "OK    database", "OK    audit chain",
        "OK    segments", "OK    file modes", "OK    witness", "OK    devices"]


def test_payout_limit_below_the_floor_fails_with_clause_5324_34_f_2(
        data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A configuration the regulation does not allow: the payout limit under $50,000
    (5324.34(f)(2)) is refused with the clause, and the exit status is non-zero."""
    text = resource_path("let_it_ride.toml").read_text()
    assert "payout_limit = 100000" in text
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("payout_limit = 100000", "payout_limit = 1000"))
    results = _checks(data_dir, broken)
    assert _failed(results) == ["configuration"]  # the devices are checked all the same
    assert "5324.34(f)(2)" in results["configuration"].detail
    assert main(["--config", str(broken), "--data-dir", str(data_dir), "--check"]) == 1
    captured = capsys.readouterr()
    assert "FAIL  configuration:" in captured.out and "5324.34(f)(2)" in captured.out
    assert "1 check(s) failed: configuration" in captured.err


def test_a_configuration_that_is_not_toml_fails(data_dir: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("[table\npositions = 7\n")
    results = _checks(data_dir, broken)
    assert "not valid TOML" in results["configuration"].detail
    assert _failed(results) == ["configuration", "devices"]
    assert "cannot be used" in results["devices"].detail


def test_a_bad_devices_table_fails(data_dir: Path, tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text(resource_path("let_it_ride.toml").read_text()
                      + '\n[devices.shoe]\nurl = "/dev/ttyUSB0"\nstack_size = 9\n')
    results = _checks(data_dir, config)
    assert not results["configuration"].passed
    assert "stack_size" in results["configuration"].detail


def test_a_stored_configuration_the_game_refuses_fails(data_dir: Path) -> None:
    """The configuration the station runs with is the one stored in the database."""
    with sqlite3.connect(_database(data_dir)) as connection:
        document = json.loads(connection.execute(
            "SELECT document FROM config ORDER BY version DESC").fetchone()[0])
        document["settings"]["table"]["payout_limit"] = 10
        connection.execute("UPDATE config SET document = ?", (json.dumps(document),))
    connection.close()
    results = _checks(data_dir)
    assert not results["configuration"].passed
    assert "stored for table table-1" in results["configuration"].detail
    assert "5324.34(f)(2)" in results["configuration"].detail


def test_an_edited_audit_record_fails_with_the_record(data_dir: Path) -> None:
    path = _audit_log(data_dir)
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    record["data"]["name"] = "Mallory"
    lines[1] = json.dumps(record, sort_keys=True, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n")
    results = _checks(data_dir)
    assert _failed(results) == ["audit chain"]
    assert "record 2: content does not match its hash (edited)" in results["audit chain"].detail


def test_a_truncated_audit_log_fails(data_dir: Path) -> None:
    """More cut off than the last transaction (which the database holds: a crash) fails."""
    path = _audit_log(data_dir)
    lines = path.read_text().splitlines()
    with sqlite3.connect(_database(data_dir)) as connection:
        last = len(json.loads(connection.execute("SELECT pending FROM audit_head").fetchone()[0]))
    connection.close()
    path.write_text("\n".join(lines[:-last - 1]) + "\n")
    results = _checks(data_dir)
    assert _failed(results) == ["audit chain"]
    assert f"record {len(lines) - last}: missing" in results["audit chain"].detail


def test_a_log_one_interrupted_write_behind_the_database_passes(data_dir: Path) -> None:
    """A crash between the database commit and the log write is completed at the next start."""
    path = _audit_log(data_dir)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n")
    results = _checks(data_dir)
    assert _failed(results) == []
    assert "interrupted write" in results["audit chain"].detail
    assert path.read_text().splitlines() == lines[:-1]  # the check itself writes nothing


def test_a_corrupt_database_fails(data_dir: Path) -> None:
    database = _database(data_dir)
    data = bytearray(database.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[page:3 * page] = b"\xa5" * (2 * page)
    database.write_bytes(bytes(data))
    results = _checks(data_dir)
    assert not results["database"].passed
    assert "corrupt" in results["database"].detail
    assert not results["audit chain"].passed  # no head it can be compared with


def test_a_missing_database_with_an_audit_log_fails(data_dir: Path) -> None:
    _database(data_dir).unlink()
    results = _checks(data_dir)
    assert not results["database"].passed
    assert "restore the database" in results["database"].detail


def test_a_database_from_a_newer_version_fails(data_dir: Path) -> None:
    with sqlite3.connect(_database(data_dir)) as connection:
        connection.execute(f"PRAGMA user_version = {MIGRATIONS[-1][0] + 1}")
    connection.close()
    results = _checks(data_dir)
    assert not results["database"].passed
    assert "newer than this program knows" in results["database"].detail


def test_an_old_schema_is_migrated_and_the_chain_continues(data_dir: Path) -> None:
    """Upgrade: a database left at schema version 1 by an older version is migrated by the
    check; the audit chain is kept and continues with one ``state`` record sealing the
    accounts, configuration, meters and jackpot records as the proven database holds them."""
    before = _audit_log(data_dir).read_bytes()
    with sqlite3.connect(_database(data_dir)) as connection:
        connection.execute("DROP INDEX rounds_by_start")
        connection.execute("DROP INDEX meter_entries_by_meter")
        connection.execute("DROP TABLE sessions")  # version 4's
        connection.execute("ALTER TABLE users DROP COLUMN lockouts")
        connection.execute("DROP TABLE checkpoints")
        for column in ("limit_cents", "overflow", "retired"):  # added by schema 7
            connection.execute(f"ALTER TABLE meters DROP COLUMN {column}")
        connection.execute("DROP TABLE round_positions")
        # schema 15's journal rows hold where their audit line is, not the data: as before
        log = _audit_log(data_dir).read_bytes()
        for rowid, offset in connection.execute("SELECT rowid, line FROM records").fetchall():
            data = json.loads(log[offset:log.index(b"\n", offset)])["data"]
            connection.execute("UPDATE records SET record = ? WHERE rowid = ?",
                               (audit.canonical_json(data), rowid))
        connection.execute("ALTER TABLE records DROP COLUMN line")
        connection.execute("PRAGMA user_version = 1")
    connection.close()
    results = _checks(data_dir)
    assert _failed(results) == []
    assert f"migrated from schema version 1 to {MIGRATIONS[-1][0]}" in results["database"].detail
    with sqlite3.connect(_database(data_dir)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == MIGRATIONS[-1][0]
    connection.close()
    after = _audit_log(data_dir).read_bytes()
    assert after.startswith(before)
    added = [json.loads(line) for line in after[len(before):].decode().splitlines()]
    assert [r["kind"] for r in added] == ["state"]
    assert "sealed after the migration from schema version 1" in added[0]["data"]["reason"]
    assert audit.verify(_audit_log(data_dir)).ok


@pytest.fixture
def hardware() -> Iterator[SimulatedTable]:
    """Devices configured by URL (the simulated table standing in for the hardware)."""
    table = start_simulated_table("let_it_ride", "memory")
    yield table
    table.close()


def _with_devices(tmp_path: Path, devices: dict[str, dict[str, object]]) -> Path:
    config = tmp_path / "table.toml"
    lines = [resource_path("let_it_ride.toml").read_text()]
    for name, values in devices.items():
        lines.append(f"[devices.{name}]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in values.items()]
    config.write_text("\n".join(lines) + "\n")
    return config


def test_configured_devices_are_identified_and_self_tested(
        data_dir: Path, tmp_path: Path, hardware: SimulatedTable) -> None:
    results = _checks(data_dir, _with_devices(tmp_path, hardware.device_table()))
    assert _failed(results) == []
    assert "9 device(s) identified and self-tested, configured" in results["devices"].detail


def test_a_device_failing_its_self_test_fails(
        data_dir: Path, tmp_path: Path, hardware: SimulatedTable) -> None:
    fault = next(iter(FaultCode))
    hardware.backdoor.fail_self_test("shoe", fault)
    results = _checks(data_dir, _with_devices(tmp_path, hardware.device_table()))
    assert _failed(results) == ["devices"]
    assert "shoe selftest: self-test failed" in results["devices"].detail


def test_a_configured_device_that_is_absent_fails(data_dir: Path, tmp_path: Path) -> None:
    config = _with_devices(tmp_path, {"lockout": {"url": str(tmp_path / "no-such-port")}})
    results = _checks(data_dir, config)
    assert _failed(results) == ["devices"]
    assert "lockout identify" in results["devices"].detail


def test_lines_name_the_check_and_the_reason() -> None:
    results = [CheckResult("database", True, "ok"), CheckResult("devices", False, "shoe jam")]

    class Out:
        def __init__(self) -> None:
            self.text = ""

        def write(self, text: str) -> int:
            self.text += text
            return len(text)

        def flush(self) -> None:
            pass

    out, err = Out(), Out()
    assert check.print_results(results, out, err) == 1  # type: ignore[arg-type]
    assert out.text == "OK    database: ok\nFAIL  devices: shoe jam\n"
    assert err.text == "dealer-station --check: 1 check(s) failed: devices\n"


def test_check_while_the_station_is_open_reads_without_taking_the_table(data_dir: Path) -> None:
    """A technician may run the check beside a running station: nothing is written, the
    station's lock is not needed (the schema is current)."""
    station = Station.open(TABLE, str(data_dir), pin_cost=2**8)
    try:
        results = _checks(data_dir)
        assert _failed(results) == []
        station.sign_in("D1", "3333")  # the station goes on writing afterwards
    finally:
        station.close()
    assert _failed(_checks(data_dir)) == []


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight Let It Ride rounds played through the station (round 7 voided by a supervisor)."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "store"))
    import crash_player

    directory = tmp_path_factory.mktemp("played")
    assert crash_player.main(str(directory), 8, 7) == 0
    return directory


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        # a row holds no data since schema 15 (its audit line does): written back, edited
        ("UPDATE records SET record = json_object('action', action, 'arguments', "
         "json_object('total', 1), 'clause', NULL, 'effects', json_object(), 'sequence', "
         "sequence) WHERE round_id = 2 AND sequence = 1",
         "round 2 record 1 differs from audit record"),
        ("DELETE FROM records WHERE round_id = 3 AND sequence = 2",
         "round 3 record 2 (audit record"),
        ("INSERT INTO records (round_id, sequence, action, record, actor, time, line) "
         "SELECT round_id, 99, action, record, actor, time, line FROM records "
         "WHERE round_id = 4 AND sequence = 1",
         "round 4 record 99 is in the database but not in the audit log"),
        # the payments are kept once, in the completion's audit record: written back edited
        ("UPDATE rounds SET document = json_set(document, '$.payments', "
         "json('[{\"amount\":9}]')) WHERE id = 5",
         "round 5: its payments differ from audit record"),
        ("UPDATE rounds SET void_reason = 'the dealer misdealt' WHERE id = 7",
         "round 7: its void reason differs"),
        ("UPDATE rounds SET status = 'complete' WHERE id = 7",
         "round 7 is complete in the database but void in audit record"),
        # the meter still equals its journal's sum in both: only the audit log tells
        ("UPDATE meter_entries SET detail = replace(detail, 'wagered\": 100', "
         "'wagered\": 500') WHERE id = 2",
         "meter entry 2 (bonus_progressive contribution) differs from audit record"),
        ("UPDATE meters SET current = (SELECT balance FROM meter_entries ORDER BY id DESC "
         "LIMIT 1 OFFSET 1); DELETE FROM meter_entries WHERE id = (SELECT MAX(id) FROM "
         "meter_entries)", "is missing from the database (deleted)"),
    ],
)
def test_a_journal_row_edited_in_the_database_fails_the_check(
    played: Path, tmp_path: Path, tamper: str, reason: str
) -> None:
    """The audit chain is sound and its head matches, but a round's record, status, void
    reason or payments was changed in the database behind the station's back: the database
    check fails naming the round (the journal must equal what the audit log recorded)."""
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(played, copy)
    table = "LIR-1"
    sound = {r.name: r for r in run_checks(None, str(copy), table=table, transport="memory")}
    assert sound["database"].passed, sound["database"]
    with sqlite3.connect(copy / table / "table.sqlite3") as connection:
        connection.executescript(tamper)
    connection.close()
    results = {r.name: r for r in run_checks(None, str(copy), table=table, transport="memory")}
    assert not results["database"].passed
    assert "does not match the audit log" in results["database"].detail
    assert reason in results["database"].detail
    assert results["audit chain"].passed  # the log itself is sound: the database was edited


def test_above_the_scan_limit_a_corrupt_accounts_table_still_fails_the_check(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a database too large to scan before every start still has the tables a start
    relies on checked one by one (here the accounts' pages overwritten)."""
    monkeypatch.setattr(check, "SCAN_LIMIT_BYTES", 0)
    database = _database(data_dir)
    connection = sqlite3.connect(database)
    page_size = connection.execute("PRAGMA page_size").fetchone()[0]
    root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'users'"
                              ).fetchone()[0]
    connection.close()
    data = bytearray(database.read_bytes())
    data[(root - 1) * page_size + 8:root * page_size] = b"\xa5" * (page_size - 8)
    database.write_bytes(bytes(data))
    results = _checks(data_dir)
    assert not results["database"].passed
    assert results["database"].detail.startswith(f"{database} is corrupt: "), \
        results["database"].detail  # SQLite's words for the table, not a failed open's


def test_a_database_above_the_scan_limit_is_not_scanned_before_every_start(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 17: the check before every start does not grow with the database; the full scan
    is `audit verify`'s."""
    monkeypatch.setattr(check, "SCAN_LIMIT_BYTES", 0)
    results = _checks(data_dir)
    assert _failed(results) == []
    assert ("integrity ok for the tables a start relies on (users, config, meters, jackpots, "
            "device_state, jackpot_winners, sessions, account_changes, audit_head, meta); the "
            "whole database "
            "(0 MiB) is not scanned here"
            in results["database"].detail)
    assert "`dealer-station audit verify --database` scans it" in results["database"].detail
    assert main(["--data-dir", str(data_dir), "audit", "verify", "--database",
                 "--table", TABLE]) == 0
    assert "the database equals it from the first record" in capsys.readouterr().out
