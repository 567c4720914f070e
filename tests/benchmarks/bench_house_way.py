"""Benchmark of the house way (9 NYCRR 5324.41(h)(5), (q)): settings per second over random
seven-card hands from the 53-card deck, in one process.

Run: ``python tests/benchmarks/bench_house_way.py`` or
``python -m pytest tests/benchmarks/bench_house_way.py -s``. Target: at least 50,000 settings a
second. Two figures are shown: the first pass over fresh random hands, while the house way's
per-rank-pattern cache fills (about 26,000 patterns occur), and the steady state a table reaches
within its first minutes. CPU time is measured (the machine may be shared), wall time shown too.
"""

from __future__ import annotations

import random
import time
import tomllib

from dealer_station.cards import Card, pai_gow_deck
from dealer_station.games.pai_gow.house_way import HouseWay, house_way_from_mapping
from dealer_station.resources_path import resource_path

TARGET = 50_000
HANDS = 100_000


def hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    deck = list(pai_gow_deck())
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def fresh_house_way() -> HouseWay:
    """The shipped standard house way read anew: its pattern cache is empty."""
    with resource_path("house_ways", "standard.toml").open("rb") as handle:
        return house_way_from_mapping(tomllib.load(handle))


def measure(way: HouseWay, way_hands: list[tuple[Card, ...]]) -> tuple[float, float]:
    """Settings per second (CPU, wall) over ``way_hands``."""
    cpu, wall = time.process_time(), time.perf_counter()
    for seven in way_hands:
        way.set_hand(seven)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return len(way_hands) / cpu, len(way_hands) / wall


def run() -> dict[str, float]:
    way = fresh_house_way()
    cold_cpu, cold_wall = measure(way, hands(HANDS, 1))
    measure(way, hands(HANDS, 2))  # the steady state of a table in play
    warm_cpu, warm_wall = measure(way, hands(HANDS, 3))
    return {"cold_cpu": cold_cpu, "cold_wall": cold_wall, "warm_cpu": warm_cpu,
            "warm_wall": warm_wall}


def test_house_way_settings_per_second() -> None:
    """Prints the figures; not a timed test (timings on a shared machine are no verdict)."""
    figures = run()
    print("\nhouse way settings per second: " + ", ".join(
        f"{name} {value:,.0f}" for name, value in figures.items()))
    print(f"target {TARGET:,d} (steady state, CPU): "
          + ("met" if figures["warm_cpu"] >= TARGET else "NOT met"))
    assert all(value > 0 for value in figures.values())


if __name__ == "__main__":
    figures = run()
    for name, value in figures.items():
        print(f"{name:10s} {value:12,.0f} settings/s")
    print(f"target     {TARGET:12,d} settings/s (steady state, CPU): "
          + ("met" if figures["warm_cpu"] >= TARGET else "NOT met"))
