"""Linked progressive pools on the real engine: contributions once per round, hits in the
floor's commit order each paid from the pool as it then stands, PENDING until decided,
parameters refused during a round, reconciliation to the cent."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from dealer_station.floor import FloorError, pools, tables
from dealer_station.floor.config import connect


def _floor(url: str, members: int = 2, *, reset: int = 1_000_000, rate: int = 2100) -> Any:
    connection = connect(url)
    pools.create_pool(connection, "linked", wager="progressive", reset_cents=reset,
                      rate_bp=rate, actor="S1")
    for number in range(1, members + 1):
        tables.register(connection, f"T{number}", f"station-{number}", "pai_gow",
                        {f"SHOE-{number}": "shoe"})
        tables.join_pool(connection, "linked", f"T{number}")
    return connection


def test_a_contribution_is_counted_once_per_table_and_round(floor_url: str) -> None:
    with _floor(floor_url) as connection:
        first = pools.contribute(connection, "T1", 1, 500)
        again = pools.contribute(connection, "T1", 1, 500)
        assert (first.new, again.new) == (True, False)
        assert first.amount_cents == 105  # 21% of $5
        assert pools.pool(connection, "linked").amount_cents == 1_000_105
        assert pools.reconcile(connection, "linked").ok


def test_a_table_joins_a_pool_once_and_a_table_id_is_one_station(floor_url: str) -> None:
    with _floor(floor_url) as connection:
        with pytest.raises(FloorError, match="already a member of pool 'linked'"):
            tables.join_pool(connection, "linked", "T1")
        with pytest.raises(FloorError, match="already on the floor from another station"):
            tables.register(connection, "T1", "station-X", "pai_gow", {})
        with pytest.raises(FloorError, match="serial SHOE-1 is already at table T1"):
            tables.register(connection, "T3", "station-3", "pai_gow", {"SHOE-1": "shoe"})
        tables.register(connection, "T1", "station-1", "pai_gow", {"SHOE-1": "shoe"})


def test_pending_hits_are_decided_in_commit_order_from_the_pool_as_it_stands(
        floor_url: str) -> None:
    with _floor(floor_url) as connection:
        pools.contribute(connection, "T1", 1, 10_000_000)  # pool $31,000
        first = pools.request_hit(connection, "T1", 1, "3", "royal_flush", share_bp=1000)
        second = pools.request_hit(connection, "T2", 7, "5", "natural_royal_flush",
                                   share_bp=10000)
        assert (first.status, second.status) == ("pending", "pending")
        assert pools.pool(connection, "linked").pending == 2
        with pytest.raises(FloorError, match="hit 1 of pool 'linked' came first"):
            pools.decide_hit(connection, "linked", second.order, approve=True, by="S2")
        paid = pools.decide_hit(connection, "linked", first.order, approve=True, by="S2")
        assert (paid.amount_cents, paid.pool_after) == (310_000, 2_790_000)
        whole = pools.decide_hit(connection, "linked", second.order, approve=True, by="S2")
        assert whole.amount_cents == 2_790_000  # the pool as it then stood
        assert whole.pool_after == 1_000_000  # reseeded to the reset by the house
        with pytest.raises(FloorError, match="nothing is decided twice"):
            pools.decide_hit(connection, "linked", first.order, approve=True, by="S2")
        check = pools.reconcile(connection, "linked")
        assert check.ok and check.payments == 310_000 + 2_790_000


def test_pool_terms_are_refused_while_a_member_table_is_in_a_round(floor_url: str) -> None:
    with _floor(floor_url) as connection:
        connection.execute("UPDATE floor_tables SET phase = 'round', round_id = 4 "
                           "WHERE table_id = 'T2'")
        connection.commit()
        with pytest.raises(FloorError, match=r"in a round now: T2 \(round 4\)"):
            pools.set_terms(connection, "linked", actor="S1", rate_bp=2500)
        connection.execute("UPDATE floor_tables SET phase = 'idle' WHERE table_id = 'T2'")
        connection.commit()
        assert pools.set_terms(connection, "linked", actor="S1", rate_bp=2500).rate_bp == 2500


def test_two_tables_hitting_in_the_same_millisecond_are_each_paid_once(floor_url: str) -> None:
    _floor(floor_url).close()
    with connect(floor_url) as connection:
        pools.contribute(connection, "T1", 1, 2_000_000)  # pool $14,200
    barrier = threading.Barrier(2)
    results: dict[str, pools.Hit] = {}

    def hit(table: str) -> None:
        with connect(floor_url) as own:
            barrier.wait()
            results[table] = pools.request_hit(own, table, 1, "1", "royal", share_bp=5000,
                                               decide_by="auto")

    threads = [threading.Thread(target=hit, args=(t,)) for t in ("T1", "T2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    first, second = sorted(results.values(), key=lambda h: h.order)
    assert (first.order, second.order) == (1, 2)
    assert first.pool_before == 1_420_000 and first.amount_cents == 710_000
    assert second.pool_before == first.pool_after == 1_000_000  # reseeded, then halved
    assert second.amount_cents == 500_000
    with connect(floor_url) as connection:
        assert pools.reconcile(connection, "linked").ok
        assert len(pools.hits(connection, "linked", status="paid")) == 2


def test_random_contributions_and_hits_from_four_tables_reconcile_to_the_cent(
        floor_url: str) -> None:
    _floor(floor_url, members=4).close()
    rng = random.Random(18)

    def play(table: str, seed: int) -> None:
        own_rng = random.Random(seed)
        with connect(floor_url) as own:
            for round_id in range(1, 41):
                pools.contribute(own, table, round_id, own_rng.randrange(100, 50_000))
                if own_rng.random() < 0.05:
                    pools.request_hit(own, table, round_id, "1", "hand",
                                      share_bp=own_rng.choice([1000, 10000]),
                                      decide_by="auto")

    threads = [threading.Thread(target=play, args=(f"T{n}", rng.randrange(10**6)))
               for n in range(1, 5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    with connect(floor_url) as connection:
        check = pools.reconcile(connection, "linked")
        assert check.ok, check
        count = connection.execute("SELECT count(*) FROM pool_entries WHERE kind = "
                                   "'contribution'").fetchone()[0]
        assert count == 160
