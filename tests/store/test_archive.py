"""Sealed day segments (issue 17): each holds its days' audit records and the rounds finished in
them, chains on from the one before, is recorded in the chain and witnessed, verifies on its
own away from the table (``dealer-station audit segment``), and is exported only as sealed."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import crash_player
import pytest

from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import archive
from dealer_station.store.database import Store
from dealer_station.store.paths import ENV_TABLE
from dealer_station.store.witness import ENV_WITNESS
from dealer_station.ui.supervisor.history import find_rounds, reconstruct, round_detail

TABLE = crash_player.TABLE
TODAY = datetime.now(UTC).date()


def _play(data: Path, rounds: int) -> None:
    crash_player.play(data, rounds, seed=4)


def _play_one(station: Station) -> None:
    """Deal the round just started to its end."""
    assert station.round_id is not None
    for action, arguments in crash_player.let_it_ride_plan(station.round_id, 4):
        crash_player.perform(station, action, arguments)


def _until_sealed(station: Station) -> None:
    """Wait (at most a minute) while the sealer's thread writes and verifies the segment."""
    deadline = time.monotonic() + 60
    while station.archive_status().state == "sealing" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert station.archive_status().state == "ready", station.archive_status()


def _seal(data: Path, through: object, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--data-dir", str(data), "audit", "seal", "--table", TABLE,
                 "--through", str(through)]) == 0
    return capsys.readouterr().out


@pytest.fixture
def sealed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    data = tmp_path / "data"
    _play(data, 3)
    assert "segment 1 sealed" in _seal(data, TODAY, capsys)
    _play(data, 2)
    assert "segment 2 sealed" in _seal(data, TODAY + timedelta(days=1), capsys)
    return data


def test_segments_chain_on_and_verify_on_their_own(sealed: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))
    assert len(files) == 2
    first, problem = archive.verify_segment(files[0])
    second, problem_two = archive.verify_segment(files[1])
    assert problem is None and problem_two is None
    assert first["first"] == 1 and second["first"] == first["last"] + 1
    assert second["prev"] == first["head"]
    assert first["rounds"] == [1, 2, 3] and second["rounds"] == [4, 5]
    for path in files:
        assert main(["audit", "segment", "--file", str(path)]) == 0
    assert "OK, records 1-" in capsys.readouterr().out


def _whole_chain(data: Path) -> list[str]:
    """Every audit record: the sealed segments' (their rounds left the live log), then the
    live log's (its released part reads as zeros)."""
    lines: list[str] = []
    for path in sorted((data / TABLE / "archive").glob("*.jsonl.gz")):
        with gzip.open(path, "rt") as handle:
            lines += [line for line in handle.read().splitlines()[1:]
                      if '"archived_round"' not in line]
    live = (data / TABLE / "audit.jsonl").read_text().lstrip("\0").splitlines()
    after = json.loads(lines[-1])["seq"] if lines else 0
    return lines + [line for line in live if json.loads(line)["seq"] > after]


def test_sealing_is_in_the_chain_and_witnessed(sealed: Path) -> None:
    lines = _whole_chain(sealed)
    assert [json.loads(line)["seq"] for line in lines] == list(range(1, len(lines) + 1))
    records = [json.loads(line) for line in lines if '"kind":"segment"' in line]
    assert [r["data"]["segment"] for r in records] == [1, 2]
    archived = [json.loads(line) for line in lines if '"kind":"archive"' in line]
    assert [r["data"]["segment"] for r in archived] == [1, 2]
    witnessed = (sealed.parent / "witness.jsonl").read_text().splitlines()
    assert json.loads(witnessed[-1])["seq"] == len(lines)
    assert main(["--data-dir", str(sealed), "audit", "verify", "--database",
                 "--table", TABLE]) == 0


def test_a_changed_segment_is_refused(sealed: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))[0]
    with gzip.open(path, "rt") as handle:
        text = handle.read()
    forged = text.replace('"bet_one":', '"bet_one":1', 1)
    with gzip.open(path, "wt") as handle:
        handle.write(forged)
    _header, problem = archive.verify_segment(path)
    assert problem is not None and "edited" in problem
    assert main(["audit", "segment", "--file", str(path)]) == 1
    assert main(["--data-dir", str(sealed), "audit", "export", "--table", TABLE, "--number",
                 "1", "--out", str(tmp_path / "out.gz")]) == 1
    assert "is not the file sealed" in capsys.readouterr().out
    assert not (tmp_path / "out.gz").exists()


def test_nothing_new_to_seal_says_so(sealed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "nothing to seal" in _seal(sealed, TODAY, capsys)


def _history(data: Path, *arguments: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--data-dir", str(data), "history", *arguments, "--table", TABLE]) == 0
    return capsys.readouterr().out


def test_sealed_rounds_leave_the_live_store_and_history_reads_them_from_the_segment(
        sealed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Store.open(sealed / TABLE, TABLE, readonly=True) as store:
        assert store.query("SELECT COUNT(*) FROM records")[0][0] <= 1  # the last row's rowid
        assert store.query("SELECT COUNT(*) FROM rounds WHERE document IS NOT NULL")[0][0] == 0
    log = sealed / TABLE / "audit.jsonl"
    assert log.stat().st_blocks * 512 < log.stat().st_size  # the sealed part released
    listing = _history(sealed, capsys=capsys)
    assert [line.split()[0] for line in listing.splitlines()[1:]] == ["5", "4", "3", "2", "1"]
    assert all(int(line.split()[4]) > 10 for line in listing.splitlines()[1:])
    shown = _history(sealed, "show", "2", capsys=capsys)
    assert "Round 2  let_it_ride  complete" in shown and "Cards dealt, in order:" in shown
    assert "Payments, in order:" in shown
    assert main(["--data-dir", str(sealed), "audit", "verify", "--database", "--table",
                 TABLE]) == 0
    assert "OK" in capsys.readouterr().out


def test_a_changed_segment_whose_rounds_left_the_live_store_fails_audit_verify(
        sealed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))[0]
    data = bytearray(path.read_bytes())
    data[-30] ^= 0x01
    path.write_bytes(bytes(data))
    assert main(["--data-dir", str(sealed), "audit", "verify", "--table", TABLE]) == 1
    out = capsys.readouterr().out
    assert "BROKEN" in out and "segment 1" in out and "not the file sealed" in out


def test_the_station_archives_a_day_by_itself_between_rounds_once_it_has_ended(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    data = tmp_path / "data"
    _play(data, 3)
    tomorrow = time.time() + 86_400  # the table's day (ending 00:00 UTC, shipped) has ended
    station = Station.open(TABLE, str(data), clock=lambda: tomorrow, pin_cost=2**8)
    try:
        assert station.station_settings.get("archive_day_ends", "00:00") == "00:00"
        station.sign_in("D1", crash_player.PINS["D1"])
        station.start_round()
        assert station.round_id == 4
        # the dealer's START ROUND did not wait: the day is sealed beside the round
        assert station.archive_status().state in ("sealing", "ready")
        with Store.open(data / TABLE, TABLE, readonly=True) as store:
            assert archive.segments(store) == []
        _play_one(station)
        _until_sealed(station)
        assert "the day" in station.archive_status().message
        station.start_round()  # between rounds: recorded, its rounds leave the live store
        with Store.open(data / TABLE, TABLE, readonly=True) as store:
            sealed = archive.segments(store)
        assert [s.rounds for s in sealed] == [(1, 2, 3)] and sealed[0].live_from is not None
        assert station.archive_status().state == "idle"
        assert "segment 1 (through" in station.archive_status().last
        _play_one(station)
    finally:
        station.close()
    listing = _history(data, capsys=capsys)
    assert [line.split()[0] for line in listing.splitlines()[1:]] == ["5", "4", "3", "2", "1"]
    assert "Round 1  let_it_ride  complete" in _history(data, "show", "1", capsys=capsys)
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 TABLE]) == 0


def test_the_supervisors_history_finds_and_re_runs_an_archived_round(sealed: Path) -> None:
    with Store.open(sealed / TABLE, TABLE, readonly=True) as store:
        found = find_rounds(store)
        assert [row.id for row in found] == [5, 4, 3, 2, 1] and all(r.positions for r in found)
        position = found[-1].positions[0]
        assert [row.id for row in find_rounds(store, position=position)] == [
            row.id for row in found if position in row.positions]
        detail = round_detail(store, 2)
        assert detail.dealt and detail.payments and detail.records
        again = reconstruct(detail)
        assert again.matches and not again.differences, again


def test_an_archive_cut_off_after_sealing_loses_nothing_and_the_station_finishes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Killed between sealing and removing: the rounds are still in the live store (and in the
    segment); the station's next round removes them."""
    data = tmp_path / "data"
    _play(data, 3)

    def killed(*_args: object) -> int:
        raise OSError("killed")

    with monkeypatch.context() as patch:
        patch.setattr(archive, "remove_sealed", killed)
        assert main(["--data-dir", str(data), "audit", "seal", "--table", TABLE,
                     "--through", str(TODAY)]) != 0
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        assert [s.live_from for s in archive.segments(store)] == [None]
        assert store.query("SELECT COUNT(*) FROM rounds WHERE document IS NOT NULL")[0][0] == 3
    assert "Round 2  let_it_ride  complete" in _history(data, "show", "2", capsys=capsys)
    tomorrow = time.time() + 86_400
    station = Station.open(TABLE, str(data), clock=lambda: tomorrow, pin_cost=2**8)
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        station.start_round()
        _play_one(station)
        _until_sealed(station)
        station.start_round()
        _play_one(station)
    finally:
        station.close()
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        assert [s.number for s in archive.segments(store)] == [1]
        assert archive.segments(store)[0].live_from is not None
        assert store.query("SELECT COUNT(*) FROM rounds WHERE document IS NOT NULL AND id <= 3"
                           )[0][0] == 0
    assert "Round 2  let_it_ride  complete" in _history(data, "show", "2", capsys=capsys)
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 TABLE]) == 0


def test_check_before_a_start_finds_a_missing_or_changed_segment(
        sealed: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(ENV_TABLE, TABLE)
    files = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))
    main(["--data-dir", str(sealed), "--check"])
    assert "OK    segments: every archived day's segment in place" in capsys.readouterr().out
    data = bytearray(files[-1].read_bytes())
    data[-30] ^= 0x01
    files[-1].write_bytes(bytes(data))
    assert main(["--data-dir", str(sealed), "--check"]) != 0
    assert "segment 2" in capsys.readouterr().out
    files[0].unlink()
    assert main(["--data-dir", str(sealed), "--check"]) != 0
    out = capsys.readouterr().out
    assert "segment 1" in out and "is missing" in out


def test_records_the_floor_has_not_received_are_not_released_from_the_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Store-and-forward: the sealed part of the log is kept on disk up to the floor
    forwarder's cursor (a table that has not sent anything yet keeps it all)."""
    from dealer_station.floor.forward import Outbox

    data = tmp_path / "data"
    _play(data, 2)
    Outbox(data / TABLE).close()  # a floor is set up; nothing forwarded yet
    log = data / TABLE / "audit.jsonl"
    before = log.read_bytes()
    assert "2 rounds removed" in _seal(data, TODAY, capsys)
    assert log.read_bytes()[:len(before)] == before
    assert "Round 1  let_it_ride  complete" in _history(data, "show", "1", capsys=capsys)
    assert main(["--data-dir", str(data), "audit", "verify", "--table", TABLE]) == 0


@pytest.mark.parametrize("point", ["writing", "written", "recorded", "checkpointed", "removed"])
def test_a_station_killed_while_it_archives_loses_nothing_and_finishes_the_archive(
        tmp_path: Path, point: str, capsys: pytest.CaptureFixture[str]) -> None:
    """SIGKILL at each step of archiving (the segment half written on the sealer's thread,
    written, recorded, the removal's checkpoint sealed, the rounds deleted): the next start
    proves the store, the rounds are all there (live or in the segment), the station's next
    rounds finish the archive, and the whole chain verifies."""
    import subprocess
    import sys

    import seal_killer

    data = tmp_path / "data"
    _play(data, 3)
    killed = subprocess.run([sys.executable, str(Path(seal_killer.__file__)), str(data), point],
                            capture_output=True, timeout=120)
    assert killed.returncode == -9, killed.stderr.decode()[-2000:]
    seal_killer.play_day_two(str(data)).close()
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        segments = archive.segments(store)
        # (records carry the wall clock's time, today: a round the kill left open is sealed
        # with the day when the next sealing starts after it)
        assert [s.number for s in segments] == [1] and segments[0].rounds[:3] == (1, 2, 3)
        assert segments[0].live_from is not None
        assert store.query("SELECT COUNT(*) FROM rounds WHERE document IS NOT NULL AND id <= 3"
                           )[0][0] == 0
    assert not list((data / TABLE / "archive").glob("*.partial"))
    capsys.readouterr()
    for number in ("1", "2", "3", "4"):
        assert f"Round {number}  let_it_ride" in _history(data, "show", number, capsys=capsys)
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 TABLE]) == 0


def _archive(data: Path, *arguments: str, capsys: pytest.CaptureFixture[str],
             stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> str:
    if monkeypatch is not None:
        import io

        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["--data-dir", str(data), "archive", *arguments, "--table", TABLE])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def test_archive_status_seal_export_and_kept_time_from_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import hashlib

    data = tmp_path / "data"
    _play(data, 3)
    status = _archive(data, capsys=capsys)
    assert "no segment kept on the table" in status and "kept on the table for ever" in status
    assert "no station is running" in status
    sealed = _archive(data, "seal", "--through", str(TODAY), capsys=capsys)
    assert "segment 1 (through" in sealed and "3 rounds) archived" in sealed
    status = _archive(data, "status", capsys=capsys)
    assert re.search(rf"segment +1 +day {TODAY} +3 rounds +records 1-\d+ .* archived", status)
    out = tmp_path / "for-the-regulator"
    assert "1 segment and MANIFEST.json written" in _archive(
        data, "export", "--out", str(out), capsys=capsys)
    manifest = json.loads((out / "MANIFEST.json").read_text())
    exported = out / manifest["segments"][0]["file"]
    assert hashlib.sha256(exported.read_bytes()).hexdigest() == manifest["segments"][0]["sha256"]
    assert archive.verify_segment(exported)[1] is None
    kept = _archive(data, "keep", "30", "--by", "S1", "--pin-stdin", capsys=capsys,
                    stdin=crash_player.PINS["S1"] + "\n", monkeypatch=monkeypatch)
    assert "kept 30 days after their day" in kept
    status = _archive(data, capsys=capsys)
    assert f"segment 1 (day {TODAY}) is deleted after {TODAY + timedelta(days=31)}" in status
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("000000\n"))
    assert main(["--data-dir", str(data), "archive", "keep", "1", "--by", "S1",
                 "--pin-stdin", "--table", TABLE]) != 0
    assert "PIN" in capsys.readouterr().err
    assert "each day ends at 06:00 UTC" in _archive(
        data, "day-end", "06:00", "--by", "S1", "--pin-stdin", capsys=capsys,
        stdin=crash_player.PINS["S1"] + "\n", monkeypatch=monkeypatch)
    assert "each day ends at 06:00 UTC" in _archive(data, capsys=capsys)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(crash_player.PINS["S1"] + "\n"))
    assert main(["--data-dir", str(data), "archive", "day-end", "25:00", "--by", "S1",
                 "--pin-stdin", "--table", TABLE]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "HH:MM" in err
    configs = [line for line in (data / TABLE / "audit.jsonl").read_text().splitlines()
               if '"kind":"config"' in line]
    station = json.loads(configs[-1])["data"]["station"]
    assert (station["archive_keep_days"], station["archive_day_ends"]) == (30, "06:00")


def test_segments_past_the_kept_time_are_deleted_and_the_chain_after_them_stays_proven(
        sealed: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    _archive(sealed, "keep", "30", "--by", "S1", "--pin-stdin", capsys=capsys,
             stdin=crash_player.PINS["S1"] + "\n", monkeypatch=monkeypatch)
    files = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))
    later = time.time() + 31 * 86_400  # segment 1 (today) is past its 30 days; 2 is not
    station = Station.open(TABLE, str(sealed), clock=lambda: later, pin_cost=2**8)
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        station.start_round()
        assert "segments 1-1" in station.archive_status().last
        _play_one(station)
    finally:
        station.close()
    assert not files[0].exists() and files[1].exists()
    records = [json.loads(line) for line in _whole_chain(sealed)]
    retire = [r for r in records if r["kind"] == "retire"]
    assert len(retire) == 1 and retire[0]["data"]["segments"] == [1]
    assert retire[0]["data"]["heads"]["1"] == archive.segments(
        Store.open(sealed / TABLE, TABLE, readonly=True))[0].head
    assert main(["--data-dir", str(sealed), "audit", "verify", "--table", TABLE]) == 0
    out = capsys.readouterr().out
    assert "OK" in out and "retired with segments 1-1" in out
    assert main(["--data-dir", str(sealed), "audit", "verify", "--database",
                 "--table", TABLE]) == 0
    assert "retired" in _archive(sealed, capsys=capsys)
    assert main(["--data-dir", str(sealed), "history", "show", "1", "--table", TABLE]) != 0
    assert "deleted from this table" in capsys.readouterr().err
    assert "Round 4  let_it_ride  complete" in _history(sealed, "show", "4", capsys=capsys)


def test_a_segment_deleted_outside_the_station_is_not_passed_off_as_retired(
        sealed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    files = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))
    files[0].unlink()
    connection = sqlite3.connect(sealed / TABLE / "table.sqlite3")
    with connection:
        connection.execute("INSERT INTO segment_retirements (segment, time, seq) VALUES "
                           "(1, '2026-01-01T00:00:00Z', 5)")
    connection.close()
    assert main(["--data-dir", str(sealed), "audit", "verify", "--table", TABLE]) == 1
    out = capsys.readouterr().out
    assert "BROKEN" in out and "segment 1 is marked retired but no retire audit record" in out


def test_a_sealing_that_fails_says_why_keeps_everything_live_and_is_tried_again_later(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    _play(data, 2)
    (data / TABLE / "archive").write_text("not a directory")  # sealing cannot write there
    now = [time.time() + 86_400]
    station = Station.open(TABLE, str(data), clock=lambda: now[0], pin_cost=2**8)
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        station.start_round()
        station.finish_sealing(timeout=60)
        status = station.archive_status()
        assert status.state == "failed" and "sealing the day" in status.message, status
        _play_one(station)
        station.start_round()  # the failure is recorded; not retried at every round
        assert station.archive_status().state != "sealing"
        _play_one(station)
        (data / TABLE / "archive").unlink()
        now[0] += 601
        station.start_round()  # ten minutes later: tried again
        assert station.archive_status().state in ("sealing", "ready")
        _play_one(station)
        _until_sealed(station)
        station.start_round()
        assert "segment 1 (through" in station.archive_status().last
        _play_one(station)
    finally:
        station.close()
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 TABLE]) == 0


def test_a_record_edited_inside_a_segment_whose_sha256_was_changed_too_fails_audit_verify(
        sealed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3
    import zlib

    path = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))[0]
    inflate = zlib.decompressobj(31)
    lines = inflate.decompress(path.read_bytes()).split(b"\n")
    rounds = inflate.unused_data
    first = json.loads(lines[0])["first"]
    lines[3] = lines[3].replace(b'"table":"', b'"table":"X', 1)
    path.write_bytes(gzip.compress(b"\n".join(lines), mtime=0) + rounds)
    connection = sqlite3.connect(sealed / TABLE / "table.sqlite3")
    with connection:
        connection.execute("UPDATE segments SET sha256 = ? WHERE number = 1",
                           (hashlib.sha256(path.read_bytes()).hexdigest(),))
    connection.close()
    assert main(["--data-dir", str(sealed), "audit", "verify", "--table", TABLE]) == 1
    out = capsys.readouterr().out
    assert "BROKEN" in out and "segment 1" in out
    assert f"record {first + 2}: content does not match its hash" in out


def test_the_archive_status_lists_the_newest_kept_segments_and_counts_the_older_ones(
        sealed: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A table keeps a segment a day for years: the status (and the Archive page) lists the
    newest ``LISTED`` of them and says how many older ones are kept; a segment is listed
    with its number of rounds, not its list of them."""
    from dealer_station import archive_desk

    monkeypatch.setattr(archive_desk, "LISTED", 1)
    status = _archive(sealed, "status", capsys=capsys)
    assert re.search(rf"segment +2 +day {TODAY + timedelta(days=1)} +2 rounds", status)
    assert not re.search(r"segment +1 +day", status)
    assert (f"and 1 older segment kept on the table, not listed: 1-1 (days {TODAY} to "
            f"{TODAY}); the export copies every kept one") in status
    with Store.open(sealed / TABLE, TABLE, readonly=True) as store:
        listed = archive.listed(store)
        whole = [archive.segment(store, number) for number in (1, 2)]
        assert [s.round_count for s in listed] == [3, 2] == [len(s.rounds) for s in whole
                                                             if s is not None]
        assert [s.rounds for s in listed] == [(), ()]
        assert [archive.indexed(store, s) for s in listed] == [True, True]
        assert [archive.rounds_left(store, s) for s in listed] == [0, 0]
    out = sealed.parent / "for-the-regulator"
    assert "2 segments and MANIFEST.json written" in _archive(
        sealed, "export", "--out", str(out), capsys=capsys)
    manifest = json.loads((out / "MANIFEST.json").read_text())
    assert [(s["number"], s["rounds"]) for s in manifest["segments"]] == [(1, 3), (2, 2)]
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [s["file"] for s in manifest["segments"]] + ["MANIFEST.json"])
    monkeypatch.setattr(archive_desk, "LISTED", 31)
    status = _archive(sealed, "status", capsys=capsys)
    assert "older segment" not in status and re.search(r"segment +1 +day", status)


def test_audit_verify_reads_the_segments_a_few_at_a_time_and_still_walks_every_one(
        sealed: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A table keeps years of segments: ``audit verify`` reads them from the database in
    batches (here one at a time), not all at once, and still proves every one in order."""
    monkeypatch.setattr(archive, "_BATCH", 1)
    assert main(["--data-dir", str(sealed), "audit", "verify", "--table", TABLE]) == 0
    whole = len(_whole_chain(sealed))
    assert f"OK, {whole} records" in capsys.readouterr().out
    second = sorted((sealed / TABLE / "archive").glob("*.jsonl.gz"))[1]
    with open(second, "ab") as handle:
        handle.write(b"\n")
    assert main(["--data-dir", str(sealed), "audit", "verify", "--table", TABLE]) == 1
    assert "segment 2:" in capsys.readouterr().out
