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
        # approved before the hit that came first: it waits for it, approved and unpaid
        waits = pools.decide_hit(connection, "linked", second.order, approve=True, by="S3")
        assert (waits.status, waits.approved_by, waits.amount_cents) == ("pending", "S3", None)
        assert pools.waiting_for(connection, "linked", second.order) == (
            "hit 1 at table T1 (round 1, position 3)")
        pools.contribute(connection, "T2", 8, 100)  # the pool moves meanwhile: $31,000.21
        paid = pools.decide_hit(connection, "linked", first.order, approve=True, by="S2")
        assert (paid.amount_cents, paid.pool_after) == (310_003, 2_790_018)  # rounded up
        # paid in the same transaction, from what the first left, without a second approval
        whole, = [h for h in pools.hits(connection, "linked") if h.order == second.order]
        assert (whole.status, whole.pool_before, whole.amount_cents) == (
            "paid", 2_790_018, 2_790_018)
        assert whole.pool_after == 1_000_000  # reseeded to the reset by the house
        with pytest.raises(FloorError, match="was paid already by S2: nothing is decided"):
            pools.decide_hit(connection, "linked", first.order, approve=True, by="S2")
        check = pools.reconcile(connection, "linked")
        assert check.ok and check.payments == 310_003 + 2_790_018


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


def test_a_voided_rounds_pending_hit_is_rejected_and_holds_back_no_later_hit(
        floor_url: str) -> None:
    """5324.41(k)(6): hits are paid in hit order; a hit of a round then voided (its wagers
    returned) pays nothing, so the forwarded void rejects it and the approved hit waiting
    behind it is paid at once."""
    from dealer_station.floor.forward import _journal

    with _floor(floor_url) as connection:
        pools.contribute(connection, "T2", 1, 100_000)
        with connection.transaction():  # T1's claim shown to its supervisor: hit 1
            pools.table_claim_in(connection, "T1", 4, "2", "royal_flush", 1000, event="shown",
                                 by="S1")
        waits = pools.approve_table_claim(connection, "T2", 9, "5", "royal_flush",
                                          terms=((10000, None),), by="S2")
        assert waits.paid is None and waits.waiting_for == "hit 1 at table T1 (round 4, position 2)"
        with connection.transaction():  # T1's round voided, as its forwarder sends it
            _journal(connection, "T1", {"kind": "round", "round": 4, "time": "t",
                                        "data": {"event": "voided"}})
        first, second = pools.hits(connection, "linked")
        assert (first.status, second.status) == ("rejected", "paid")
        assert second.pool_before == 1_021_000 and second.amount_cents == 1_021_000
        reason = connection.execute("SELECT reason FROM pool_hits WHERE hit_order = 1"
                                    ).fetchone()[0]
        assert reason == "round 4 at table T1 was voided"
        assert pools.reconcile(connection, "linked").ok
