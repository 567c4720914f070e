"""Benchmark of the floor (issue 18) on a private PostgreSQL server (tests/pgserver.py):

* contributions per second the floor sustains with N simulated tables (default 50), each a
  thread with its own connection contributing round after round to one linked pool (each a
  transaction locking the pool's row, as a station's forwarder does);
* latency from a contribution committed at one table to the amount seen by another table's
  listener (LISTEN/NOTIFY, :class:`dealer_station.floor.listen.Listener`): median, 95th
  percentile and worst of 200 contributions;
* the four-table reconciliation at full size (500 rounds each, random contributions and hits).

Run: ``python tests/benchmarks/bench_floor.py [TABLES] [SECONDS]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pgserver import PostgresServer, find_binaries

from dealer_station.floor import pools, schema, tables
from dealer_station.floor.config import connect
from dealer_station.floor.listen import Listener, PoolAmount


def _floor(server: PostgresServer, members: int) -> str:
    url = server.create_database("bench")
    with connect(url) as connection:
        schema.init(connection)
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=1_000_000,
                          rate_bp=2100, actor="bench")
        for number in range(members):
            tables.register(connection, f"T{number}", f"s{number}", "pai_gow", {})
            tables.join_pool(connection, "linked", f"T{number}")
    return url


def throughput(server: PostgresServer, members: int, seconds: float) -> None:
    url = _floor(server, members)
    counts = [0] * members
    stop = time.monotonic() + seconds

    def table(number: int) -> None:
        with connect(url) as connection:
            round_id = 0
            while time.monotonic() < stop:
                round_id += 1
                pools.contribute(connection, f"T{number}", round_id, 500)
                counts[number] += 1

    threads = [threading.Thread(target=table, args=(n,)) for n in range(members)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    with connect(url) as connection:
        check = pools.reconcile(connection, "linked")
    print(f"throughput: {members} tables, {sum(counts):,} contributions in {elapsed:.1f} s = "
          f"{sum(counts) / elapsed:,.0f} contributions/s (pool reconciles: {check.ok})")


def latency(server: PostgresServer, samples: int = 200) -> None:
    url = _floor(server, 2)
    seen: dict[int, float] = {}
    ready = threading.Event()

    def on_amount(amount: PoolAmount) -> None:
        seen[amount.amount_cents] = time.perf_counter()

    listener = Listener(url, on_amount, lambda up, _why: ready.set() if up else None)
    listener.start()
    ready.wait(10)
    delays = []
    with connect(url) as connection:
        for round_id in range(1, samples + 1):
            sent = time.perf_counter()
            done = pools.contribute(connection, "T0", round_id, 500)
            while done.balance_cents not in seen:
                time.sleep(0.0002)
            delays.append((seen[done.balance_cents] - sent) * 1000)
    listener.stop()
    delays.sort()
    print(f"latency contribution at T0 -> amount at T1's listener: median "
          f"{statistics.median(delays):.2f} ms, p95 {delays[int(len(delays) * 0.95)]:.2f} ms, "
          f"worst {delays[-1]:.2f} ms ({samples} contributions)")


def four_tables(server: PostgresServer, rounds: int = 500) -> None:
    url = _floor(server, 4)
    rng = random.Random(18)

    def play(number: int, seed: int) -> None:
        own = random.Random(seed)
        with connect(url) as connection:
            for round_id in range(1, rounds + 1):
                pools.contribute(connection, f"T{number}", round_id, own.randrange(100, 50_000))
                if own.random() < 0.02:
                    pools.request_hit(connection, f"T{number}", round_id, "1", "hand",
                                      share_bp=own.choice([1000, 10000]), decide_by="bench")

    started = time.perf_counter()
    threads = [threading.Thread(target=play, args=(n, rng.randrange(10**6))) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with connect(url) as connection:
        check = pools.reconcile(connection, "linked")
        paid = len(pools.hits(connection, "linked", status="paid"))
    print(f"four tables x {rounds} rounds: {time.perf_counter() - started:.1f} s, {paid} hits "
          f"paid, seeds {check.seeds} + contributions {check.contributions} - payments "
          f"{check.payments} = {check.seeds + check.contributions - check.payments} "
          f"(pool {check.amount}): {'reconciles' if check.ok else 'DOES NOT RECONCILE'}")


def main() -> None:
    members = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    binaries = find_binaries()
    if binaries is None:
        raise SystemExit("PostgreSQL is not installed (initdb/pg_ctl)")
    server = PostgresServer(binaries)
    server.start()
    try:
        throughput(server, members, seconds)
        latency(server)
        four_tables(server)
    finally:
        server.remove()


if __name__ == "__main__":
    main()
