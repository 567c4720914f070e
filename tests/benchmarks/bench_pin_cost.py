"""Benchmark of the PIN hash (issue 20, item 7): what one offline guess costs at the production
scrypt parameters (:data:`dealer_station.auth.PIN_COST`), and how long a search of the whole
PIN space takes on this machine, on one core and on all of them.

Run: ``python tests/benchmarks/bench_pin_cost.py`` (or ``python -m pytest
tests/benchmarks/bench_pin_cost.py -s``). Each figure is the median of ``ROUNDS`` hashes of a
6-digit PIN with a fresh salt, wall-clock; the older N=2^14 hash is measured beside it. The
target: one guess at the production cost takes at least 0.25 s here. Cores are counted with
``os.sched_getaffinity``; a search on all cores is the one-core time divided by that count
(scrypt at 128 MiB per guess is bound by memory bandwidth, so this is optimistic for the
attacker). The figures go into ``docs/accounts.md``.
"""

from __future__ import annotations

import os
import secrets
import statistics
import time

from dealer_station.auth import PIN_COST, PinCost, hash_pin

ROUNDS = 7


def seconds_per_guess(cost: PinCost, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        hash_pin("493817", cost, salt=secrets.token_bytes(16))
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _duration(seconds: float) -> str:
    if seconds < 3600:
        return f"{seconds / 60:,.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:,.1f} h"
    return f"{seconds / 86400:,.1f} days"


def report() -> list[tuple[str, float]]:
    cores = len(os.sched_getaffinity(0))
    rows = [("older hash N=2^14, r=8, p=1 (16 MiB)", seconds_per_guess(PinCost(2**14))),
            (f"production N=2^{PIN_COST.n.bit_length() - 1}, r={PIN_COST.r}, p={PIN_COST.p} "
             f"({PIN_COST.memory_bytes // 2**20} MiB)", seconds_per_guess(PIN_COST))]
    print(f"PIN hash cost on this machine ({cores} cores; median of {ROUNDS} hashes)")
    for name, seconds in rows:
        print(f"  {name:<42} {seconds:7.3f} s per guess")
        for digits in (4, 6):
            space = 10 ** digits
            print(f"    {digits}-digit PIN space ({space:,}): whole space "
                  f"{_duration(space * seconds)} on one core, "
                  f"{_duration(space * seconds / cores)} on {cores} cores "
                  f"(half that on average)")
    return rows


def test_pin_cost_benchmark() -> None:
    rows = report()
    print(f"target: >= 0.25 s per guess at the production cost: "
          f"{'met' if rows[-1][1] >= 0.25 else 'NOT met'} ({rows[-1][1]:.3f} s)")


if __name__ == "__main__":
    test_pin_cost_benchmark()
