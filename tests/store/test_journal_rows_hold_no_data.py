"""A journal row holds where its action's audit line begins instead of the data again (issue 17:
the live day's disk; schema 15, store/journal_lines.py): every reader — the round's records
for `history show` and the dispute re-run, the resume after a stop — reads the data from
that line, also beside a station that committed a record and has not written its line yet;
a row whose place was moved is found by `audit verify --database` and refused by a reader in
one line."""

from __future__ import annotations

import json
from pathlib import Path

import crash_player
import pytest
import store_edits

from dealer_station import audit
from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import journal
from dealer_station.store.database import Store, StoreError

TABLE = crash_player.TABLE


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return store_edits.played(tmp_path, monkeypatch, 2)


def _actions(data: Path) -> dict[tuple[int, int], tuple[int, dict[str, object]]]:
    """(round, sequence) -> (byte offset of its audit line, its data)."""
    found, offset = {}, 0
    for line in (data / TABLE / "audit.jsonl").read_bytes().splitlines(keepends=True):
        record = json.loads(line)
        if record["kind"] == "action":
            found[(record["round"], record["data"]["sequence"])] = (offset, record["data"])
        offset += len(line)
    return found


def _rows(data: Path) -> list[tuple[int, int, str, int]]:
    return store_edits.rows(data / TABLE / "table.sqlite3",
                            "SELECT round_id, sequence, record, line FROM records ORDER BY rowid")


def test_each_row_names_its_audit_line_and_the_readers_have_the_data(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    actions = _actions(data)
    rows = _rows(data)
    assert len(rows) == len(actions) > 20
    assert all(record == "" and line == actions[(r, s)][0] for r, s, record, line in rows)
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        for round_id in (1, 2):
            records = [item.to_json() for item in journal.round_records(store, round_id)]
            assert records == [data for (r, _), (_, data) in sorted(actions.items())
                               if r == round_id]
            assert journal.round_summary(store, round_id).document["records"] == records
    capsys.readouterr()
    assert main(["--data-dir", str(data), "history", "show", "2", "--table", TABLE]) == 0
    shown = capsys.readouterr().out
    assert f"  {len(records):>3} " in shown and "Payments, in order:" in shown
    store_edits.verified(data, TABLE)


def test_a_line_not_written_yet_is_read_from_the_database_and_written_at_the_next_start(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    station = Station.open(TABLE, str(data), pin_cost=2**8)
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        station.start_round()
        round_id = station.round_id
        assert round_id is not None
        plan = crash_player.let_it_ride_plan(round_id, 4)
        for action, arguments in plan[:3]:
            crash_player.perform(station, action, arguments)

        def lost(path: Path, line: str) -> None:
            raise OSError("disk unplugged")
        monkeypatch.setattr(audit, "append_line", lost)
        with pytest.raises(StoreError, match="cannot write the audit log"):
            crash_player.perform(station, *plan[3])
        # committed, its line not in the log: a reader beside the station has it
        with Store.open(data / TABLE, TABLE, readonly=True) as store:
            assert [r.action for r in journal.round_records(store, round_id)] == \
                [action for action, _ in plan[:4]]
    finally:
        monkeypatch.undo()
        station.close()
    resumed = Station.open(TABLE, str(data), pin_cost=2**8)
    try:  # the line written from the database; the round resumed from the journal
        assert resumed.round is not None and len(resumed.round.history) == 4
    finally:
        resumed.close()
    store_edits.verified(data, TABLE)


def test_a_row_moved_in_the_database_is_found_and_refused_in_one_line(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_edits.edit(data / TABLE / "table.sqlite3", "UPDATE records SET line = (SELECT line "
                     "FROM records WHERE round_id = 2 AND sequence = 3) WHERE round_id = 2 AND "
                     "sequence = 2")
    store_edits.found_and_refused(data, TABLE, 2, capsys,
                                  verify_says="round 2 record 2 differs from audit record",
                                  # found by the start's proof now, before any reader
                                  reader_says="round 2 record 2 differs from audit record",
                                  names_the_check=False)
