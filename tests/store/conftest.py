"""Fixtures for the store and station tests: a controllable clock, an open station with a
supervisor, a dealer and a technician (the shared helpers are in station_helpers.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from own_pins import add_account
from station_helpers import Clock, open_station

from dealer_station.station import Station


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def station(tmp_path: Path, clock: Clock) -> Iterator[Station]:
    opened = open_station(tmp_path, clock)
    opened.create_first_supervisor("S1", "Sam Super", "111111")
    for user, name, role, pin in (("S2", "Sue Super", "supervisor", "222222"),
                                  ("D1", "Dee Dealer", "dealer", "3333"),
                                  ("T1", "Tom Tech", "technician", "444444")):
        add_account(opened, user, name, role, pin, supervisor="S1", pin="111111")
    yield opened
    opened.close()
