"""CPU per round and per action of the station's own path (``Station.start_round`` /
``Station.perform``: verify, journal, audit record, commit), the figure the 10^6-round build
(``store_builder.py``) and every dealer's button wait on; printed beside the durable path
against its floor (``bench_store.durable_path``). No timed assertions: figures only.

Each run: a fresh store, 20 rounds to warm up (store, PIN hash, tables), then ``--rounds``
six-position Let It Ride rounds in one simulated day (nothing archived) with fsync off as in
the build; the builder's own planning of each round (a scratch round played out) is timed
apart and taken off. Runs are repeated (``--runs``) because the machine is shared: read the
lowest.

Usage: ``python tests/benchmarks/bench_round_cpu.py [--rounds 300] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import bench_store
import store_builder

from dealer_station import logs

WARM_UP = 20


def station_cpu(rounds: int) -> tuple[float, float, int]:
    """CPU seconds of ``rounds`` rounds through the station, of planning them, and the
    number of actions."""
    with tempfile.TemporaryDirectory() as scratch:
        store_builder.build(scratch, WARM_UP, per_day=10**9)
        started = time.process_time()
        store_builder.build(scratch, WARM_UP + rounds, per_day=10**9, resume=True)
        total = time.process_time() - started
    started = time.process_time()
    actions = sum(len(store_builder.round_plan(n)) for n in range(WARM_UP + 1,
                                                                  WARM_UP + rounds + 1))
    return total - (time.process_time() - started), time.process_time() - started, actions


def main(rounds: int, runs: int) -> None:
    logs.configure("production", level=logging.WARNING, force=True)
    print(f"{rounds} rounds per run, {runs} runs (fsync off; the lowest is the figure)")
    best: tuple[float, float, int] | None = None
    for run in range(1, runs + 1):
        station, plan, actions = station_cpu(rounds)
        print(f"  run {run}: station {station / rounds * 1e3:.2f} ms CPU per round, "
              f"{station / actions * 1e6:.0f} us per action ({actions / rounds:.1f} actions "
              f"a round); the builder's planning {plan / rounds * 1e3:.2f} ms per round")
        if best is None or station < best[0]:
            best = (station, plan, actions)
    assert best is not None
    print(f"station: {best[0] / rounds * 1e3:.2f} ms CPU per round = "
          f"{rounds / best[0]:.0f} rounds per CPU-second; the build with its planning: "
          f"{rounds / (best[0] + best[1]):.0f} rounds per CPU-second (before archiving)")
    with tempfile.TemporaryDirectory() as scratch:
        action, floor = bench_store.durable_path(Path(scratch) / "durable")
    print(f"durable path: {action * 1e3:.3f} ms per action against the floor "
          f"{floor * 1e3:.3f} ms ({action / floor:.2f}x; target within 2x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    main(options.rounds, options.runs)
