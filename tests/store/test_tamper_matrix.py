"""Tamper matrix (issue 20): every edit an attacker with a shell on the table PC can make to the
table's own files — accounts, jackpot records, configuration, journal rows, round documents,
meter entries, audit lines (edited, deleted, reordered, truncated), a re-chained log, the
database rolled back alone, both files rolled back, the ``-wal`` file deleted — is refused at
the next plain start of the station (what the dealer's screen does) with a message naming the
table and row, or the audit record, that changed. The witness is a file outside the data
directory (``DEALER_STATION_WITNESS``).

One table is played once per module through the station's own API; each case tampers with a
copy of it."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import crash_player
import pytest

from dealer_station import audit
from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import database
from dealer_station.store import meters as meter_store
from dealer_station.store.database import StoreError
from dealer_station.store.witness import ENV_WITNESS

TABLE = crash_player.TABLE
PINS = crash_player.PINS


def _open(data_dir: Path) -> Station:
    return Station.open(TABLE, str(data_dir), game="let_it_ride",
                        settings=crash_player.SETTINGS, pin_cost=2**8)


def _play(station: Station, rounds: int) -> None:
    station.sign_in("D1", PINS["D1"])
    for _ in range(rounds):
        station.start_round()
        assert station.round_id is not None
        for action, arguments in crash_player.let_it_ride_plan(station.round_id, 5):
            crash_player.perform(station, action, arguments)
        crash_player.pay_jackpots(station)
    station.sign_out()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``root/data`` (the table after 5 rounds, then 5 more), ``root/witness.jsonl``, and
    ``root/older`` (the data directory as it stood after the first 5 rounds)."""
    root = tmp_path_factory.mktemp("played")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(ENV_WITNESS, str(root / "witness.jsonl"))
        station = _open(root / "data")
        try:
            crash_player.setup(station)
            _play(station, 5)
        finally:
            station.close()
        shutil.copytree(root / "data", root / "older")
        station = _open(root / "data")
        try:
            station.change_configuration({"table": {"dealing": "shoe", "minimum": 5,
                                                    "maximum": 200}},
                                         supervisor="S1", pin=PINS["S1"])
            _play(station, 5)
        finally:
            station.close()
        with _open(root / "data") as station:
            assert len(meter_store.jackpots(station.store)) == 2
    yield root


@pytest.fixture
def copy(played: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the played table's data directory, with its own copy of the witness."""
    shutil.copytree(played / "data", tmp_path / "data")
    shutil.copy(played / "witness.jsonl", tmp_path / "witness.jsonl")
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    return tmp_path / "data"


def _sql(sql: str) -> Callable[[Path, Path], None]:
    def tamper(data: Path, _played: Path) -> None:
        with sqlite3.connect(data / TABLE / "table.sqlite3") as connection:
            connection.executescript(sql)
        connection.close()
    return tamper


def _lines(data: Path) -> list[str]:
    return (data / TABLE / "audit.jsonl").read_text().splitlines()


def _write_lines(data: Path, lines: list[str]) -> None:
    (data / TABLE / "audit.jsonl").write_text("\n".join(lines) + "\n")


def _edit_line(data: Path, _played: Path) -> None:
    lines = _lines(data)
    lines[9] = lines[9].replace('"kind":"', '"kind":"x', 1)
    _write_lines(data, lines)


def _delete_line(data: Path, _played: Path) -> None:
    lines = _lines(data)
    del lines[20]
    _write_lines(data, lines)


def _reorder_lines(data: Path, _played: Path) -> None:
    lines = _lines(data)
    lines[30], lines[31] = lines[31], lines[30]
    _write_lines(data, lines)


def _truncate(data: Path, _played: Path) -> None:
    _write_lines(data, _lines(data)[:-40])


def _database_rolled_back(data: Path, played: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        (data / TABLE / f"table.sqlite3{suffix}").unlink(missing_ok=True)
        older = played / "older" / TABLE / f"table.sqlite3{suffix}"
        if older.exists():
            shutil.copy(older, data / TABLE / older.name)


def _both_rolled_back(data: Path, played: Path) -> None:
    shutil.rmtree(data / TABLE)
    shutil.copytree(played / "older" / TABLE, data / TABLE)


def _line_hash(record: dict[str, Any]) -> str:
    body = {key: value for key, value in record.items() if key != "hash"}
    return hashlib.sha256(audit.canonical_json(body).encode()).hexdigest()


def rechain(data: Path, edit: Callable[[dict[str, Any]], bool]) -> int:
    """Edit the audit records ``edit`` changes (it returns True for them), recompute every hash
    and link after the first, the database's head and checkpoints: a consistent forgery.
    Returns the first record edited."""
    records = [json.loads(line) for line in _lines(data)]
    first = next(index for index, record in enumerate(records) if edit(record))
    for record in records[first + 1:]:
        edit(record)
    offset = 0
    with sqlite3.connect(data / TABLE / "table.sqlite3") as connection:
        # the round summaries name their completion record's place, and the record their
        # summary's digest (the same length whatever it is: the places stay)
        for record in records:
            data_ = record["data"]
            if record["kind"] == "round" and "document_sha256" in data_:
                stored = json.loads(connection.execute(
                    "SELECT document FROM rounds WHERE id = ?", (record["round"],)).fetchone()[0])
                if stored.get("payments_in_audit", {}).get("seq") == record["seq"]:
                    stored["payments_in_audit"]["offset"] = offset
                text = audit.canonical_json(stored)
                connection.execute("UPDATE rounds SET document = ? WHERE id = ?",
                                   (text, record["round"]))
                data_["document_sha256"] = hashlib.sha256(text.encode()).hexdigest()
            offset += len(audit.canonical_json(record).encode()) + 1
    connection.close()
    prev = records[first - 1]["hash"]
    for record in records[first:]:
        record["prev"] = prev
        record["hash"] = prev = _line_hash(record)
    lines = [audit.canonical_json(record) for record in records]
    _write_lines(data, lines)
    offset = 0
    with sqlite3.connect(data / TABLE / "table.sqlite3") as connection:
        start = connection.execute("SELECT first_pending FROM audit_head").fetchone()[0]
        connection.execute("UPDATE audit_head SET hash = ?, pending = ?",
                           (records[-1]["hash"], json.dumps(lines[start - 1:])))
        for record, line in zip(records, lines, strict=True):
            connection.execute("UPDATE checkpoints SET hash = ?, offset = ? WHERE seq = ?",
                               (record["hash"], offset, record["seq"]))
            if record["kind"] == "action":  # where each journal row's line now begins
                connection.execute("UPDATE records SET line = ? WHERE round_id = ? AND "
                                   "sequence = ? AND record = ''",
                                   (offset, record["round"], record["data"]["sequence"]))
            offset += len(line.encode()) + 1
    connection.close()
    return first + 1


def _rechained_meter_entry(data: Path, _played: Path) -> None:
    """Item 4: a meter entry's wagered amount changed in the database and in its audit line,
    every link and the head recomputed."""
    round_id = _round_of_entry(data, 2)
    _sql("UPDATE meter_entries SET detail = replace(detail, '\"wagered\": ', "
         "'\"wagered\": 1') WHERE id = 2")(data, _played)

    def edit(record: dict[str, Any]) -> bool:
        data_ = record["data"]
        if record["kind"] == "meter" and data_.get("kind") == "contribution" and \
                "wagered" in data_ and record["round"] == round_id:
            data_["wagered"] = int(f"1{data_['wagered']}")
            return True
        return False
    rechain(data, edit)


def _round_of_entry(data: Path, entry: int) -> int:
    with sqlite3.connect(data / TABLE / "table.sqlite3") as connection:
        found = int(connection.execute("SELECT round_id FROM meter_entries WHERE id = ?",
                                       (entry,)).fetchone()[0])
    connection.close()
    return found


def _wal_deleted(data: Path, played: Path) -> None:
    """The station's last transactions still in the ``-wal`` file (a station killed, or its
    files copied while it runs), and that file deleted."""
    station = _open(data)
    try:
        _play(station, 1)
        files = {name: (data / TABLE / name).read_bytes()
                 for name in ("table.sqlite3", "audit.jsonl")}
    finally:
        station.close()
    for name, content in files.items():
        (data / TABLE / name).write_bytes(content)
    for suffix in ("-wal", "-shm"):
        (data / TABLE / f"table.sqlite3{suffix}").unlink(missing_ok=True)


#: A journal row's data written back into the row, edited.
_EDITED_ROW = ("UPDATE records SET record = json_object('action', action, 'arguments', "
               "json_object('edited', 1), 'clause', NULL, 'effects', json_object(), "
               "'sequence', sequence)")

CASES: dict[str, tuple[Callable[[Path, Path], None], str]] = {
    # item 1: accounts
    "dealer made supervisor": (
        _sql("UPDATE users SET role = 'supervisor' WHERE id = 'D1'"),
        r"users row D1 differs from audit record \d+ \(changed outside the station\)"),
    "PIN hash replaced": (
        _sql("UPDATE users SET pin_hash = (SELECT pin_hash FROM users WHERE id = 'D1') "
             "WHERE id = 'S1'"),
        r"users row S1 differs from audit record \d+"),
    "supervisor inserted": (
        _sql("INSERT INTO users (id, name, role, pin_hash, created) SELECT 'X9', 'Mallory', "
             "'supervisor', pin_hash, created FROM users WHERE id = 'S1'"),
        r"users row X9 is in the database but not in audit record \d+ \(inserted outside"),
    # item 2: jackpot records
    "jackpot amount and supervisor": (
        _sql("UPDATE jackpots SET amount = amount * 10, supervisor = 'D1' WHERE number = 1"),
        r"jackpots row 1 differs from audit record \d+"),
    "last jackpot deleted": (
        _sql("DELETE FROM jackpots WHERE number = 2"),
        r"jackpots row 2 is missing from the database \(deleted outside the station"),
    # item 3: configuration
    "maximum raised": (
        _sql("UPDATE config SET document = replace(document, '\"maximum\": 200', "
             "'\"maximum\": 20000') WHERE version = 2"),
        r"config row 2 differs from audit record \d+"),
    "meter reset raised": (
        _sql("UPDATE meters SET reset = reset * 10"),
        r"meters row bonus_progressive differs from audit record \d+"),
    "session deleted": (
        _sql("DELETE FROM sessions WHERE id = 1"),
        r"sessions row 1 is missing from the database"),
    # item 4: re-chaining (the witness)
    "meter entry re-chained": (
        _rechained_meter_entry,
        r"audit record \d+ is not the one the witness .* saw at .*: the audit log was "
        r"rewritten and re-chained"),
    # item 5: both files rolled back (the witness)
    "database and log rolled back": (
        _both_rolled_back,
        r"rolled back: the witness .* saw audit record \d+ .* but the database and the audit "
        r"log end at record \d+"),
    # item 6: journal, round documents, meter entries
    # a row holds no data since schema 15 (its audit line holds it: journal_lines.py): the
    # data written back into the row, edited
    "journal record edited": (
        _sql(_EDITED_ROW + " WHERE round_id = 2 AND sequence = 1"),
        r"round 2 record 1 differs from audit record \d+ \(edited in the database\)"),
    "journal record renumbered": (
        _sql("UPDATE records SET sequence = 99 WHERE round_id = 2 AND sequence = 1"),
        r"round 2 record 1 \(audit record \d+\) is missing from the database \(deleted\)"),
    "journal record deleted": (
        _sql("DELETE FROM records WHERE round_id = 3 AND sequence = 4"),
        r"round 3 record 4 \(audit record \d+\) is missing from the database \(deleted\)"),
    # the payments are kept once, in the round's completion audit record (the document names
    # it: store/round_payments.py); written back into the document, edited
    "round payments edited": (
        _sql("UPDATE rounds SET document = json_set(document, '$.payments', "
             "json('[{\"amount\":9}]')) WHERE id = 5"),
        r"round 5: its payments differ from audit record \d+"),
    "round payments taken from another record": (
        _sql("UPDATE rounds SET document = json_set(document, '$.payments_in_audit.seq', "
             "json_extract(document, '$.payments_in_audit.seq') - 1) WHERE id = 5"),
        r"round 5: its payments differ from audit record \d+"),
    "meter entry edited": (
        _sql("UPDATE meter_entries SET detail = replace(detail, '\"wagered\": ', "
             "'\"wagered\": 1') WHERE id = 2"),
        r"meter entry 2 \(bonus_progressive contribution\) differs from audit record \d+"),
    # audit lines
    "audit line edited": (_edit_line, r"record 10: .*\(edited"),
    "audit line deleted": (_delete_line,
                           r"record 21: sequence 22 where 21 was expected \(records deleted"),
    "audit lines reordered": (_reorder_lines,
                              r"record 31: sequence 32 where 31 was expected"),
    "audit log truncated": (_truncate, r"record \d+: missing \(the log ends at record \d+ but "
                                       r"the database records \d+: truncated\)"),
    # the database alone
    "database rolled back": (_database_rolled_back,
                             r"record \d+: not known to the database .* replaced by an older "
                             r"copy or lost its -wal file"),
    "-wal deleted": (_wal_deleted, r"record \d+: not known to the database .* lost its -wal"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_tampering_is_refused_at_start_naming_what_changed(case: str, copy: Path,
                                                                played: Path) -> None:
    tamper, message = CASES[case]
    _open(copy).close()  # sound before
    tamper(copy, played)
    with pytest.raises(StoreError, match=message):
        _open(copy)


def test_the_history_command_refuses_a_tampered_table_with_the_same_words(
        copy: Path, played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    CASES["dealer made supervisor"][0](copy, played)
    assert main(["--data-dir", str(copy), "history", "--table", TABLE]) != 0
    assert "users row D1 differs from audit record" in capsys.readouterr().err


def test_without_a_witness_a_consistent_re_chaining_is_not_detectable(
        copy: Path, played: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Why the witness is needed (docs/security.md): the same forgery opens without one."""
    monkeypatch.delenv(ENV_WITNESS)
    _rechained_meter_entry(copy, played)
    _open(copy).close()


def test_the_station_writes_its_head_to_the_witness(played: Path) -> None:
    heads = [json.loads(line) for line in (played / "witness.jsonl").read_text().splitlines()]
    lines = _lines(played / "data")
    assert heads[-1]["seq"] == len(lines)
    assert heads[-1]["hash"] == json.loads(lines[-1])["hash"]
    assert {h["table"] for h in heads} == {TABLE} and len(heads) > 8


def test_data_directory_and_database_are_private_from_the_first_start(played: Path) -> None:
    directory = played / "data" / TABLE
    assert (played / "data").stat().st_mode & 0o777 == 0o700
    assert directory.stat().st_mode & 0o777 == 0o700
    assert (directory / "table.sqlite3").stat().st_mode & 0o777 == 0o600
    assert (directory / "audit.jsonl").stat().st_mode & 0o777 == 0o640


def test_check_reports_wrong_modes_and_the_start_tightens_them(
        copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database_path = copy / TABLE / "table.sqlite3"
    database_path.chmod(0o644)
    os.environ["DEALER_STATION_TABLE"] = TABLE
    try:
        assert main(["--data-dir", str(copy), "--check"]) == 1
    finally:
        del os.environ["DEALER_STATION_TABLE"]
    out = capsys.readouterr().out
    assert f"FAIL  file modes: {database_path} is 0644, should be 0600" in out
    station = _open(copy)
    assert any("file modes tightened" in note for note in station.store.notes)
    station.close()
    assert database_path.stat().st_mode & 0o777 == 0o600


def test_a_witness_inside_the_data_directory_is_refused(copy: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_WITNESS, str(copy / "witness.jsonl"))
    with pytest.raises(StoreError, match="inside the data directory"):
        _open(copy)


@pytest.fixture
def checkpointed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A table of 3 rounds played with a checkpoint sealed every 30 records."""
    monkeypatch.setattr(database, "CHECKPOINT_EVERY", 30)
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    data = tmp_path / "data"
    station = _open(data)
    try:
        crash_player.setup(station)
        _play(station, 3)
        crash_player.pay_jackpots(station)
        _play(station, 2)
        assert len(station.store.query("SELECT seq FROM checkpoints")) >= 3
        assert len(meter_store.jackpots(station.store)) == 1
    finally:
        station.close()
    return data


def test_a_start_proves_the_tail_after_the_checkpoint_and_audit_verify_everything(
        checkpointed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With checkpoints sealed every 30 records: a start verifies the records after the last
    one (the state tables always whole); a journal row of an early round edited in the
    database is found by ``audit verify --database`` (from the first record), which a start
    leaves to it."""
    data = checkpointed
    assert audit.verify(data / TABLE / "audit.jsonl").ok
    _sql(_EDITED_ROW + " WHERE round_id = 1 AND sequence = 1")(data, tmp_path)
    _open(data).close()  # proven when sealed: not read again at start
    assert main(["--data-dir", str(data), "audit", "verify", "--table", TABLE]) == 0  # chain
    capsys.readouterr()
    assert main(["--data-dir", str(data), "audit", "verify", "--database",
                 "--table", TABLE]) == 1
    assert ("round 1 record 1 differs from audit record" in capsys.readouterr().out)
    for tamper, message in (
            ("UPDATE users SET role = 'supervisor' WHERE id = 'D1'", "users row D1 differs"),
            ("UPDATE jackpots SET amount = amount * 10 WHERE number = 1",
             "jackpots row 1 differs"),
            ("UPDATE config SET changed_by = 'X9' WHERE version = 1", "config row 1 differs"),
            ("DELETE FROM sessions WHERE id = 1",
             r"sessions row 1 is missing from the database \(deleted outside the station: it "
             r"has \d+ rows where the audit log says \d+\)")):
        shutil.copytree(data, tmp_path / "case")
        _sql(tamper)(tmp_path / "case", tmp_path)
        with pytest.raises(StoreError, match=message):
            _open(tmp_path / "case")
        shutil.rmtree(tmp_path / "case")


def test_a_re_chained_record_before_the_checkpoint_is_refused_by_the_witness(
        checkpointed: Path) -> None:
    data = checkpointed

    def edit(record: dict[str, Any]) -> bool:
        if record["kind"] == "action" and record["round"] == 1 and \
                record["data"]["sequence"] == 1:
            record["data"]["arguments"]["bet_one"] = 99_900
            return True
        return False
    with sqlite3.connect(data / TABLE / "table.sqlite3") as connection:
        (sealed,), = connection.execute("SELECT max(seq) FROM checkpoints").fetchall()
    connection.close()
    first = rechain(data, edit)
    assert first < sealed
    with pytest.raises(StoreError, match="re-chained"):
        _open(data)


@pytest.mark.parametrize("case", ["database and log rolled back", "meter entry re-chained"])
def test_audit_verify_against_the_witness_finds_rollback_and_re_chaining(
        case: str, copy: Path, played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(copy), "audit", "verify", "--table", TABLE]) == 0
    assert "the heads witnessed at" in capsys.readouterr().out
    CASES[case][0](copy, played)
    assert main(["--data-dir", str(copy), "audit", "verify", "--table", TABLE]) == 1
    out = capsys.readouterr().out
    assert ("rolled back: the witness" in out if "rolled" in case
            else "the log was rewritten and re-chained" in out), out


def test_a_witness_that_cannot_be_written_is_reported_and_the_table_goes_on(
        copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "gone" / "witness.jsonl"))
    station = _open(copy)
    try:
        assert station.store.witness_problem is not None
        assert "cannot write the witness" in station.store.witness_problem
        assert any("has no head of table" in note for note in station.store.notes)
        station.sign_in("D1", PINS["D1"])  # the table goes on; retried at the next change
    finally:
        station.close()
    (tmp_path / "gone").mkdir()
    _open(copy).close()  # written now
    assert (tmp_path / "gone" / "witness.jsonl").read_text().count("\n") >= 1


# -- the closed record of a clean close (dealer_station/store/closing.py) ------------------------


def test_a_clean_close_seals_the_tail_and_the_next_start_checks_its_digests(copy: Path) -> None:
    _open(copy).close()
    lines = _lines(copy)
    assert json.loads(lines[-1])["kind"] == "closed"
    station = _open(copy)
    try:
        assert station.store.proven_by_close
    finally:
        station.close()
    assert _lines(copy) == lines  # nothing happened: nothing sealed again
    station = _open(copy)
    try:
        _play(station, 1)
    finally:
        station.close()
    assert json.loads(_lines(copy)[-1])["kind"] == "closed" and len(_lines(copy)) > len(lines)
    with _open(copy) as station:
        assert station.store.proven_by_close


def test_a_start_from_the_closed_record_goes_on_with_the_state_the_close_proved(
        copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The state tables' digests a start takes from the closed record (it computes none) are
    those the station seals on: accounts and configuration changed after such a start, a
    checkpoint sealed, and ``audit verify --database`` proves it all from the first record."""
    _open(copy).close()
    station = _open(copy)
    try:
        assert station.store.proven_by_close
        station.change_configuration({"table": {"dealing": "shoe", "minimum": 5,
                                                "maximum": 300}},
                                     supervisor="S1", pin=PINS["S1"])
        _play(station, 1)
        station.store.checkpoint()
    finally:
        station.close()
    with _open(copy) as station:
        assert station.store.proven_by_close
    assert main(["--data-dir", str(copy), "audit", "verify", "--database",
                 "--table", TABLE]) == 0, capsys.readouterr().out


def _forge_closed_record(data: Path) -> None:
    """Edit a journal row, then rewrite the closed record to hash the rows as they are now
    and the database's head to match it (a re-chaining of the last record)."""
    from dealer_station.store import closing

    CASES["journal record edited"][0](data, data)
    lines = _lines(data)
    record = json.loads(lines[-1])
    assert record["kind"] == "closed"
    connection = sqlite3.connect(data / TABLE / "table.sqlite3")
    tail = closing.Tail.from_json(record["data"]["tail"])
    rows = closing.rows_digest(connection, tail)
    forged = audit.make_entry(record["seq"], record["prev"], "closed",
                              {**record["data"], "rows": rows}, time=record["time"],
                              table=record["table"])
    with connection:
        connection.execute("UPDATE audit_head SET hash = ?, pending = ?",
                           (forged.hash, json.dumps([forged.line])))
    connection.close()
    _write_lines(data, [*lines[:-1], forged.line])


def test_a_forged_closed_record_is_refused_by_the_witness(copy: Path) -> None:
    _open(copy).close()
    _forge_closed_record(copy)
    with pytest.raises(StoreError, match=r"round 2 record 1 differs from audit record \d+ "
                                         r"\(edited in the database\)"):
        _open(copy)


def test_without_a_witness_a_forged_closed_record_is_a_re_chaining_not_detectable(
        copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same limit as any re-chaining without a witness (docs/security.md)."""
    monkeypatch.delenv(ENV_WITNESS)
    _open(copy).close()
    _forge_closed_record(copy)
    _open(copy).close()


def test_a_row_changed_while_the_station_ran_is_not_sealed_at_its_close(copy: Path) -> None:
    station = _open(copy)
    try:
        _play(station, 1)
        _sql("UPDATE users SET role = 'supervisor' WHERE id = 'D1'")(copy, copy)
    finally:
        station.close()  # its proof of the tail fails: nothing sealed
    assert json.loads(_lines(copy)[-1])["kind"] != "closed"
    with pytest.raises(StoreError, match=r"users row D1 differs from audit record \d+"):
        _open(copy)


# -- every column (dealer_station/store/columns.py): edited after the stop, refused by the
# start, by `--check` and by `audit verify --database` ---------------------------------------

_LAST = "(SELECT MAX(id) FROM rounds)"
_TIME = "'2020-01-01T00:00:00.000000Z'"

COLUMN_CASES: dict[str, tuple[str, str]] = {
    "rounds.dealer": (f"UPDATE rounds SET dealer = 'S2' WHERE id = {_LAST}",
                      r"round 10: its dealer differs from audit record \d+"),
    "rounds.started": (f"UPDATE rounds SET started = {_TIME} WHERE id = {_LAST}",
                       r"round 10: its start time differs from audit record \d+"),
    "rounds.ended": (f"UPDATE rounds SET ended = {_TIME} WHERE id = {_LAST}",
                     r"round 10: its end time differs from audit record \d+"),
    "rounds.config": (f"UPDATE rounds SET config = json_set(config, '$.settings.table.maximum', "
                      f"20000) WHERE id = {_LAST}",
                      r"round 10: its configuration differs from audit record \d+"),
    "rounds.game": (f"UPDATE rounds SET game = 'pai_gow' WHERE id = {_LAST}",
                    r"round 10: its game differs from audit record \d+"),
    **{f"rounds summary {key}": (
        f"UPDATE rounds SET document = json_set(document, '$.{key}', json('{{\"1\":9}}')) "
        f"WHERE id = {_LAST}",
        r"round 10: its stored summary \(cards, results, totals, wagers\) differs from audit "
        r"record \d+") for key in ("cards", "results", "totals")},
    "rounds summary wagers": (
        f"UPDATE rounds SET document = json_set(document, '$.wagers.\"1\"', json('[]')) "
        f"WHERE id = {_LAST}",
        r"round 10: its stored summary \(cards, results, totals, wagers\) differs"),
    "payment shown ticked": (
        f"INSERT INTO payment_ticks (round_id, payment, done, actor, time) VALUES ({_LAST}, 1, "
        f"1, 'D1', {_TIME})",
        r"round 10 payment line 1 is ticked in the database but not in the audit log"),
    "records.actor": (f"UPDATE records SET actor = 'S2' WHERE round_id = {_LAST} AND "
                      "sequence = 2", r"round 10 record 2: its actor differs from audit record"),
    "records.time": (f"UPDATE records SET time = {_TIME} WHERE round_id = {_LAST} AND "
                     "sequence = 2", r"round 10 record 2: its time differs from audit record"),
    "records.action": (f"UPDATE records SET action = 'void' WHERE round_id = {_LAST} AND "
                       "sequence = 2", r"round 10 record 2: its action differs from audit"),
    "journal row pointed at another record's line": (
        f"UPDATE records SET line = (SELECT line FROM records WHERE round_id = {_LAST} AND "
        f"sequence = 3) WHERE round_id = {_LAST} AND sequence = 2",
        r"round 10 record 2 differs from audit record \d+ \(edited in the database\)"),
    "device_state": (f"INSERT INTO device_state (device, state, detail, time) VALUES ('shoe', "
                     f"'recovery', '{{}}', {_TIME})",
                     r"device_state row shoe is in the database but not in"),
    "round_positions added": (f"INSERT INTO round_positions (position, round_id) VALUES ('6', "
                              f"{_LAST})", r"round 10: its positions \(round_positions\) differ"),
    "round_positions deleted": (f"DELETE FROM round_positions WHERE round_id = {_LAST}",
                                r"round 10: its positions \(round_positions\) differ"),
    "meter_entries.actor": ("UPDATE meter_entries SET actor = 'X9' WHERE id = (SELECT MAX(id) "
                            "FROM meter_entries)", r"meter entry \d+ \(.*\) differs from audit"),
    "meter_entries.time": (f"UPDATE meter_entries SET time = {_TIME} WHERE id = (SELECT MAX(id) "
                           "FROM meter_entries)", r"meter entry \d+ \(.*\) differs from audit"),
    "account_changes.by": ("UPDATE account_changes SET by = 'X9' WHERE user = 'D1'",
                           r"account_changes row \d+ differs from audit record \d+"),
    "users.pin_set_by": ("UPDATE users SET pin_set_by = 'S2' WHERE id = 'D1'",
                         r"users row D1 differs from audit record \d+"),
    # the validator rule's bypass: the relief supervisor's time at the table moved out of the
    # round and their actions given to the dealer
    "validator bypass: rounds.started and records.actor": (
        f"UPDATE rounds SET started = {_TIME} WHERE id = {_LAST}; UPDATE records SET actor = "
        f"'D1' WHERE round_id = {_LAST}",
        r"round 10: its start time differs from audit record \d+"),
}


@pytest.mark.parametrize("case", list(COLUMN_CASES))
def test_each_column_edited_after_the_stop_is_refused_by_start_check_and_verify(
        case: str, copy: Path, played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sql, message = COLUMN_CASES[case]
    _open(copy).close()  # sound before (and a clean close: the next start's digests)
    _sql(sql)(copy, played)
    with pytest.raises(StoreError, match=message):
        _open(copy)
    os.environ["DEALER_STATION_TABLE"] = TABLE
    try:
        capsys.readouterr()
        assert main(["--data-dir", str(copy), "--check"]) == 1
    finally:
        del os.environ["DEALER_STATION_TABLE"]
    database_line = [line for line in capsys.readouterr().out.splitlines()
                     if "database" in line and line.startswith("FAIL")]
    assert database_line and re.search(message, database_line[0]), database_line
    assert main(["--data-dir", str(copy), "audit", "verify", "--database", "--table",
                 TABLE]) == 1
    assert re.search(message, capsys.readouterr().out)
