"""A finished round's payments are kept once, in its completion audit record (issue 17: the
live day's disk; store/round_payments.py): the stored document names that record instead of
holding them again, and every reader — `history show`, the round's summary (disputes, slips,
the supervisor's screens), sealing into a segment — reads them back whole; a document whose
marker was changed is found by `audit verify --database` and refused by a reader in one
line."""

from __future__ import annotations

import json
import time
from pathlib import Path

import crash_player
import pytest
import store_edits

from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import journal, round_payments
from dealer_station.store.database import Store

TABLE = crash_player.TABLE


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return store_edits.played(tmp_path, monkeypatch, 3)


def _audited_payments(data: Path) -> dict[int, list[dict[str, object]]]:
    """Each round's payments as its completion audit record holds them."""
    found = {}
    for line in (data / TABLE / "audit.jsonl").read_text().splitlines():
        line = line.lstrip("\0")  # the part of the log released after an archive: zeros
        if not line:
            continue
        record = json.loads(line)
        if record["kind"] == "round" and "payments" in record["data"]:
            found[record["round"]] = record["data"]["payments"]
    return found


def _completions(data: Path) -> dict[int, tuple[int, int]]:
    """Each round's completion audit record: its number and where its line begins."""
    found, offset = {}, 0
    for line in (data / TABLE / "audit.jsonl").read_bytes().splitlines(keepends=True):
        record = json.loads(line)
        if record["kind"] == "round" and "payments" in record["data"]:
            found[record["round"]] = (record["seq"], offset)
        offset += len(line)
    return found


def _stored(data: Path) -> dict[int, dict[str, object]]:
    return {int(i): json.loads(d) for i, d in store_edits.rows(
        data / TABLE / "table.sqlite3", "SELECT id, document FROM rounds WHERE document IS NOT "
                                        "NULL")}


def _payment_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("  ") and ". position " in line]


def test_the_payments_are_stored_once_and_every_reader_has_them_whole(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    audited = _audited_payments(data)
    assert sorted(audited) == [1, 2, 3] and all(audited.values())
    places = _completions(data)
    for round_id, document in _stored(data).items():
        assert "payments" not in document
        assert round_payments.names(document, *places[round_id])  # its completion, its line
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        for round_id, payments in audited.items():
            assert journal.round_summary(store, round_id).document["payments"] == payments
        assert [s.document["payments"] for s in journal.rounds(store)] == [
            audited[3], audited[2], audited[1]]
    capsys.readouterr()
    assert main(["--data-dir", str(data), "history", "show", "2", "--table", TABLE]) == 0
    lines = _payment_lines(capsys.readouterr().out)
    assert len(lines) == len(audited[2]) and lines[0].startswith("  1. position ")
    store_edits.verified(data, TABLE)


def test_a_sealed_round_holds_its_payments_in_its_segment(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    audited = _audited_payments(data)
    capsys.readouterr()
    assert main(["--data-dir", str(data), "history", "show", "1", "--table", TABLE]) == 0
    before = capsys.readouterr().out
    tomorrow = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 86_400))
    assert main(["--data-dir", str(data), "audit", "seal", "--through", tomorrow, "--table",
                 TABLE]) == 0
    assert "3 rounds removed from the live store" in capsys.readouterr().out
    assert _stored(data) == {}
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        for round_id, payments in audited.items():
            assert journal.round_summary(store, round_id).document["payments"] == payments
    assert main(["--data-dir", str(data), "history", "show", "1", "--table", TABLE]) == 0
    assert _payment_lines(capsys.readouterr().out) == _payment_lines(before) != []
    segment = next((data / TABLE / "archive").glob("*.jsonl.gz"))
    assert main(["--data-dir", str(data), "audit", "segment", "--file", str(segment),
                 "--table", TABLE]) == 0
    store_edits.verified(data, TABLE)
    # the station starts on it and plays on
    station = Station.open(TABLE, str(data), pin_cost=2**8)
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        crash_player.deal_round(station, 4)
    finally:
        station.close()
    assert _audited_payments(data)[4] == _stored_summary_payments(data, 4)


def _stored_summary_payments(data: Path, round_id: int) -> object:
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        return journal.round_summary(store, round_id).document["payments"]


def test_a_marker_moved_in_the_database_is_found_and_refused_in_one_line(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_edits.edit(data / TABLE / "table.sqlite3", "UPDATE rounds SET document = json_set("
                     "document, '$.payments_in_audit.offset', 0) WHERE id = 2")
    store_edits.found_and_refused(data, TABLE, 2, capsys,
                                  verify_says="round 2: its payments differ from audit record",
                                  # found by the start's proof now, before any reader
                                  reader_says="round 2: its payments differ from audit record",
                                  names_the_check=False)
