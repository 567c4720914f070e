"""What the store and station tests share, imported by name (``from station_helpers import
PIN_COST``): the fake ``high_card`` game registered, a fast PIN hash, a controllable clock, a
station opened on it and a played round. A module of its own, never ``from conftest import``:
every test folder has a ``conftest`` and which one that name means depends on the folders run
together."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import fakegame

from dealer_station.station import Station, register_game

__all__ = ["PIN_COST", "Clock", "open_station", "play_round"]

register_game("high_card", fakegame.new_round)

#: A PIN hash cost small enough for tests (the product's is 2**17).
PIN_COST = 2**8


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def open_station(data_dir: Path, clock: Clock | None = None, **settings: object) -> Station:
    return Station.open("T1", str(data_dir), game="high_card",
                        settings=settings or {"positions": 3, "minimum": 500},
                        clock=clock or Clock(), pin_cost=PIN_COST)


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
