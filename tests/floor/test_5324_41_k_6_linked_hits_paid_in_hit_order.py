"""5324.41(k)(6) on a linked pool: each hit is paid from the pool as it stands when it is paid,
in the floor's hit order, and never starved by the other tables' contributions.

Ten tables contribute to the pool every 0.3 s (each contribution one floor transaction under the
pool's lock, as their forwarders send them) while three Pai Gow tables, whole rounds through
the Station with their FloorLinks, have a hit pending each. Their supervisors approve them out
of order — the second and third before the first: every approval is taken at its first try
(no "the meter moved"), the two early ones say which hit at which table they wait for, and once
the first is approved all three are paid strictly in hit order, each from what the one before
left, recorded at its table with the amount the floor paid (on its slip too); the pool
reconciles to the cent. The figures (tries per approval, time pending, order) are printed.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenarios"))

from floor_player import wait_forwarded
from test_linked_claims import open_linked_station
from test_pai_gow_station_rounds import RESET, play_to_validation
from winner_support import WINNER

from dealer_station.claims import Waiting
from dealer_station.floor import pools, tables
from dealer_station.floor.config import connect
from dealer_station.procedure import ProcedureError
from dealer_station.slips import slip_lines
from dealer_station.station import Station
from dealer_station.store import meters as meter_store

HITTING = ("PG-A", "PG-B", "PG-C")
CONTRIBUTING = tuple(f"T{n:02d}" for n in range(1, 11))
EVERY = 0.3  # seconds between one table's contributions


@pytest.fixture
def busy_floor(floor_url: str, tmp_path: Path) -> Iterator[list[Station]]:
    """Pool 'linked' (reset $10,000, 21%): three Pai Gow tables with their FloorLinks, D1 on
    duty at each, and ten more member tables contributing every 0.3 s until the test ends."""
    stop = threading.Event()
    with connect(floor_url) as connection, ExitStack() as stack:
        pools.create_pool(connection, "linked", wager="progressive", reset_cents=RESET,
                          rate_bp=2100, actor="S9")
        for number, table in enumerate(CONTRIBUTING):
            tables.register(connection, table, f"contributor-{number}", "pai_gow", {})
            tables.join_pool(connection, "linked", table)
        opened = []
        for table in HITTING:
            opened.append(open_linked_station(connection, stack, floor_url, tmp_path, table))
        for station, link in opened:
            _wait(lambda link=link: link.view.reachable)  # until then the progressive is locked
            play_to_validation(station)
            link.wake()
            wait_forwarded(station, link)

        def contribute(table: str, offset: float) -> None:
            with connect(floor_url) as own:
                stop.wait(offset)
                round_id = 0
                while not stop.is_set():
                    round_id += 1
                    pools.contribute(own, table, round_id, 500 + 7 * round_id)
                    stop.wait(EVERY)

        threads = [threading.Thread(target=contribute, args=(t, n * EVERY / len(CONTRIBUTING)))
                   for n, t in enumerate(CONTRIBUTING)]
        for thread in threads:
            thread.start()
        stack.callback(lambda: [thread.join(10) for thread in threads])
        stack.callback(stop.set)
        yield [station for station, _link in opened]


def _wait(predicate: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = predicate()
        if found:
            return found
        time.sleep(0.05)
    raise TimeoutError("condition not reached")


def _floor_hits(url: str) -> list[pools.Hit]:
    with connect(url) as connection:
        return pools.hits(connection, "linked")


def test_linked_hits_are_paid_in_hit_order_from_the_pool_as_it_stands_never_starved(
        busy_floor: list[Station], floor_url: str) -> None:
    stations = {station.store.table: station for station in busy_floor}
    shown_at: dict[str, float] = {}
    shown: dict[str, Any] = {}
    for table in HITTING:  # shown in this order: their places in the floor's line
        station = stations[table]
        assert station.round_id is not None
        shown[table] = station.show_progressive_claim(station.round_id, 5, supervisor="S1",
                                                      pin="111111")
        shown_at[table] = time.monotonic()
        _wait(lambda table=table: any(h.table_id == table for h in _floor_hits(floor_url)))
    in_line = [h.table_id for h in _floor_hits(floor_url)]
    assert in_line == list(HITTING)
    pool_shown = shown["PG-A"].meter_before
    tries: dict[str, int] = {}
    refusals: list[str] = []
    outcome: dict[str, Any] = {}
    for table in ("PG-C", "PG-B", "PG-A"):  # the first in line approved last
        time.sleep(1.0)  # contributions keep coming meanwhile (about 33 a second)
        station = stations[table]
        claim = shown[table]
        for attempt in range(1, 31):  # what a supervisor would do: show again, approve again
            try:
                outcome[table] = station.decide_progressive_claim(
                    claim, approve=True, winner=WINNER, supervisor="S1", pin="111111")
            except ProcedureError as error:
                refusals.append(f"{table}: {error}")
                assert station.round_id is not None
                claim = station.show_progressive_claim(station.round_id, 5, supervisor="S1",
                                                       pin="111111")
                continue
            tries[table] = attempt
            break
    assert refusals == [] and tries == {"PG-A": 1, "PG-B": 1, "PG-C": 1}
    for table in ("PG-C", "PG-B"):
        waiting = outcome[table]
        assert isinstance(waiting, Waiting), waiting
        assert waiting.waiting_for.startswith("hit 1 at table PG-A (round 1, position 5)")
        assert "PG-A" in waiting.words and "decided" in waiting.words
    assert not isinstance(outcome["PG-A"], Waiting)
    decided_at = time.monotonic()
    paid_at = {"PG-A": decided_at}
    for table in ("PG-B", "PG-C"):  # each table's worker records what the floor paid
        _wait(lambda table=table: stations[table].record_floor_payments())
        paid_at[table] = time.monotonic()

    hits = _floor_hits(floor_url)
    assert [(h.table_id, h.status) for h in hits] == [(t, "paid") for t in HITTING]
    with connect(floor_url) as connection:
        payments = connection.execute(
            "SELECT hit_order, table_id, amount_cents FROM pool_entries WHERE pool = 'linked' "
            "AND kind = 'payment' ORDER BY id").fetchall()
        decided = [row[0] for row in connection.execute(
            "SELECT table_id FROM pool_hits WHERE pool = 'linked' ORDER BY decided")]
        check = pools.reconcile(connection, "linked")
        meanwhile = connection.execute(
            "SELECT count(*) FROM pool_entries WHERE pool = 'linked' AND kind = 'contribution' "
            "AND time BETWEEN (SELECT min(requested) FROM pool_hits) AND (SELECT max(decided) "
            "FROM pool_hits)").fetchone()[0]
    assert meanwhile > 30  # the other tables kept the pool moving while the hits were pending
    assert [int(row[0]) for row in payments] == [1, 2, 3]  # strictly in hit order
    assert decided == list(HITTING)
    first, second, third = hits
    assert first.pool_before is not None and first.pool_before > pool_shown  # the pool moved
    assert first.amount_cents == first.pool_before  # 100% of the pool when paid
    assert (second.pool_before, second.amount_cents) == (first.pool_after, RESET)
    assert (third.pool_before, third.amount_cents) == (second.pool_after, RESET)
    assert check.ok, check
    for hit in hits:  # the table's record and slip: the amount the floor paid
        station = stations[hit.table_id]
        jackpot, = meter_store.jackpots(station.store)
        assert (jackpot.amount, jackpot.meter_before, jackpot.meter_after) == (
            hit.amount_cents, hit.pool_before, hit.pool_after)
        assert jackpot.supervisor == "S1"
        slip = "\n".join(slip_lines(jackpot, table=hit.table_id, copy=False))
        dollars = f"${hit.amount_cents // 100:,}.{hit.amount_cents % 100:02d}"
        assert dollars in slip
        assert station.round is not None
        assert 5 not in [v.position for v in station.round.optional.pending]
    print()
    for table in HITTING:
        hit = next(h for h in hits if h.table_id == table)
        print(f"{table}: hit {hit.order}, approved at try {tries[table]}, pending "
              f"{paid_at[table] - shown_at[table]:.1f} s (recorded "
              f"{paid_at[table] - decided_at:.2f} s after hit 1 was approved), paid "
              f"{hit.amount_cents} cents from {hit.pool_before}")
    print(f"paid in hit order {[int(row[0]) for row in payments]}; {meanwhile} contributions "
          f"while the hits were pending; contributions {check.contributions} cents in all; "
          f"reconciles: {check.ok}")
