"""A read-only opening (``dealer-station history``, ``audit verify --database``) beside a
running station that commits and appends as it reads is not taken for tampering: the log is
read, the database's snapshot taken, the log read again, and only what the station appended
since is left to its own proof."""

from __future__ import annotations

import threading
from pathlib import Path

import crash_player

from dealer_station.station import Station
from dealer_station.store.database import Store
from dealer_station.store.paths import table_directory


def test_history_beside_a_station_playing_rounds_opens_every_time(tmp_path: Path) -> None:
    station = Station.open(crash_player.TABLE, str(tmp_path), game="let_it_ride",
                           settings=crash_player.SETTINGS, pin_cost=2**8)
    crash_player.setup(station)
    station.sign_in("D1", crash_player.PINS["D1"])
    stop = threading.Event()
    played = []

    def play() -> None:
        while not stop.is_set():
            station.start_round()
            assert station.round_id is not None
            for action, arguments in crash_player.let_it_ride_plan(station.round_id, 9):
                crash_player.perform(station, action, arguments)
            played.append(station.round_id)

    worker = threading.Thread(target=play)
    worker.start()
    try:
        directory = table_directory(crash_player.TABLE, tmp_path)
        for _ in range(40):
            with Store.open(directory, crash_player.TABLE, readonly=True) as store:
                assert store.audit_state.seq > 0
    finally:
        stop.set()
        worker.join(timeout=60)
        station.close()
    assert played
