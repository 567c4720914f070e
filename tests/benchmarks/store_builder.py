"""Builds a large table store through the station's own API (``Station.perform``), for the store
benchmark (``bench_store.py``). Each round is a six-position Let It Ride round on the automated
shoe: wagers, bonus acknowledgements and three card bonus bets, the deal, both decisions,
the community cards, the showdown, collection, payment and the cards collected.

Durability is switched off for the build only (``synchronous=OFF`` and no ``fsync``), so a large
store can be built in reasonable time; the benchmark measures with a station opened normally.

Usage: ``python tests/benchmarks/store_builder.py DATA_DIR ROUNDS`` (adds rounds until the
table has ROUNDS; prints the rounds per second of the build).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from dealer_station.cards import standard_deck
from dealer_station.games.let_it_ride.autoplay import play_out, take_wagers
from dealer_station.games.let_it_ride.station_round import new_round
from dealer_station.station import Station
from dealer_station.store import users

TABLE = "BENCH-1"
SETTINGS: dict[str, Any] = {"table": {"dealing": "shoe", "minimum": 5, "maximum": 100}}
PINS = {"S1": "111111", "D1": "3333"}
POSITIONS = (1, 2, 3, 4, 5, 6)


def round_plan(round_id: int) -> list[tuple[str, dict[str, Any]]]:
    """The actions of a six-position round, fixed by its number."""
    rng = random.Random(round_id)
    scratch = new_round(SETTINGS)
    take_wagers(scratch, rng, POSITIONS)
    deck = list(standard_deck())
    rng.shuffle(deck)
    play_out(scratch, deck, {p: rng.random() < 0.5 for p in POSITIONS},
             {p: rng.random() < 0.5 for p in POSITIONS})
    return [(record.action, dict(record.arguments)) for record in scratch.history]


@contextmanager
def no_fsync() -> Iterator[None]:
    """``os.fsync`` does nothing inside (the build only: the benchmark measures durably)."""
    real = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = real


def open_station(data_dir: str) -> Station:
    return Station.open(TABLE, data_dir, game="let_it_ride", settings=SETTINGS, pin_cost=2**8)


def build(data_dir: str, rounds: int, *, progress: bool = False) -> float:
    """Play rounds until the table has ``rounds``; the rounds per second of the build."""
    with no_fsync():
        station = open_station(data_dir)
        try:
            station.store.connection.execute("PRAGMA synchronous=OFF")
            if station.needs_first_supervisor:
                station.create_first_supervisor("S1", "Sam Super", PINS["S1"])
            if users.account(station.store, "D1") is None:
                station.create_user("D1", "Dee", "dealer", PINS["D1"], supervisor="S1",
                                    pin=PINS["S1"])
            station.sign_in("D1", PINS["D1"])
            have = station.store.query("SELECT COUNT(*) FROM rounds")[0][0]
            started = time.perf_counter()
            for number in range(have + 1, rounds + 1):
                station.start_round()
                for action, arguments in round_plan(number):
                    station.perform(action, **arguments)
                if progress and number % 1000 == 0:
                    rate = (number - have) / (time.perf_counter() - started)
                    print(f"  {number} rounds ({rate:.0f}/s)", file=sys.stderr, flush=True)
            elapsed = time.perf_counter() - started
            station.sign_out()
        finally:
            station.close()
    return (rounds - have) / elapsed if rounds > have else 0.0


if __name__ == "__main__":
    rate = build(sys.argv[1], int(sys.argv[2]), progress=True)
    print(f"built at {rate:.1f} rounds/s")
