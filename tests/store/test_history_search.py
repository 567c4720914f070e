"""History searched by time and position through the journal's indexes (issue 17: the cost of
a search does not grow with the journal): the same rounds as reading every document, newest
first; a database from before the position index gets it filled at its next start."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import crash_player
import pytest

from dealer_station.station import Station
from dealer_station.store import journal, sessions
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


def test_each_listed_round_shows_the_positions_its_document_names(played: Path) -> None:
    with Station.open(TABLE, str(played)) as station:
        wagered = {s.id: journal.positions_of(s.document) for s in journal.rounds(station.store)}
        searches = [find_rounds(station.store), find_rounds(station.store, limit=3)]
        searches += [find_rounds(station.store, position=p) for p in "1234567"]
        for rows in searches:
            assert [row.positions for row in rows] == [wagered[row.id] for row in rows]
        assert any(len(rows) > 1 for rows in searches)


class _Counted:
    """The journal's tables read straight from the database file, counting the work SQLite
    does (its virtual machine's steps, in tens) for what is asked."""

    def __init__(self, database: Path) -> None:
        self.connection = sqlite3.connect(database)
        self.connection.row_factory = sqlite3.Row
        self.steps = 0

        def step() -> int:
            self.steps += 1
            return 0
        self.connection.set_progress_handler(step, 10)

    def query(self, sql: str, parameters: Sequence[object] = ()) -> list[Any]:
        return self.connection.execute(sql, parameters).fetchall()

    def cost(self, ask: Callable[[], object]) -> int:
        self.steps = 0
        ask()
        return self.steps


def _searches(store: Any, started: str) -> dict[str, Callable[[], object]]:
    return {"list": lambda: find_rounds(store),
            "newest 50": lambda: journal.rounds(store, limit=50, documents=False),
            "position": lambda: find_rounds(store, position="3"),
            "time": lambda: find_rounds(store, since=started[:16], until=started[:16]),
            "time and position": lambda: find_rounds(store, since=started[:16],
                                                     until=started[:16], position="3"),
            "day": lambda: find_rounds(store, since=started[:10], until=started[:10]),
            "absent position": lambda: find_rounds(store, position="9"),
            "voided": lambda: list(journal.iter_rounds(store, status="void", limit=50))}


def _more_rounds(store: _Counted, count: int, started: str) -> None:
    """``count`` more rounds (archived-looking rows, six positions each) played after."""
    first = store.query("SELECT MAX(id) FROM rounds")[0][0] + 1
    later = str(int(started[:4]) + 1) + started[4:]
    added = range(first, first + count)
    store.connection.executemany("INSERT INTO rounds (id, game, config, status, started) "
                                 "VALUES (?, 'let_it_ride', '{}', 'complete', ?)",
                                 [(n, later) for n in added])
    store.connection.executemany("INSERT INTO round_positions (position, round_id) "
                                 "VALUES (?, ?)", [(str(p), n) for n in added
                                                   for p in range(1, 7)])
    store.connection.commit()


def test_a_search_costs_the_same_however_many_rounds_the_table_has_played(
        played: Path, tmp_path: Path) -> None:
    """The same searches with 1,000 rounds played after the table's first 9, then with 30,000
    more: SQLite's work stays the same (every look-up by key, nothing read through; the lists
    stop at their 500 newest), whereas reading round_positions whole (as the lists once did to
    show each round's positions) costs the extra rounds' 180,000 rows: 20 times the work."""
    shutil.copytree(played, tmp_path / "data")
    store = _Counted(tmp_path / "data" / TABLE / "table.sqlite3")
    started = store.query("SELECT started FROM rounds WHERE id = 5")[0][0]
    _more_rounds(store, 1_000, started)
    before = {name: store.cost(ask) for name, ask in _searches(store, started).items()}
    _more_rounds(store, 30_000, started)
    assert store.query("SELECT COUNT(*) FROM rounds")[0][0] == 31_009
    after = {name: store.cost(ask) for name, ask in _searches(store, started).items()}
    store.connection.close()
    grown = {name: (before[name], after[name]) for name in before
             if after[name] > before[name] * 1.1 + 5}  # (a B-tree one level deeper: a step)
    assert grown == {}


def test_who_was_signed_in_during_a_round_costs_the_same_however_many_sessions_came_before(
        played: Path, tmp_path: Path) -> None:
    """A progressive's validation asks who was signed in during its round (5324.41(k)(3)(iii)):
    the sessions ended since the round began and those still open, not every sign-in since
    the table's first (one a shift, for years). 20,000 sessions of earlier years added: the
    same people, the same work."""
    shutil.copytree(played, tmp_path / "data")
    store = _Counted(tmp_path / "data" / TABLE / "table.sqlite3")
    started, ended = store.query("SELECT started, ended FROM rounds WHERE id = 5")[0]
    first, cost = sessions.sessions_during(store, started, ended), \
        store.cost(lambda: sessions.sessions_during(store, started, ended, screen="dealer"))
    assert first and {s.user for s in first} >= {"D1"}
    store.connection.executemany(
        "INSERT INTO sessions (user, role, screen, started, ended, end_reason) VALUES "
        "('D1', 'dealer', 'dealer', ?, ?, 'signed out')",
        [(f"20{10 + n % 10}-01-01T00:00:{n % 60:02d}Z", f"20{10 + n % 10}-01-02T00:00:00Z")
         for n in range(20_000)])
    store.connection.commit()
    assert sessions.sessions_during(store, started, ended) == first
    assert store.cost(lambda: sessions.sessions_during(store, started, ended,
                                                       screen="dealer")) <= cost * 1.1 + 5
