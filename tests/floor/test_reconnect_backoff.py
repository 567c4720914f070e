"""A station that lost the floor tries again after capped, exponentially growing, jittered
waits, and from the start once it was connected."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from dealer_station.floor.backoff import Backoff, ceiling


def test_the_waits_double_up_to_the_cap_and_start_again_after_a_connection() -> None:
    highest = Backoff(first=0.5, cap=30.0, draw=lambda low, high: high)
    assert [highest.next() for _ in range(9)] == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0,
                                                  30.0]
    highest.reset()
    assert highest.next() == 0.5


@given(st.integers(min_value=1, max_value=200), st.integers(min_value=0, max_value=2**32))
def test_every_wait_is_jittered_within_its_ceiling(failures: int, seed: int) -> None:
    generator = random.Random(seed)
    backoff = Backoff(draw=generator.uniform)
    waits = [backoff.next() for _ in range(failures)]
    assert all(0.0 <= wait <= ceiling(n, first=0.5, cap=30.0)
               for n, wait in enumerate(waits, start=1))


def test_two_hundred_stations_spread_their_retries_over_the_cap() -> None:
    generator = random.Random(7)
    stations = [Backoff(draw=generator.uniform) for _ in range(200)]
    for station in stations:
        for _ in range(8):  # the floor down long enough for every station to reach the cap
            station.next()
    waits = sorted(station.next() for station in stations)
    # no thundering herd: the retries are spread over the cap, not bunched together
    assert waits[-1] - waits[0] > 20.0
    assert len({round(wait, 1) for wait in waits}) > 100
