"""The witness knows its tables: with ``DEALER_STATION_WITNESS`` set, a table whose directory or
database is gone (``rm -rf``, a database and log deleted, a database emptied) while the witness
holds its records is refused at start and by ``--check``, naming the witnessed record, never
started again as a new table with a new first supervisor; a first start only where the witness
holds none; ``dealer-station store start-over`` (a new first supervisor, a reason) is the
explicit, audited way on, recorded in the witness and as the new log's first record."""

from __future__ import annotations

import io
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import crash_player
import pytest

from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store.database import StoreError
from dealer_station.store.witness import ENV_WITNESS

TABLE = crash_player.TABLE
PINS = crash_player.PINS


def _open(data: Path) -> Station:
    return Station.open(TABLE, str(data), game="let_it_ride", settings=crash_player.SETTINGS,
                        pin_cost=2**8)


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    data = tmp_path / "data"
    station = _open(data)
    try:
        crash_player.setup(station)
        station.sign_in("D1", PINS["D1"])
        crash_player.deal_round(station, 1)
        station.start_round()  # the round in progress
    finally:
        station.close()
    return data


def _directory_deleted(data: Path) -> None:
    shutil.rmtree(data / TABLE)


def _database_and_log_deleted(data: Path) -> None:
    for name in ("table.sqlite3", "table.sqlite3-wal", "table.sqlite3-shm", "audit.jsonl"):
        (data / TABLE / name).unlink(missing_ok=True)


def _database_emptied_and_log_deleted(data: Path) -> None:
    _database_and_log_deleted(data)
    (data / TABLE / "table.sqlite3").write_bytes(b"")


GONE: dict[str, tuple[Callable[[Path], None], str]] = {
    "directory deleted": (_directory_deleted, "the table's directory .* is missing"),
    "database and log deleted": (_database_and_log_deleted, "its database .* is missing"),
    "database emptied": (_database_emptied_and_log_deleted, "its database .* is empty"),
}


def _check(data: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    os.environ["DEALER_STATION_TABLE"] = TABLE
    try:
        status = main(["--data-dir", str(data), "--check"])
    finally:
        del os.environ["DEALER_STATION_TABLE"]
    return status, capsys.readouterr().out


@pytest.mark.parametrize("case", list(GONE))
def test_a_table_the_witness_holds_records_of_is_refused_when_its_files_are_gone(
        case: str, played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gone, words = GONE[case]
    gone(played)
    with pytest.raises(StoreError, match=(
            rf"the witness .* holds audit record \d+ of table {TABLE} \(witnessed at .*\) but "
            rf"{words}: the table's records were deleted or moved.*store start-over")):
        _open(played)
    assert not (played / TABLE / "audit.jsonl").exists()  # no new table was started
    status, out = _check(played, capsys)
    assert status == 1
    assert "FAIL  witness" in out and "records were deleted or moved" in out, out


def test_a_first_start_where_the_witness_holds_none_of_the_table_is_a_first_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    witness = tmp_path / "witness.jsonl"
    witness.write_text('{"hash":"' + "a" * 64 + '","seq":9,"table":"OTHER-1","time":"t"}\n')
    monkeypatch.setenv(ENV_WITNESS, str(witness))
    station = _open(tmp_path / "data")
    try:
        assert station.needs_first_supervisor
    finally:
        station.close()


def _start_over(data: Path, monkeypatch: pytest.MonkeyPatch, *argv: str,
                stdin: str = "565656\n565656\n") -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    return main(["--data-dir", str(data), "store", "start-over", "--table", TABLE, *argv,
                 "--pin-stdin"])


def test_the_start_over_is_an_explicit_audited_supervisor_action(
        played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
        ) -> None:
    witness = Path(os.environ[ENV_WITNESS])
    lost = json.loads(witness.read_text().splitlines()[-1])
    # refused while the table's files are there, and without the reason
    assert _start_over(played, monkeypatch, "--user", "S5", "--name", "Sal",
                       "--reason", "disk lost") == 2
    assert "is there" in capsys.readouterr().err
    _directory_deleted(played)
    assert _start_over(played, monkeypatch, "--user", "S5", "--name", "Sal") == 2
    assert "needs --user, --name" in capsys.readouterr().err
    assert _start_over(played, monkeypatch, "--user", "S5", "--name", "Sal", "--reason",
                       "disk lost", stdin="565656\n111111\n") == 2
    assert "the two PINs differ" in capsys.readouterr().err
    assert not (played / TABLE).exists()  # nothing was done
    assert _start_over(played, monkeypatch, "--user", "S5", "--name", "Sal",
                       "--reason", "disk lost") == 0
    assert f"records 1-{lost['seq']}" in capsys.readouterr().out
    over = next(json.loads(line) for line in witness.read_text().splitlines()
                if '"start_over"' in line)
    assert over["start_over"]["from_seq"] == lost["seq"] and over["start_over"]["by"] == "S5"
    first = json.loads((played / TABLE / "audit.jsonl").read_text().splitlines()[0])
    assert first["kind"] == "start_over" and first["actor"] == "S5"
    assert first["data"]["lost_through"] == lost["seq"] and first["data"]["reason"] == "disk lost"
    station = _open(played)  # the table goes on from its new first supervisor
    try:
        assert not station.needs_first_supervisor
        station.sign_in("S5", "565656")
    finally:
        station.close()
    assert main(["--data-dir", str(played), "audit", "verify", "--table", TABLE]) == 0
    _status, out = _check(played, capsys)
    assert "OK    witness" in out, out
    # and a second start-over is refused: the new table's records are there
    assert _start_over(played, monkeypatch, "--user", "S6", "--name", "Sid",
                       "--reason", "again") == 2
