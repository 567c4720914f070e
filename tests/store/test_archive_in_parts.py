"""A sealed segment's rounds leave the live store a part between every two rounds
(``archive.REMOVE_PER_ROUND``; docs/station.md, "Archiving ended days"), the lowest first:
each part finds where the live ones begin without reading the whole segment (a segment of a
long stretch of play holds tens of thousands of rounds), the status counts what is left, the
last part looks at every round once and releases the log, and nothing is lost."""

from __future__ import annotations

import json
import time
from pathlib import Path

import crash_player
import pytest

from dealer_station.cli import main
from dealer_station.station import Station
from dealer_station.store import archive
from dealer_station.store.database import Store
from dealer_station.store.witness import ENV_WITNESS

TABLE = crash_player.TABLE


def _live(data: Path) -> list[int]:
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        return [int(row[0]) for row in store.query(
            "SELECT id FROM rounds WHERE document IS NOT NULL ORDER BY id")]


def test_a_segment_leaves_the_live_store_in_parts_lowest_first_and_nothing_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(ENV_WITNESS, str(tmp_path / "witness.jsonl"))
    monkeypatch.setattr(archive, "REMOVE_PER_ROUND", 2)
    data = tmp_path / "data"
    crash_player.play(data, 5, seed=4)
    tomorrow = time.time() + 86_400  # the day of the five rounds has ended
    station = Station.open(TABLE, str(data), clock=lambda: tomorrow, pin_cost=2**8)
    seen: list[tuple[list[int], str]] = []
    try:
        station.sign_in("D1", crash_player.PINS["D1"])
        crash_player.deal_round(station, 4)  # round 6: the day is sealed beside it
        deadline = time.monotonic() + 60
        while station.archive_status().state == "sealing" and time.monotonic() < deadline:
            time.sleep(0.02)
        for _ in range(4):  # recorded and rounds 1-2 out, then 3-4, then 5 (and the log)
            crash_player.deal_round(station, 4)
            seen.append((_live(data), station.archive_status().message))
    finally:
        station.close()
    assert [live for live, _ in seen] == [[3, 4, 5, 6, 7], [5, 6, 7, 8], [6, 7, 8, 9],
                                          [6, 7, 8, 9, 10]]
    assert "3 of its 5 rounds still to leave" in seen[0][1]
    assert "1 of its 5 rounds still to leave" in seen[1][1]
    with Store.open(data / TABLE, TABLE, readonly=True) as store:
        parts = [json.loads(line)["data"] for line in store.audit_path.read_text().splitlines()
                 if '"kind":"archive"' in line]
        assert [s.rounds for s in archive.segments(store)] == [(1, 2, 3, 4, 5)]
        assert archive.rounds_left(store, archive.segments(store)[0]) == 0
    assert [part.get("rounds_left") for part in parts] == [3, 1, None]
    assert "log_released_before" in parts[-1]
    capsys.readouterr()
    for number in range(1, 11):
        assert main(["--data-dir", str(data), "history", "show", str(number), "--table",
                     TABLE]) == 0
        assert f"Round {number}  let_it_ride" in capsys.readouterr().out
    assert main(["--data-dir", str(data), "audit", "verify", "--database", "--table",
                 TABLE]) == 0
