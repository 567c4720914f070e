"""A table that has started once, for the command-line tests: Let It Ride as shipped and its
first supervisor ``S1`` (PIN ``111111``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from dealer_station.resources_path import resource_path
from dealer_station.station import Station

SUPERVISOR, SUPERVISOR_PIN = "S1", "111111"


def table_with_a_supervisor(directory: Path) -> Path:
    with open(resource_path("let_it_ride.toml"), "rb") as handle:
        settings = tomllib.load(handle)
    station = Station.open("table-1", str(directory), game="let_it_ride", settings=settings,
                           pin_cost=2**8)
    try:
        station.create_first_supervisor(SUPERVISOR, "Sam Super", SUPERVISOR_PIN)
    finally:
        station.close()
    return directory
