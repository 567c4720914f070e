"""The database file gives back the pages the archive frees (issue 17: disk per round, measured
as files on disk; docs/security.md, "Disk"): a store made by this version does it after every
part of a removal, between rounds; a store made before is converted once by ``dealer-station
store compact`` (refused while the station runs), every row keeping its rowid (the checkpoints
count the journal by rowid), and every proof passing as before."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import crash_player
import pytest
import store_edits

from dealer_station import check
from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import archive, database
from dealer_station.store.paths import ENV_TABLE
from dealer_station.store.witness import ENV_WITNESS

TABLE = crash_player.TABLE


def _file(data: Path) -> int:
    """Bytes of the database file with its write-ahead log (what du counts)."""
    base = data / TABLE / "table.sqlite3"
    return sum(p.stat().st_size for p in (base, Path(f"{base}-wal")) if p.exists())


def _pragmas(data: Path) -> tuple[int, int]:
    """(auto_vacuum, free pages) of the table's database."""
    connection = sqlite3.connect(f"file:{data / TABLE / 'table.sqlite3'}?mode=ro", uri=True)
    try:
        return (int(connection.execute("PRAGMA auto_vacuum").fetchone()[0]),
                int(connection.execute("PRAGMA freelist_count").fetchone()[0]))
    finally:
        connection.close()


def _journal_rowids(data: Path) -> list[tuple[int, int, int]]:
    return store_edits.rows(data / TABLE / "table.sqlite3",
                            "SELECT rowid, round_id, sequence FROM records ORDER BY rowid")


def _cli(data: Path, *args: str) -> int:
    return main(["--data-dir", str(data), *args, "--table", TABLE])


def _archive_the_day_in_parts(data: Path) -> list[int]:
    """Round 11 the next day: the day of rounds 1-10 is sealed beside it, and its rounds leave
    in parts between the next rounds; the free pages after each part."""
    tomorrow = time.time() + 86_400
    station = Station.open(TABLE, str(data), clock=lambda: tomorrow, pin_cost=2**8)
    free: list[int] = []
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        crash_player.deal_round(station, 4)
        deadline = time.monotonic() + 60
        while station.archive_status().state == "sealing" and time.monotonic() < deadline:
            time.sleep(0.02)
        for _ in range(3):
            crash_player.deal_round(station, 4)
            free.append(int(station.store.pragma("freelist_count")))
        assert station.archive_status().state != "removing"
    finally:
        station.close()
    return free


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The data directory of a table witnessed outside it, removing five rounds a part."""
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    monkeypatch.setattr(archive, "REMOVE_PER_ROUND", 5)
    return tmp_path / "data"


def _made_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stores made from here on as before this version: SQLite's default, the free pages
    stay in the file."""
    monkeypatch.setattr(database, "NEW_STORE_AUTO_VACUUM", "NONE")


def test_a_new_store_gives_back_the_pages_each_part_of_the_removal_frees(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crash_player.play(data, 10, seed=4)
    assert _pragmas(data)[0] == 2  # auto_vacuum = INCREMENTAL from the first start
    before = _file(data)
    rowids = _journal_rowids(data)
    free = _archive_the_day_in_parts(data)
    assert free == [0, 0, 0]  # nothing freed is kept in the file
    after = _file(data)
    # ten rounds' journal rows and documents gone, four rounds played since: smaller
    assert after < before * 0.9, (before, after)
    kept = [row for row in _journal_rowids(data) if row[1] <= 10]
    assert set(kept) <= set(rowids)  # the rows left keep their numbers
    capsys.readouterr()
    assert _cli(data, "audit", "verify", "--database") == 0
    assert "OK" in capsys.readouterr().out
    assert _cli(data, "history", "show", "3") == 0
    assert "Round 3  let_it_ride" in capsys.readouterr().out
    assert _cli(data, "store") == 0
    assert "given back by themselves" in capsys.readouterr().out


def test_a_store_made_before_is_compacted_once_with_every_row_keeping_its_number(
        data: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _made_before(monkeypatch)
    crash_player.play(data, 10, seed=4)
    _archive_the_day_in_parts(data)
    auto_vacuum, free = _pragmas(data)
    assert auto_vacuum == 0 and free >= 8  # the removed rounds' pages, kept
    rowids = _journal_rowids(data)
    before = _file(data)
    capsys.readouterr()
    assert _cli(data, "store") == 0
    assert "store compact" in capsys.readouterr().out
    monkeypatch.setattr(check, "FREE_NOTE_BYTES", 4096)
    monkeypatch.setenv(ENV_TABLE, TABLE)
    assert main(["--data-dir", str(data), "--check"]) == 0
    assert "free pages kept in the file" in capsys.readouterr().out

    running = Station.open(TABLE, str(data), pin_cost=2**8)
    try:
        assert _cli(data, "store", "compact") == 2
        err = capsys.readouterr().err
        assert "another station has table" in err and len(err.strip().splitlines()) == 1
        assert _file(data) >= before  # nothing changed
    finally:
        running.close()

    assert _cli(data, "store", "compact") == 0
    out = capsys.readouterr().out
    assert "compacted" in out and "given back" in out
    assert _pragmas(data) == (2, 0)
    assert main(["--data-dir", str(data), "--check"]) == 0
    assert "free pages kept" not in capsys.readouterr().out
    assert _file(data) < before - free * 4096 // 2, (before, _file(data), free)
    assert _journal_rowids(data) == rowids  # the checkpoints count the journal by these
    assert _cli(data, "audit", "verify", "--database") == 0
    assert "OK" in capsys.readouterr().out
    with database.Store.open(data / TABLE, TABLE, readonly=True) as store:
        compacts = [line for line in store.audit_path.read_text().splitlines()
                    if '"kind":"compact"' in line]
    assert len(compacts) == 1 and f'"free_pages_before":{free}' in compacts[0]
    # the station starts on it (every start's proof) and plays on; history reads every round
    station = Station.open(TABLE, str(data), clock=lambda: time.time() + 86_400, pin_cost=2**8)
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        crash_player.deal_round(station, 4)
    finally:
        station.close()
    for number in (1, 10, 14, 15):
        assert _cli(data, "history", "show", str(number)) == 0
        assert f"Round {number}  let_it_ride" in capsys.readouterr().out
    assert _cli(data, "audit", "verify", "--database") == 0


def test_a_compacted_store_whose_journal_row_is_edited_is_still_refused(
        data: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _made_before(monkeypatch)
    crash_player.play(data, 2, seed=4)
    assert _cli(data, "store", "compact") == 0
    connection = sqlite3.connect(data / TABLE / "table.sqlite3")
    # (a row holds no data since schema 15, its audit line does: written back, edited)
    connection.execute("UPDATE records SET record = json_object('action', action, "
                       "'arguments', json_object('position', 9), 'clause', NULL, 'effects', "
                       "json_object(), 'sequence', sequence) WHERE rowid = (SELECT MIN(rowid) "
                       "FROM records)")
    connection.commit()
    connection.close()
    capsys.readouterr()
    assert _cli(data, "audit", "verify", "--database") == 1
    assert "edited in the database" in capsys.readouterr().out
