"""What a supervisor lists is read from the store as far as it is shown, never the table's whole
journal (issue 17: peak memory of any command independent of the number of rounds): the
meter's shift series from the shift's entries, a round's jackpot records by that round, the
history list printed as it is read."""

from __future__ import annotations

from pathlib import Path

import crash_player
import pytest

from dealer_station.cli import main
from dealer_station.meter_views import meter_panels, shift_series
from dealer_station.station import Station
from dealer_station.store import journal
from dealer_station.store import meters as meter_store
from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory

TABLE = crash_player.TABLE


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("lists")
    crash_player.play(data, 11, seed=5)  # a progressive meter fed by the bonus wagers
    with Station.open(TABLE, str(data)) as station:  # and paid out (as crash_player does)
        for round_id, position in ((5, "1"), (10, "2"), (10, "3")):
            with station.store.transaction() as work:
                meter_store.pay_jackpot(work, crash_player.METER, round_id=round_id,
                                        position=position, hand="Three of a kind",
                                        amount=crash_player.JACKPOT, dealer="D1",
                                        supervisor="S2")
    return data


def _store(data: Path) -> Store:
    return Store.open(table_directory(TABLE, str(data)), TABLE, readonly=True)


def test_the_shift_series_read_from_the_shift_equals_the_one_from_the_whole_journal(
        played: Path) -> None:
    with _store(played) as store:
        whole = meter_store.entries(store, crash_player.METER)
        assert len(whole) > 5
        moments = ["2000-01-01T00:00:00", *(e.time for e in whole), "2999-01-01T00:00:00"]
        for since in moments:
            shift = meter_store.shift_entries(store, crash_player.METER, since=since)
            assert shift_series(shift, since=since) == shift_series(whole, since=since)
            assert len(shift) <= len([e for e in whole if e.time >= since]) + 1
        middle = whole[len(whole) // 2].time
        panel, = meter_panels(store, since=middle)
        assert panel.series == shift_series(whole, since=middle)
        assert panel.series.points[0].kind == "start"


def test_the_jackpot_records_of_one_round_and_position_are_those_of_the_whole_list(
        played: Path) -> None:
    with _store(played) as store:
        every = meter_store.jackpots(store)
        assert len(every) == 3
        for record in every:
            assert meter_store.jackpots(store, round_id=record.round_id,
                                        position=record.position) == [
                j for j in every if (j.round_id, j.position) == (record.round_id,
                                                                 record.position)]
        assert meter_store.jackpots(store, round_id=10**6) == []


def test_the_history_list_prints_the_newest_rounds_up_to_the_limit(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(played), "history", "--table", TABLE, "--limit", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["round", "game", "status"]
    assert [int(line.split()[0]) for line in lines[1:]] == [11, 10, 9, 8]
    with _store(played) as store:
        assert [r.id for r in journal.iter_rounds(store, limit=4)] == [11, 10, 9, 8]
    assert main(["--data-dir", str(played), "history", "--table", TABLE, "--status",
                 "open"]) == 0
    assert capsys.readouterr().out == "no rounds\n"


def _journal_figures(store: Store) -> dict[str, tuple[int, int]]:
    return {row[0]: (int(row[1]), int(row[2])) for row in store.query(
        "SELECT kind, COUNT(*), SUM(amount) FROM meter_entries WHERE meter = ? GROUP BY kind",
        (crash_player.METER,))}


def test_a_meters_lifetime_figures_are_its_journals_kept_as_it_is_written(
        played: Path) -> None:
    """The Meters page and ``meters`` read a meter's counts and sums by kind as they were kept
    entry by entry (not its whole journal summed at every view): the same figures."""
    with _store(played) as store:
        journal_figures = _journal_figures(store)
        asked: list[str] = []
        store.connection.set_trace_callback(asked.append)
        stats = meter_store.statistics(store, crash_player.METER)
        store.connection.set_trace_callback(None)
    assert asked and not [sql for sql in asked if "meter_entries" in sql]  # no entry read
    assert journal_figures["contribution"][0] > 5
    assert (stats.contribution_count, stats.contributions) == journal_figures["contribution"]
    assert stats.paid == -journal_figures["paid"][1] and stats.hits == 3
    assert stats.current == sum(total for _n, total in journal_figures.values())


def test_the_kept_figures_are_filled_for_a_store_from_before_and_proven_by_audit_verify(
        played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil
    import sqlite3

    shutil.copytree(played, tmp_path / "data")
    database = tmp_path / "data" / TABLE / "table.sqlite3"
    with sqlite3.connect(database) as connection:  # as a store from before schema 16
        connection.execute("DROP TABLE meter_sums")
        connection.execute("PRAGMA user_version = 15")
    connection.close()
    Station.open(TABLE, str(tmp_path / "data")).close()  # migrated at the start
    with _store(tmp_path / "data") as store:
        figures = _journal_figures(store)
        stats = meter_store.statistics(store, crash_player.METER)
    assert (stats.contribution_count, stats.contributions) == figures["contribution"]
    with sqlite3.connect(database) as connection:  # a figure changed outside the station
        connection.execute("UPDATE meter_sums SET total = total + 100 WHERE kind = 'paid'")
    connection.close()
    assert main(["--data-dir", str(tmp_path / "data"), "audit", "verify", "--database",
                 "--table", TABLE]) == 1
    assert "counts and sums by kind (meter_sums) are not its journal's" in \
        capsys.readouterr().out
