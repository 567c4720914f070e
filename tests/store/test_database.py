"""The table database: WAL, synchronous=FULL, migrations, refusals, and the audit log kept in
step with it across a crash."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from station_helpers import open_station

from dealer_station import audit
from dealer_station.cli import main
from dealer_station.store import paths
from dealer_station.store.database import MIGRATIONS, Store, StoreError


def table_dir(tmp_path: Path) -> Path:
    return tmp_path / "T1"


def test_wal_full_synchronous_and_every_migration(tmp_path: Path) -> None:
    with Store.open(table_dir(tmp_path), "T1") as store:
        assert store.pragma("journal_mode") == "wal"
        assert store.pragma("synchronous") == 2  # FULL
        assert store.pragma("foreign_keys") == 1
        assert store.pragma("user_version") == MIGRATIONS[-1][0]
        names = {row[0] for row in store.query("SELECT name FROM sqlite_master")}
        assert {"rounds", "records", "meters", "meter_entries", "jackpots", "users",
                "audit_head", "rounds_by_start"} <= names


def test_an_older_schema_is_migrated_forward(tmp_path: Path) -> None:
    directory = table_dir(tmp_path)
    with Store.open(directory, "T1") as store:
        store.connection.execute("DROP INDEX rounds_by_start")
        store.connection.execute("DROP INDEX meter_entries_by_meter")
        store.connection.execute("DROP TABLE sessions")  # version 4's
        store.connection.execute("ALTER TABLE users DROP COLUMN lockouts")
        store.connection.execute("DROP TABLE checkpoints")
        for column in ("limit_cents", "overflow", "retired"):  # added by schema 7
            store.connection.execute(f"ALTER TABLE meters DROP COLUMN {column}")
        store.connection.execute("DROP TABLE archived_rounds")  # schema 10's
        store.connection.execute("ALTER TABLE records DROP COLUMN line")  # schema 15's
        store.connection.execute("PRAGMA user_version = 1")
    with Store.open(directory, "T1") as store:
        assert store.pragma("user_version") == MIGRATIONS[-1][0]
        assert store.query("SELECT lockouts FROM users") == []
        assert store.query("SELECT 1 FROM sqlite_master WHERE name = 'rounds_by_start'")


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    directory = table_dir(tmp_path)
    with Store.open(directory, "T1") as store:
        store.connection.execute("PRAGMA user_version = 99")
    with pytest.raises(StoreError, match="newer than this program"):
        Store.open(directory, "T1")


def test_data_directory_from_option_environment_or_platform(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.ENV_DATA_DIR, str(tmp_path / "env"))
    assert paths.data_directory() == tmp_path / "env"
    assert paths.data_directory(tmp_path / "opt") == tmp_path / "opt"
    monkeypatch.delenv(paths.ENV_DATA_DIR)
    assert "dealer-station" in str(paths.data_directory())
    monkeypatch.setenv(paths.ENV_TABLE, "PG-3")
    assert paths.table_id() == "PG-3"


def test_a_corrupt_database_is_a_clear_refusal(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    open_station(tmp_path).close()
    database = table_dir(tmp_path) / "table.sqlite3"
    database.write_bytes(b"this is not a database" * 300)
    with pytest.raises(StoreError, match=r"refusing to start: the database .* is corrupt"):
        open_station(tmp_path)
    assert main(["--data-dir", str(tmp_path), "history", "--table", "T1"]) == 2
    assert "corrupt" in capsys.readouterr().err


def test_a_damaged_page_is_a_clear_refusal(tmp_path: Path) -> None:
    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    database = table_dir(tmp_path) / "table.sqlite3"
    data = bytearray(database.read_bytes())
    for offset in range(4096, len(data), 4096):  # scribble over every page after the header
        data[offset:offset + 64] = b"\xff" * 64
    database.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="corrupt"):
        open_station(tmp_path)


def test_a_missing_database_after_the_station_has_run_is_refused(tmp_path: Path) -> None:
    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    for suffix in ("", "-wal", "-shm"):
        (table_dir(tmp_path) / f"table.sqlite3{suffix}").unlink(missing_ok=True)
    with pytest.raises(StoreError, match=r"database .* is missing but the audit log"):
        open_station(tmp_path)
    assert not (table_dir(tmp_path) / "table.sqlite3").exists()  # no silent fresh one


def test_an_emptied_database_after_the_station_has_run_is_refused_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A database file truncated to nothing reads in SQLite as a new, empty database: with the
    audit log showing the table has run, every opening refuses it and none builds a fresh
    schema in it (not the station, not ``users``, not ``--check``)."""
    from dealer_station.check import run_checks

    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    database = table_dir(tmp_path) / "table.sqlite3"
    for suffix in ("-wal", "-shm"):
        (table_dir(tmp_path) / f"table.sqlite3{suffix}").unlink(missing_ok=True)
    database.write_bytes(b"")
    with pytest.raises(StoreError, match=r"database .* is empty \(no schema\) but the audit log"):
        open_station(tmp_path)
    assert main(["--data-dir", str(tmp_path), "users", "list", "--table", "T1"]) == 2
    assert "is empty (no schema)" in capsys.readouterr().err
    results = {r.name: r for r in run_checks(None, str(tmp_path), table="T1")}
    assert not results["database"].passed and "is empty" in results["database"].detail
    assert database.stat().st_size == 0  # left as found, for the technician to restore


def test_a_database_of_something_else_is_refused(tmp_path: Path) -> None:
    table_dir(tmp_path).mkdir(parents=True)
    with sqlite3.connect(table_dir(tmp_path) / "table.sqlite3") as other:
        other.execute("CREATE TABLE invoices (id INTEGER)")
    other.close()
    with pytest.raises(StoreError, match="not a Dealer Station table database"):
        open_station(tmp_path)


def test_two_stations_cannot_open_one_table(tmp_path: Path) -> None:
    first = open_station(tmp_path)
    with pytest.raises(StoreError, match="another station"):
        open_station(tmp_path)
    first.close()


def test_a_crash_between_commit_and_audit_write_is_completed_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    real_append = audit.append_line

    def power_cut(path: Path, line: str) -> None:  # half of the first line reaches the disk
        with open(path, "a") as handle:
            handle.write(line[: len(line) // 3])
        raise OSError("power cut")

    monkeypatch.setattr(audit, "append_line", power_cut)
    with pytest.raises(StoreError):
        station.record_device_event("shoe", "fault", code="jam")
    with pytest.raises(StoreError, match="stopped after an error"):
        station.record_device_event("shoe", "recovery")
    monkeypatch.setattr(audit, "append_line", real_append)
    station.close()
    # Until the station opens again the log lacks the record: reported, with its number.
    assert main(["--data-dir", str(tmp_path), "audit", "verify", "--table", "T1"]) == 1
    assert "INCOMPLETE at record" in capsys.readouterr().out
    reopened = open_station(tmp_path)
    assert reopened.store.notes and "completed from the database" in reopened.store.notes[0]
    assert reopened.store.verify_audit().ok
    assert main(["--data-dir", str(tmp_path), "audit", "verify", "--table", "T1"]) == 0
    # (the device's last known state sealed after it: device_state is a state table)
    last = [json.loads(line) for line in
            (table_dir(tmp_path) / "audit.jsonl").read_text().splitlines()
            if '"kind":"device"' in line][-1]
    assert last["kind"] == "device" and last["data"]["code"] == "jam"
    reopened.close()


def test_an_audit_log_longer_than_the_database_knows_is_refused(tmp_path: Path) -> None:
    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    head = station.store.audit_state  # the closed record included
    extra = audit.make_entry(head.seq + 1, head.hash, "config", {"forged": True})
    audit.append_line(table_dir(tmp_path) / "audit.jsonl", extra.line)
    with pytest.raises(StoreError, match="not known to the database"):
        open_station(tmp_path)


def test_the_audit_head_survives_in_the_database(tmp_path: Path) -> None:
    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    state = station.store.audit_state  # the closed record included
    connection = sqlite3.connect(table_dir(tmp_path) / "table.sqlite3")
    row = connection.execute("SELECT seq, hash FROM audit_head").fetchone()
    connection.close()
    assert tuple(row) == (state.seq, state.hash)
    assert audit.verify(table_dir(tmp_path) / "audit.jsonl").head == state.hash


def test_a_store_closed_twice_seals_its_tail_once(tmp_path: Path) -> None:
    station = open_station(tmp_path)
    station.create_first_supervisor("S1", "Sam", "111111")
    station.close()
    station.close()
    lines = (table_dir(tmp_path) / "audit.jsonl").read_text().splitlines()
    assert [json.loads(line)["kind"] for line in lines].count("closed") == 1
