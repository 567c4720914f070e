"""Fixtures for the store and station tests: the fake ``high_card`` game registered, a fast PIN
hash, a controllable clock, an open station with a supervisor, a dealer and a technician."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import fakegame

from dealer_station.station import Station, register_game

register_game("high_card", fakegame.new_round)

PIN_COST = 2**8


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def open_station(data_dir: Path, clock: Clock | None = None, **settings: object) -> Station:
    return Station.open("T1", str(data_dir), game="high_card",
                        settings=settings or {"positions": 3, "minimum": 500},
                        clock=clock or Clock(), pin_cost=PIN_COST)


@pytest.fixture
def station(tmp_path: Path, clock: Clock) -> Iterator[Station]:
    opened = open_station(tmp_path, clock)
    opened.create_first_supervisor("S1", "Sam Super", "111111")
    opened.create_user("S2", "Sue Super", "supervisor", "222222", supervisor="S1", pin="111111")
    opened.create_user("D1", "Dee Dealer", "dealer", "3333", supervisor="S1", pin="111111")
    opened.create_user("T1", "Tom Tech", "technician", "444444", supervisor="S1", pin="111111")
    yield opened
    opened.close()


def play_round(station: Station, cards: tuple[str, ...] = ("9S", "KD", "5C")) -> int:
    """Play one full high-card round (two players, the second with the progressive)."""
    station.start_round()
    round_id = station.round_id
    assert round_id is not None
    station.perform("place_wager", position=1, wager="ante", amount=1000)
    station.perform("place_wager", position=2, wager="ante", amount=500)
    station.perform("place_wager", position=2, wager="progressive", amount=100)
    station.perform("lock_out")
    for card in cards:
        station.perform("deal", card=card)
    station.perform("settle")
    station.perform("collect_cards")
    return round_id
