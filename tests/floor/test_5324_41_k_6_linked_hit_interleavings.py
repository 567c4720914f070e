"""5324.41(k)(6) on a linked pool, in orders nobody designed: two or three hits pending, some
validated at their table and some at the pit, approved, rejected and contributed to in every
generated interleaving (hypothesis), on the real engine. Whatever the order: a table's approval
is always taken (never refused because the pool moved); a hit is paid exactly when it is
approved and every hit before it is decided, from the pool as the one before it left it, by the
best of its terms; the pit never decides a hit its table validates, and of the pit and the
table deciding the same hit one wins and the other gets one line; the pool reconciles to the
cent and matches a plain model of the rules exactly."""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_station.floor import FloorError, pools, tables
from dealer_station.floor.config import connect

RESET = 1_000_000
RATE = 2100
TERMS = (((10000, None),), ((1000, None), (None, 150_000)), ((None, 25_000),))
_pools = itertools.count(1)


@dataclass
class ModelHit:
    at_table: bool
    status: str = "pending"
    approved: bool = False
    terms: tuple[tuple[int | None, int | None], ...] = ()
    paid: tuple[int, int, int] | None = None  # (pool before, amount, pool after)


@dataclass
class Model:
    """The rules in plain Python: hits in line, paid in order, each from the pool then."""

    hits: list[ModelHit]
    amount: int = RESET
    paid_order: list[int] = field(default_factory=list)

    def pay_ready(self) -> None:
        for index, hit in enumerate(self.hits):
            if hit.status != "pending":
                continue
            if not hit.approved:
                return
            # the best of its terms at the pool now; a share rounded up to the cent
            award = max(min(self.amount, fixed if share is None
                            else (self.amount * share + 9999) // 10000)
                        for share, fixed in hit.terms if share is not None or fixed)
            after = self.amount - award
            hit.paid, hit.status = (self.amount, award, max(after, RESET)), "paid"
            self.amount = max(after, RESET)
            self.paid_order.append(index + 1)


operations = st.lists(st.one_of(
    st.tuples(st.just("contribute"), st.integers(0, 2), st.integers(100, 500_000)),
    st.tuples(st.just("approve"), st.integers(0, 2), st.integers(0, len(TERMS) - 1)),
    st.tuples(st.just("reject"), st.integers(0, 2), st.just(0)),
    st.tuples(st.just("pit_approve"), st.integers(0, 2), st.just(0)),
    st.tuples(st.just("pit_reject"), st.integers(0, 2), st.just(0)),
), max_size=14)


def _setup(connection: Any, count: int, at_table: list[bool]) -> tuple[str, list[str]]:
    number = next(_pools)
    name, members = f"linked-{number}", [f"P{number}-T{n}" for n in range(count)]
    pools.create_pool(connection, name, wager="progressive", reset_cents=RESET, rate_bp=RATE,
                      actor="S9")
    for index, table in enumerate(members):
        tables.register(connection, table, f"station-{table}", "pai_gow", {})
        tables.join_pool(connection, name, table)
        if at_table[index]:  # shown to the table's supervisor (its forwarded audit record)
            with connection.transaction():
                pools.table_claim_in(connection, table, 1, "5", "royal_flush", 1234,
                                     event="shown", by="S1")
        else:  # validated at the pit
            pools.request_hit(connection, table, 1, "5", "royal_flush", share_bp=10000)
    return name, members


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow])
@given(count=st.integers(2, 3), at_table=st.lists(st.booleans(), min_size=3, max_size=3),
       steps=operations)
def test_any_interleaving_of_approvals_rejections_and_contributions_pays_in_hit_order(
        floor_url: str, count: int, at_table: list[bool],
        steps: list[tuple[str, int, int]]) -> None:
    with connect(floor_url) as connection:
        name, members = _setup(connection, count, at_table)
        model = Model([ModelHit(at_table[n]) for n in range(count)])
        rounds = itertools.count(1)
        for kind, index, value in steps:
            index %= count
            table, hit = members[index], model.hits[index]
            if kind == "contribute":
                pools.contribute(connection, table, next(rounds), value)
                model.amount += value * RATE // 10000
            elif kind == "approve":  # the table's supervisor: always taken unless rejected
                if hit.status == "rejected":
                    try:
                        pools.approve_table_claim(connection, table, 1, "5", "royal_flush",
                                                  terms=TERMS[value], by="S1")
                    except FloorError as error:
                        assert "a rejection is final" in str(error)
                    else:
                        raise AssertionError("a rejected hit approved")
                    continue
                reading = pools.approve_table_claim(connection, table, 1, "5", "royal_flush",
                                                    terms=TERMS[value], by="S1")
                if hit.status == "pending" and not hit.approved:
                    hit.approved, hit.terms, hit.at_table = True, TERMS[value], True
                    model.pay_ready()
                assert (reading.paid is not None) == (hit.status == "paid")
                if hit.status == "pending":  # it says which hit it waits for
                    first = next(n for n, h in enumerate(model.hits) if h.status == "pending")
                    assert reading.waiting_for is not None
                    assert reading.waiting_for.startswith(
                        f"hit {first + 1} at table {members[first]} ")
            elif kind == "reject":  # the table's rejection, forwarded
                with connection.transaction():
                    pools.table_claim_in(connection, table, 1, "5", "royal_flush", 1234,
                                         event="rejected", by="S1", reason="cards moved")
                if hit.status == "pending" and not hit.approved:
                    hit.status = "rejected"
                    model.pay_ready()
            else:  # the pit
                approve = kind == "pit_approve"
                refusal = ((hit.at_table and hit.status == "pending")
                           or hit.status != "pending" or (hit.approved and not approve))
                try:
                    pools.decide_hit(connection, name, index + 1, approve=approve, by="P1",
                                     reason=None if approve else "not a royal")
                except FloorError as error:
                    assert refusal, error
                    assert "\n" not in str(error)
                    continue
                assert not refusal
                if approve and not hit.approved:
                    hit.approved, hit.terms = True, ((10000, None),)
                elif not approve:
                    hit.status = "rejected"
                model.pay_ready()
        for index, hit in enumerate(model.hits):  # every table approves what is left
            if hit.status == "pending" and not hit.approved:
                pools.approve_table_claim(connection, members[index], 1, "5", "royal_flush",
                                          terms=TERMS[0], by="S1")
                hit.approved, hit.terms = True, TERMS[0]
                model.pay_ready()
        found = pools.hits(connection, name)
        assert [(h.status, None if h.status != "paid" else (h.pool_before, h.amount_cents,
                                                             h.pool_after)) for h in found] == [
            (h.status, h.paid) for h in model.hits]
        order = [int(row[0]) for row in connection.execute(
            "SELECT hit_order FROM pool_entries WHERE pool = %s AND kind = 'payment' ORDER BY "
            "id", (name,))]
        assert order == model.paid_order == sorted(order)
        check = pools.reconcile(connection, name)
        assert check.ok and check.amount == model.amount


def _race(floor_url: str) -> tuple[str, dict[str, Any]]:
    """A hit the pit validates, approved at its table and rejected at the pit at once."""
    with connect(floor_url) as connection:
        name, (table,) = _setup(connection, 1, [False])
        pools.contribute(connection, table, 7, 10_000)
    barrier = threading.Barrier(2)
    results: dict[str, Any] = {}

    def table_approves() -> None:
        with connect(floor_url) as own:
            barrier.wait()
            try:
                results["table"] = pools.approve_table_claim(
                    own, table, 1, "5", "royal_flush", terms=((10000, None),), by="S1")
            except FloorError as error:
                results["table"] = error

    def pit_rejects() -> None:
        with connect(floor_url) as own:
            barrier.wait()
            try:
                results["pit"] = pools.decide_hit(own, name, 1, approve=False, by="P1",
                                                  reason="not a royal")
            except FloorError as error:
                results["pit"] = error

    threads = [threading.Thread(target=table_approves), threading.Thread(target=pit_rejects)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return name, results


def test_the_pit_and_the_table_deciding_the_same_hit_at_once_one_wins(floor_url: str) -> None:
    """A hit the pit validates, its table's supervisor approving it in the same millisecond as
    the pit rejects it: exactly one decision holds, the other is refused in one line."""
    for attempt in range(10):
        name, results = _race(floor_url)
        refused = [who for who, r in results.items() if isinstance(r, FloorError)]
        assert len(refused) == 1, (attempt, results)
        words = str(results[refused[0]])
        assert "\n" not in words
        with connect(floor_url) as connection:
            hit, = pools.hits(connection, name)
            assert pools.reconcile(connection, name).ok
        if refused == ["pit"]:
            assert hit.status == "paid" and "was paid already by S1" in words
        else:
            assert hit.status == "rejected" and "rejected on the floor by P1" in words
