"""The station reads its configuration once and again only after it may have changed
(dealer_station/station_state.py): a supervisor's change, or a commit by another connection,
is what the next reading and the next round see; a change refused leaves the one in force."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from own_pins import add_account
from station_helpers import open_station, play_round

from dealer_station.auth import AuthenticationError
from dealer_station.station import Station


def _staffed(data_dir: Path) -> Station:
    station = open_station(data_dir)
    station.create_first_supervisor("S1", "Sam", "111111")
    add_account(station, "D1", "Dee", "dealer", "3333", supervisor="S1", pin="111111")
    station.sign_in("D1", "3333")
    return station


def _round_version(data_dir: Path, round_id: int) -> int:
    with sqlite3.connect(data_dir / "T1" / "table.sqlite3") as connection:
        text = connection.execute("SELECT config FROM rounds WHERE id = ?",
                                  (round_id,)).fetchone()[0]
    connection.close()
    return int(json.loads(text)["version"])


def test_a_supervisors_change_is_the_configuration_of_the_next_round(tmp_path: Path) -> None:
    with _staffed(tmp_path) as station:
        first = play_round(station)
        assert station.settings["minimum"] == 500
        version = station.change_configuration({"positions": 3, "minimum": 400},
                                               supervisor="S1", pin="111111")
        assert (station.configuration_version, station.settings["minimum"]) == (version, 400)
        second = play_round(station)
        station.sign_out()
    assert (_round_version(tmp_path, first), _round_version(tmp_path, second)) == (1, version)


def test_a_refused_change_leaves_the_configuration_in_force(tmp_path: Path) -> None:
    with _staffed(tmp_path) as station:
        assert station.game == "high_card"
        with pytest.raises(AuthenticationError):
            station.change_configuration({"positions": 3, "minimum": 1000}, supervisor="S1",
                                         pin="999999")
        assert (station.configuration_version, station.settings["minimum"]) == (1, 500)
        station.sign_out()


def test_a_configuration_committed_by_another_connection_is_read_again(tmp_path: Path
                                                                        ) -> None:
    with _staffed(tmp_path) as station:
        assert station.settings["minimum"] == 500  # read (and kept) before the change
        with sqlite3.connect(tmp_path / "T1" / "table.sqlite3") as connection:
            document = json.loads(connection.execute(
                "SELECT document FROM config WHERE version = 1").fetchone()[0])
            document["settings"]["minimum"] = 700
            connection.execute("INSERT INTO config (version, document, changed_by, time) "
                               "VALUES (2, ?, NULL, 't')", (json.dumps(document),))
        connection.close()
        assert (station.configuration_version, station.settings["minimum"]) == (2, 700)
        station.sign_out()
