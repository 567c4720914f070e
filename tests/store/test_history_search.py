"""History searched by time and position through the journal's indexes (issue 17: the cost of
a search does not grow with the journal): the same rounds as reading every document, newest
first; a database from before the position index gets it filled at its next start."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import crash_player
import pytest

from dealer_station.station import Station
from dealer_station.store import journal
from dealer_station.ui.supervisor.history import find_rounds

TABLE = crash_player.TABLE


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("search")
    crash_player.play(data, 9, seed=3)
    return data


def _expected(station: Station, position: str, since: str = "", until: str = "") -> list[int]:
    return [s.id for s in journal.rounds(station.store)
            if position in journal.positions_of(s.document)
            and s.started >= since and (not until or s.started[:len(until)] <= until)]


def test_a_search_by_position_finds_the_rounds_whose_documents_name_it(played: Path) -> None:
    with Station.open(TABLE, str(played)) as station:
        for position in "1234567":
            found = [row.id for row in find_rounds(station.store, position=position)]
            assert found == _expected(station, position)
        assert any(find_rounds(station.store, position=p) for p in "1234567")
        assert find_rounds(station.store, position="9") == []


def test_a_search_by_time_takes_the_rounds_started_in_it_newest_first(played: Path) -> None:
    with Station.open(TABLE, str(played)) as station:
        summaries = sorted(journal.rounds(station.store), key=lambda s: s.id)
        since, until = summaries[2].started, summaries[6].started
        rows = find_rounds(station.store, since=since, until=until)
        assert [row.id for row in rows] == [7, 6, 5, 4, 3]
        day = summaries[0].started[:10]
        assert len(find_rounds(station.store, since=day, until=day)) == 9
        assert find_rounds(station.store, since="2999-01-01") == []
        for position in "123":
            assert [r.id for r in find_rounds(station.store, since=since, until=until,
                                              position=position)] == \
                _expected(station, position, since, until)


def test_the_position_index_is_filled_for_a_database_from_before_it(played: Path,
                                                                     tmp_path: Path) -> None:
    shutil.copytree(played, tmp_path / "data")
    database = tmp_path / "data" / TABLE / "table.sqlite3"
    with sqlite3.connect(database) as connection:
        before = connection.execute("SELECT COUNT(*) FROM round_positions").fetchone()[0]
        connection.execute("DROP TABLE round_positions")
        connection.execute("PRAGMA user_version = 7")
    connection.close()
    with Station.open(TABLE, str(tmp_path / "data")) as station:
        assert station.store.query("SELECT COUNT(*) FROM round_positions")[0][0] == before > 0
        assert [r.id for r in find_rounds(station.store, position="2")] == \
            _expected(station, "2")
