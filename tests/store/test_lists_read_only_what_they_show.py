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
